import fastifyMultipart from '@fastify/multipart';
import { storeUploadRoutes, type StoreAccess } from '@payshelf/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import type { Mount } from '../../core/http/route-kit.js';
import { changelogHeader } from '../assets/changelog.js';
import { bundleRefusal, inspect } from '../bundle-port.js';
import type { StoreContext } from '../context.js';
import { storeError } from '../errors.js';
import { findBlocklet } from '../repo.js';
import { discard } from '../storage.js';
import { bundleSignatureRefusal } from '../tokens/signature.js';
import { recordUpload, uploadRefusal } from '../upload.js';
import { blockletUpload } from '../blocklet/upload.js';
import { isMultipart, signedIn, type StoreCaller } from './kit.js';

const BUNDLE_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'];

function header(request: FastifyRequest, name: string): string | null {
  const v = request.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? null;
}

/** Uploads (the reference's path and the CLI's, POST or PUT): the raw body is the bundle. */
export function uploadRoutes(
  app: FastifyInstance,
  mount: Mount<StoreAccess, StoreCaller>,
  ctx: StoreContext,
): void {
  const maxBytes = ctx.services.config.STORE_MAX_BUNDLE_MB * 1024 * 1024;
  // The bundle is the raw request body; it is streamed to the inspection, never buffered here.
  app.register(async (scope) => {
    scope.addContentTypeParser(BUNDLE_TYPES, (_request, _payload, done) => done(null));
    // The blocklet CLI's form: the meta, the tarball (streamed, at most the bundle limit) and `source`.
    await scope.register(fastifyMultipart, {
      // One byte over the limit, so the inspection's own size check answers 413 first.
      limits: { fileSize: maxBytes + 1, files: 2, fields: 4, parts: 8, fieldSize: 1024, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    // A refusal sent before the whole body was read closes the connection, instead of leaving the
    // client's unread upload on a kept-alive socket.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (!request.raw.complete) reply.header('connection', 'close');
      return payload;
    });
    for (const entry of storeUploadRoutes) {
      mount(
        entry,
        async ({ request, caller }) => {
          if (isMultipart(request)) return blockletUpload(ctx, request, caller.user, maxBytes);
          const user = signedIn(caller);
          const { tokenName, signingKey } = caller;
          const contentType = (header(request, 'content-type') ?? '').split(';')[0]?.trim() ?? '';
          if (!BUNDLE_TYPES.includes(contentType)) {
            throw storeError('store_bundle_media_type', {}, 415);
          }
          const length = Number(header(request, 'content-length') ?? NaN);
          if (length > maxBytes) throw storeError('store_bundle_too_large', { limit: String(maxBytes) }, 413);
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
        },
        { app: scope },
      );
    }
  });
}
