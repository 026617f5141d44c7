import type { FastifyRequest } from 'fastify';
import { ApiError } from '../core/http/errors.js';
import type { StoreContext } from './context.js';
import { storeError } from './errors.js';
import type { StoreBlockletRow, StoreVersionRow } from './repo.js';
import { readableVersion } from './routes/visibility.js';

/** A bundle `request`'s user may download, and whether shared caches may keep the answer. */
export interface DownloadableBundle {
  blocklet: StoreBlockletRow;
  row: StoreVersionRow;
  shared: boolean;
}

/**
 * The bundle `file` of `did`@`version` as `request`'s user may download it. The version must be
 * readable by them (see `readableVersion`) and `file` must be `<name>-<version>.tgz`, else 404.
 * Paid applications are not sold yet, so a priced application's bundle (any version) is served
 * only to its developer and the store admins; anyone else is refused with 403, signed in or not.
 */
export async function downloadableBundle(
  ctx: StoreContext,
  request: FastifyRequest,
  did: string,
  version: string,
  file: string,
): Promise<DownloadableBundle> {
  const readable = await readableVersion(ctx, request, did, version);
  if (!readable || file !== `${readable.blocklet.name}-${readable.row.version}.tgz`)
    throw ApiError.of('store_bundle_missing', {});
  if (readable.blocklet.priceAmount === null) return readable;
  if (!readable.privileged) throw storeError('store_not_for_sale', {});
  // Served to the developer or an admin only: never from a shared cache.
  return { ...readable, shared: false };
}
