import {
  accessTokenCreate,
  blockletCreate,
  blockletOwnerUpdate,
  commentBody,
  reviewVersionBody,
  type OwnedBlocklet,
  type SessionUser,
} from '@payshelf/api';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, parseWith } from '../../core/http/errors.js';
import { storeError } from '../errors.js';
import { storeBlocklets } from '../../db/schema/index.js';
import { bundleRefusal, inspect } from '../bundle-port.js';
import { canPublish, isStoreAdmin, type StoreContext } from '../context.js';
import {
  commentsOf,
  findBlocklet,
  versionsOf,
  versionsOfMany,
  viewsOf,
  type StoreBlockletRow,
} from '../repo.js';
import { addComment, ownerReview } from '../review/service.js';
import { serializeComment, serializeOwned } from '../serialize.js';
import { createToken, listTokens, revokeToken, tokenUser } from '../tokens/service.js';
import { discard } from '../storage.js';
import { uploadRefusal, recordUpload } from '../upload.js';
import { bundleSignatureRefusal } from '../tokens/signature.js';
import { changelogHeader } from '../assets/changelog.js';
import { didParams, idParams } from './params.js';
import { createPlaceholder } from '../create.js';

const BUNDLE_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'];

/**
 * The developer calling (a developer passport, or a store admin: see `canPublish`): by access token (`Authorization:
 * Bearer pst_…`, where `viaToken` allows it: uploads and reads the CLI makes) or by session. 401 for a
 * guest or a bad token, 403 for anyone else.
 */
async function developer(
  ctx: StoreContext,
  request: FastifyRequest,
  viaToken = false,
): Promise<{ user: SessionUser; tokenName: string | null; signingKey: string | null }> {
  const token = viaToken ? await tokenUser(ctx, header(request, 'authorization') ?? undefined) : null;
  const user = token?.user ?? (await ctx.user(request));
  if (!user) throw ApiError.unauthenticated();
  if (!canPublish(user)) throw storeError('store_developer_required', {});
  return { user, tokenName: token?.tokenName ?? null, signingKey: token?.signingKey ?? null };
}

async function owned(ctx: StoreContext, user: SessionUser, did: string): Promise<StoreBlockletRow> {
  const blocklet = await findBlocklet(ctx.db, did);
  if (!blocklet || blocklet.ownerDid !== user.did) throw storeError('store_blocklet_missing', {});
  return blocklet;
}

export async function ownedView(ctx: StoreContext, blocklet: StoreBlockletRow): Promise<OwnedBlocklet> {
  const [view] = await ownedViews(ctx, [blocklet]);
  if (!view) throw storeError('store_blocklet_missing', {});
  return view;
}

/** The owner's (or an admin's) views of `blocklets` in their order: two queries whatever their number. */
export async function ownedViews(ctx: StoreContext, blocklets: StoreBlockletRow[]): Promise<OwnedBlocklet[]> {
  const [views, versions] = await Promise.all([
    viewsOf(ctx.db, blocklets),
    versionsOfMany(
      ctx.db,
      blocklets.map((b) => b.id),
    ),
  ]);
  return views.map((view) => serializeOwned(view, versions.get(view.row.id) ?? [], ctx.mount));
}

function header(request: FastifyRequest, name: string): string | null {
  const v = request.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? null;
}

/** Developer API: upload, own applications and their reviews, access tokens. */
export function developerRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const api = `${ctx.mount}/api`;
  const maxBytes = ctx.services.config.STORE_MAX_BUNDLE_MB * 1024 * 1024;

  // The bundle is the raw request body; it is streamed to the inspection, never buffered here.
  app.register(async (scope) => {
    scope.addContentTypeParser(BUNDLE_TYPES, (_request, _payload, done) => done(null));
    // A refusal sent before the whole body was read closes the connection, instead of leaving the
    // client's unread upload on a kept-alive socket.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (!request.raw.complete) reply.header('connection', 'close');
      return payload;
    });
    const upload = async (request: FastifyRequest) => {
      const { user, tokenName, signingKey } = await developer(ctx, request, true);
      const contentType = (header(request, 'content-type') ?? '').split(';')[0]?.trim() ?? '';
      if (!BUNDLE_TYPES.includes(contentType)) {
        throw new ApiError(
          'invalid_request_error',
          'unsupported_media_type',
          'Send the bundle as application/gzip',
          undefined,
          415,
        );
      }
      const length = Number(header(request, 'content-length') ?? NaN);
      if (length > maxBytes) {
        throw storeError('store_bundle_too_large', { limit: String(maxBytes) }, 413);
      }
      // Refuse early, before reading the body, when the headers already tell (checked again after inspection).
      const did = header(request, 'blocklet-did');
      if (did) {
        const existing = await findBlocklet(ctx.db, did.replace(/^did:abt:/, ''));
        const refusal = existing
          ? await uploadRefusal(ctx.db, existing, user, header(request, 'blocklet-version'))
          : null;
        if (refusal) throw refusal;
      }
      const changelog = changelogHeader(header(request, 'x-blocklet-changelog'));
      if (changelog instanceof ApiError) throw changelog;
      const bundle = await inspect(request.raw, maxBytes, ctx.storage.tmp).catch((err: unknown) => {
        throw bundleRefusal(err) ?? err;
      });
      // The CLI sends the sha512 it computed: a bundle changed on the way is refused.
      const claimed = header(request, 'x-bundle-sha512');
      if (claimed && claimed.toLowerCase() !== bundle.sha512) {
        await discard(bundle.tempPath);
        throw ApiError.of('store_sha512_mismatch', {}, { param: 'x-bundle-sha512' });
      }
      const signature = header(request, 'x-bundle-signature');
      const signatureRefusal = bundleSignatureRefusal(signingKey, bundle.sha512, signature);
      if (signatureRefusal) {
        await discard(bundle.tempPath);
        throw signatureRefusal;
      }
      // Only a signature verified against the token's key is kept: the version row then reads "signed".
      return recordUpload(ctx, user, bundle, tokenName !== null ? 'cli' : 'web', {
        changelog,
        signature: signingKey !== null ? signature : null,
      });
    };
    // The reference's path and the one the CLI uses.
    for (const url of [`${api}/blocklets/upload`, `${api}/developer/blocklets/upload`]) {
      scope.post(url, (request) => upload(request));
      scope.put(url, (request) => upload(request));
    }
  });

  app.get(`${api}/developer/whoami`, async (request) => {
    const { user, tokenName } = await developer(ctx, request, true);
    return { did: user.did, fullName: user.fullName, tokenName };
  });

  app.get(`${api}/developer/blocklets`, async (request) => {
    const { user } = await developer(ctx, request, true);
    const rows = await ctx.db
      .select()
      .from(storeBlocklets)
      .where(eq(storeBlocklets.ownerDid, user.did))
      .orderBy(desc(storeBlocklets.updatedAt));
    return { dataList: await ownedViews(ctx, rows) };
  });

  // An application created from the web before its first upload (no version yet, not listed).
  app.post(`${api}/developer/blocklets`, async (request, reply) => {
    const { user } = await developer(ctx, request);
    const body = parseWith(blockletCreate, request.body, 'body');
    const created = await createPlaceholder(ctx.db, user, body);
    return reply.status(201).send(await ownedView(ctx, created));
  });

  app.get(`${api}/developer/blocklets/:did`, async (request) => {
    const { user } = await developer(ctx, request, true);
    const { did } = parseWith(didParams, request.params, 'params');
    return ownedView(ctx, await owned(ctx, user, did));
  });

  app.put(`${api}/developer/blocklets/:did`, async (request) => {
    const { user } = await developer(ctx, request);
    const { did } = parseWith(didParams, request.params, 'params');
    const body = parseWith(blockletOwnerUpdate, request.body, 'body');
    const blocklet = await owned(ctx, user, did);
    if (body.permission) {
      await ctx.db
        .update(storeBlocklets)
        .set({ permission: body.permission, updatedAt: new Date() })
        .where(eq(storeBlocklets.id, blocklet.id));
    }
    return ownedView(ctx, await owned(ctx, user, did));
  });

  for (const [path, action] of [
    ['request-review', 'request'],
    ['cancel-review', 'cancel'],
  ] as const) {
    app.put(`${api}/developer/blocklets/:did/${path}`, async (request) => {
      const { user } = await developer(ctx, request);
      const { did } = parseWith(didParams, request.params, 'params');
      const { version } = parseWith(reviewVersionBody, request.body, 'body');
      await ownerReview(ctx, user, did, version, action);
      return ownedView(ctx, await owned(ctx, user, did));
    });
  }

  // The review thread: the owner replies, an admin comments; both read it.
  app.get(`${api}/blocklets/:did/comments`, async (request) => {
    const user = await ctx.user(request);
    if (!user) throw ApiError.unauthenticated();
    const { did } = parseWith(didParams, request.params, 'params');
    const blocklet = await findBlocklet(ctx.db, did);
    if (!blocklet || (blocklet.ownerDid !== user.did && !isStoreAdmin(user)))
      throw storeError('store_blocklet_missing', {});
    const versions = await versionsOf(ctx.db, blocklet.id);
    const rows = await commentsOf(
      ctx.db,
      versions.map((v) => v.id),
    );
    return {
      dataList: rows.map((r) =>
        serializeComment(r, versions.find((v) => v.id === r.versionId)?.version ?? ''),
      ),
    };
  });

  app.post(`${api}/blocklets/:did/comments`, async (request, reply) => {
    const user = await ctx.user(request);
    if (!user) throw ApiError.unauthenticated();
    const { did } = parseWith(didParams, request.params, 'params');
    const body = parseWith(commentBody, request.body, 'body');
    const row = await addComment(ctx, user, isStoreAdmin(user), did, body.version, body.body);
    return reply.status(201).send(serializeComment(row, body.version));
  });

  app.get(`${api}/developer/access-tokens`, async (request) => {
    const { user } = await developer(ctx, request);
    return { dataList: await listTokens(ctx.db, user) };
  });

  app.post(`${api}/developer/access-tokens`, async (request, reply) => {
    const { user } = await developer(ctx, request);
    const { name } = parseWith(accessTokenCreate, request.body, 'body');
    return reply.status(201).send(await createToken(ctx.db, user, name));
  });

  app.delete(`${api}/developer/access-tokens/:id`, async (request) => {
    const { user } = await developer(ctx, request);
    const { id } = parseWith(idParams, request.params, 'params');
    return revokeToken(ctx.db, user, id);
  });
}
