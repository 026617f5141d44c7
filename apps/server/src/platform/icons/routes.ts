import { ICON_MAX_URL, platformAssetRoutes as r } from '@payshelf/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import { platformMount } from '../identity/index.js';
import { iconSet, pickIcons } from './sets.js';

const prefixOf = (file: string) => file.slice(0, -'.json'.length);

/**
 * Refused before the query is read: 414 for a URL longer than the loader's 500 characters, then 404
 * for a well-formed `{prefix}.json` of a set we do not bundle.
 */
async function refuseEarly(request: FastifyRequest): Promise<void> {
  if (request.url.length > ICON_MAX_URL) {
    throw new ApiError(
      'invalid_request_error',
      'uri_too_long',
      `Icon URLs are limited to ${ICON_MAX_URL} characters`,
      undefined,
      414,
    );
  }
  const parsed = r.icons.params.safeParse(request.params);
  if (parsed.success && !iconSet(prefixOf(parsed.data.file)))
    throw ApiError.notFound(`No icon set ${prefixOf(parsed.data.file)}`, 'icon_set_missing');
}

/**
 * The first icon host of the icon loader: `GET /.well-known/service/icons/{prefix}.json?icons=a,b`
 * answers the Iconify API's JSON from the bundled sets. Cached for an hour by browsers and shared caches.
 */
export function iconRoutes(app: FastifyInstance, checkResponses: boolean): void {
  platformMount(app, checkResponses)(
    r.icons,
    async ({ params, query, reply }) => {
      const set = iconSet(prefixOf(params.file));
      if (!set) throw ApiError.notFound(`No icon set ${prefixOf(params.file)}`, 'icon_set_missing');
      reply.header('cache-control', 'public, max-age=3600');
      reply.header('access-control-allow-origin', '*');
      return pickIcons(await set, query.icons);
    },
    { onRequest: refuseEarly },
  );
}
