import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ApiError, parseWith } from '../../core/http/errors.js';
import { readBundleImage, readBundleReadme } from '../assets/bundle-files.js';
import { renderReadme } from '../assets/readme.js';
import type { StoreContext } from '../context.js';
import { versionParams } from './params.js';
import { readableVersion } from './visibility.js';

const screenshotParams = versionParams.extend({ index: z.coerce.number().int().min(0).max(99) });

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * A version's logo, screenshots and README from our own origin. Images are served only as the PNG,
 * JPEG, WebP or GIF their bytes show (SVG is refused at upload, so never served), with `nosniff`, a
 * sandboxing CSP and `inline` disposition; the README as sanitised HTML. Who may read them is the
 * download rule: published versions of listed applications for anyone, the rest for owner and admins.
 */
export function assetRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const api = `${ctx.mount}/api/blocklets/:did/:version/assets`;

  function headers(reply: FastifyReply, shared: boolean): FastifyReply {
    return reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', shared ? 'public, max-age=3600' : 'private, no-store');
  }

  async function image(
    request: Parameters<StoreContext['user']>[0],
    reply: FastifyReply,
    pick: (manifest: Record<string, unknown>) => string | undefined,
  ) {
    const { did, version } = parseWith(versionParams, request.params, 'params');
    const readable = await readableVersion(ctx, request, did, version);
    const inner = readable ? pick(readable.row.manifest) : undefined;
    if (!readable || !inner) throw ApiError.notFound('No such image');
    const { row, shared } = readable;
    const file = await readBundleImage(ctx.storage, row.storagePath, row.sha512, inner).catch(() => null);
    if (!file) throw ApiError.notFound('No such image');
    return headers(reply, shared)
      .type(file.contentType)
      .header('content-disposition', 'inline')
      .header('etag', `"${row.sha512.slice(0, 32)}-${inner.length}"`)
      .send(file.bytes);
  }

  app.get(`${api}/logo`, async (request, reply) =>
    image(request, reply, (m) => (typeof m.logo === 'string' ? m.logo : undefined)),
  );

  app.get(`${api}/screenshots/:index`, async (request, reply) => {
    const { index } = parseWith(screenshotParams, request.params, 'params');
    return image(request, reply, (m) => strings(m.screenshots)[index]);
  });

  app.get(`${api}/readme`, async (request, reply) => {
    const { did, version } = parseWith(versionParams, request.params, 'params');
    const readable = await readableVersion(ctx, request, did, version);
    if (!readable) throw ApiError.notFound('No such version');
    const { row, shared } = readable;
    const inner = typeof row.manifest.readme === 'string' ? row.manifest.readme : null;
    const source = inner
      ? await readBundleReadme(ctx.storage, row.storagePath, row.sha512, inner).catch(() => null)
      : null;
    headers(reply, shared);
    return { version: row.version, html: source ? renderReadme(source) : '' };
  });
}
