import type { Multipart } from '@fastify/multipart';
import { blockletManifest, type BlockletManifest, type SessionUser, type UploadResult } from '@payshelf/api';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import { bundleRefusal, BundleError, inspect, type InspectedUpload } from '../bundle-port.js';
import { canPublish, type StoreContext } from '../context.js';
import { storeError } from '../errors.js';
import { findBlocklet } from '../repo.js';
import { walletUser } from '../tokens/service.js';
import { discard } from '../storage.js';
import { recordUpload, uploadRefusal } from '../upload.js';
import { sha512OfSri } from './meta.js';
import { verifiedSignatures } from './signature.js';

/** The blocklet CLI's meta part is a few kilobytes; more is refused. */
export const META_MAX_BYTES = 256 * 1024;
/** `blocklet bundle` packs every file under this folder. */
const ROOT = 'package/';

const invalid = (message: string) => bundleRefusal(new BundleError('manifest_invalid', message));

function parseMeta(bytes: Buffer): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalid('blocklet-meta is not JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw invalid('blocklet-meta is not an object');
  return json as Record<string, unknown>;
}

/** The store manifest of a signed blocklet meta, naming files of the tarball (`package/…`) it has. */
export function manifestOfMeta(meta: Record<string, unknown>) {
  return (paths: ReadonlySet<string>): BlockletManifest => {
    const inBundle = (p: unknown) =>
      typeof p === 'string' && paths.has(`${ROOT}${p}`) ? `${ROOT}${p}` : null;
    const keywords = Array.isArray(meta.keywords)
      ? meta.keywords
      : typeof meta.keywords === 'string'
        ? meta.keywords
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean)
        : [];
    const screenshots = (Array.isArray(meta.screenshots) ? meta.screenshots : [])
      .map((s) => inBundle(`screenshots/${String(s)}`))
      .filter((s): s is string => s !== null)
      .slice(0, 10);
    const logo = inBundle(meta.logo);
    const candidate = {
      did: meta.did,
      name: meta.name,
      version: meta.version,
      title: typeof meta.title === 'string' && meta.title !== '' ? meta.title : meta.name,
      description: meta.description,
      keywords,
      screenshots,
      ...(logo ? { logo } : {}),
    };
    const parsed = blockletManifest.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new BundleError(
        'manifest_invalid',
        `blocklet-meta is invalid: ${issue?.path.join('.')}: ${issue?.message}`,
      );
    }
    return parsed.data;
  };
}

/**
 * The developer a signed blocklet meta speaks for: every signature verifies, and the first signer is
 * the unrevoked wallet credential of a user who holds the developer passport. 401 otherwise.
 */
async function signer(ctx: StoreContext, meta: Record<string, unknown>, session: SessionUser | null) {
  const signatures = await verifiedSignatures(meta);
  if (!signatures) throw storeError('store_bundle_signature_invalid', {}, 401);
  const user = await walletUser(ctx, signatures[0]?.signer ?? '');
  if (!user || (session && session.did !== user.did)) throw storeError('store_token_invalid', {});
  if (!canPublish(user)) throw storeError('store_developer_required', {});
  return { user, sig: signatures[0]?.sig ?? null };
}

/**
 * `blocklet upload`'s multipart form: `blocklet-meta` (the signed meta, first), `blocklet-tarball`
 * (the release .tgz, streamed to the inspection under the store's size limit, never buffered) and
 * `source`. The meta's signatures authenticate the upload (the wallet credential `/connect-cli`
 * handed out); its `dist.integrity` must match the tarball; the usual upload rules then apply.
 */
export async function blockletUpload(
  ctx: StoreContext,
  request: FastifyRequest,
  session: SessionUser | null,
  maxBytes: number,
): Promise<UploadResult> {
  let meta: Record<string, unknown> | null = null;
  let who: { user: SessionUser; sig: string | null } | null = null;
  let bundle: InspectedUpload | null = null;
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type === 'file' && part.fieldname === 'blocklet-meta' && !meta) {
        const bytes = await part.toBuffer();
        if (bytes.length > META_MAX_BYTES)
          throw invalid(`blocklet-meta is larger than ${META_MAX_BYTES} bytes`);
        meta = parseMeta(bytes);
        who = await signer(ctx, meta, session);
        const existing = typeof meta.did === 'string' ? await findBlocklet(ctx.db, meta.did) : null;
        const early = existing
          ? await uploadRefusal(
              ctx.db,
              existing,
              who.user,
              typeof meta.version === 'string' ? meta.version : null,
            )
          : null;
        if (early) throw early;
      } else if (part.type === 'file' && part.fieldname === 'blocklet-tarball' && meta && !bundle) {
        const given = manifestOfMeta(meta);
        bundle = await inspect(part.file, maxBytes, ctx.storage.tmp, given).catch((err: unknown) => {
          throw bundleRefusal(err) ?? err;
        });
      } else if (part.type === 'file') {
        part.file.resume();
        if (!meta) throw invalid('blocklet-meta must come before blocklet-tarball');
      }
    }
    if (!meta || !who) throw invalid('the form has no blocklet-meta');
    if (!bundle) throw invalid('the form has no blocklet-tarball');
    const dist = meta.dist as { integrity?: unknown } | undefined;
    const claimed = typeof dist?.integrity === 'string' ? sha512OfSri(dist.integrity) : null;
    if (claimed !== bundle.sha512)
      throw ApiError.of('store_sha512_mismatch', {}, { param: 'dist.integrity' });
    const placed = bundle;
    bundle = null;
    return await recordUpload(ctx, who.user, placed, 'cli', { signature: who.sig, blockletMeta: meta });
  } finally {
    if (bundle) await discard(bundle.tempPath);
  }
}
