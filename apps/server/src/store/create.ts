import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@payshelf/api';
import { storeBlocklets } from '../db/schema/index.js';
import { newId } from '../payment/shared/ids.js';
import type { DbLike } from './context.js';
import { storeError } from './errors.js';
import { findBlocklet, findBlockletByName, type StoreBlockletRow } from './repo.js';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A fresh application DID in the ABT address form (`z` and 32 base58 characters). */
export function newBlockletDid(): string {
  return `z${[...randomBytes(32)].map((b) => BASE58[b % 58]).join('')}`;
}

/**
 * Creates an application with no version yet (the developer uploads its first bundle afterwards,
 * with this DID and name in the manifest). A taken name or DID is a 409; nothing is listed until a
 * version is published.
 */
export async function createPlaceholder(
  db: DbLike,
  user: SessionUser,
  input: { name: string; did?: string | undefined; permission?: 'public' | 'private' | undefined },
): Promise<StoreBlockletRow> {
  const did = input.did ?? newBlockletDid();
  if (await findBlockletByName(db, input.name))
    throw storeError('store_name_taken', { name: input.name }, 409);
  if (await findBlocklet(db, did)) throw storeError('store_did_taken', {}, 409);
  const [created] = await db
    .insert(storeBlocklets)
    .values({
      id: newId('bl'),
      did,
      ownerDid: user.did,
      name: input.name,
      title: input.name,
      permission: input.permission ?? 'public',
      source: 'web',
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent create took the name or DID between the checks and the insert.
  if (!created) throw storeError('store_name_taken', { name: input.name }, 409);
  return created;
}
