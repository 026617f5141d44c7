import { storePublicRoutes as r, type StoreAccess } from '@payshelf/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import type { Mount } from '../../core/http/route-kit.js';
import { readBundleImage, readBundleReadme } from '../assets/bundle-files.js';
import { renderReadme } from '../assets/readme.js';
import type { StoreContext } from '../context.js';
import type { StoreCaller } from './kit.js';
import { readableVersion } from './visibility.js';

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * A version's logo, screenshots and README from our own origin. Images are served only as the PNG,
 * JPEG, WebP or GIF their bytes show (SVG is refused at upload, so never served), with `nosniff`, a
 * sandboxing CSP and `inline` disposition; the README as sanitised HTML. Who may read them is the
 * download rule: published versions of listed applications for anyone, the rest for owner and admins.
 */
export function assetRoutes(mount: Mount<StoreAccess, StoreCaller>, ctx: StoreContext): void {
  function headers(reply: FastifyReply, shared: boolean): FastifyReply {
    return reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', shared ? 'public, max-age=3600' : 'private, no-store');
  }

  async function image(
    input: { params: { did: string; version: string }; request: FastifyRequest; reply: FastifyReply },
    pick: (manifest: Record<string, unknown>) => string | undefined,
  ) {
    const { params, request, reply } = input;
    const readable = await readableVersion(ctx, request, params.did, params.version);
    const inner = readable ? pick(readable.row.manifest) : undefined;
    if (!readable || !inner) throw ApiError.of('store_image_missing', {});
    const { row, shared } = readable;
    const file = await readBundleImage(ctx.storage, row.storagePath, row.sha512, inner).catch(() => null);
    if (!file) throw ApiError.of('store_image_missing', {});
    return headers(reply, shared)
      .type(file.contentType)
      .header('content-disposition', 'inline')
      .header('etag', `"${row.sha512.slice(0, 32)}-${inner.length}"`)
      .send(file.bytes);
  }

  mount(r.logo, async (input) => image(input, (m) => (typeof m.logo === 'string' ? m.logo : undefined)));

  mount(r.screenshot, async (input) =>
    image(input, (m) => strings(m.screenshots)[Number(input.params.index)]),
  );

  mount(r.readme, async ({ params, request, reply }) => {
    const readable = await readableVersion(ctx, request, params.did, params.version);
    if (!readable) throw ApiError.of('store_version_unreadable', {});
    const { row, shared } = readable;
    const inner = typeof row.manifest.readme === 'string' ? row.manifest.readme : null;
    const source = inner
      ? await readBundleReadme(ctx.storage, row.storagePath, row.sha512, inner).catch(() => null)
      : null;
    headers(reply, shared);
    return { version: row.version, html: source ? renderReadme(source) : '' };
  });
}
