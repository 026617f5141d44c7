import { rawPublicKey, type DeveloperProfile } from '@payshelf/api';
import * as Did from '@arcblock/did';
import { types } from '@ocap/mcrypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, parseWith } from '../../core/http/errors.js';
import { storeBlocklets } from '../../db/schema/index.js';
import type { StoreContext } from '../context.js';
import { LISTED, viewsOf } from '../repo.js';
import { serializeSummary } from '../serialize.js';

const didParams = z.object({ did: z.string().regex(/^z[1-9A-HJ-NP-Za-km-z]{20,64}$/) });
const keyBody = z.object({ publicKey: rawPublicKey }).strict();

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
export function profileRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const api = `${ctx.mount}/api`;

  app.get(`${api}/developers/:did`, async (request): Promise<DeveloperProfile> => {
    if (!(await ctx.user(request))) throw ApiError.of('unauthenticated', {});
    const { did } = parseWith(didParams, request.params, 'params');
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

  app.post(`${api}/gen-key-pair/did`, async (request) => {
    if (!(await ctx.user(request))) throw ApiError.of('unauthenticated', {});
    const { publicKey } = parseWith(keyBody, request.body, 'body');
    return { did: blockletDidOf(publicKey) };
  });
}
