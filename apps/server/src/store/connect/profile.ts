import { storeDeveloperRoutes as r, type StoreAccess } from '@payshelf/api';
import * as Did from '@arcblock/did';
import { types } from '@ocap/mcrypto';
import { and, desc, eq } from 'drizzle-orm';
import { ApiError } from '../../core/http/errors.js';
import type { Mount } from '../../core/http/route-kit.js';
import type { StoreCaller } from '../routes/kit.js';
import { storeBlocklets } from '../../db/schema/index.js';
import type { StoreContext } from '../context.js';
import { LISTED, viewsOf } from '../repo.js';
import { serializeSummary } from '../serialize.js';

/** The ABT DID of an application whose Ed25519 public key is `publicKey` (raw 32 bytes, base64url). */
export function blockletDidOf(publicKey: string): string {
  return Did.fromPublicKey(Buffer.from(publicKey, 'base64url'), {
    role: types.RoleType.ROLE_BLOCKLET,
    pk: types.KeyType.ED25519,
    hash: types.HashType.SHA3,
  });
}

/**
 * `/profile`: a developer's public profile (name, avatar, the applications anyone may see) for
 * signed-in users; `/gen-key-pair`: the DID of a key pair the browser generated (the private key never
 * leaves the browser, only the public key comes here).
 */
export function profileRoutes(mount: Mount<StoreAccess, StoreCaller>, ctx: StoreContext): void {
  mount(r.profile, async ({ params }) => {
    const { did } = params;
    const person = await ctx.userByDid(did);
    if (!person) throw ApiError.of('store_developer_missing', {});
    const rows = await ctx.db
      .select()
      .from(storeBlocklets)
      .where(and(eq(storeBlocklets.ownerDid, did), LISTED))
      .orderBy(desc(storeBlocklets.downloads), storeBlocklets.name)
      .limit(100);
    const views = await viewsOf(ctx.db, rows);
    return {
      did: person.did,
      fullName: person.fullName,
      avatar: person.avatar,
      blocklets: views.map((v) => serializeSummary(v, ctx.mount)),
    };
  });

  mount(r.keyDid, async ({ body }) => ({ did: blockletDidOf(body.publicKey) }));
}
