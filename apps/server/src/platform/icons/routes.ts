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
    throw ApiError.of('icon_url_too_long', { limit: String(ICON_MAX_URL) }, { status: 414 });
  }
  const parsed = r.icons.params.safeParse(request.params);
  if (parsed.success && !iconSet(prefixOf(parsed.data.file)))
    throw ApiError.of('icon_set_missing', { id: prefixOf(parsed.data.file) });
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
      if (!set) throw ApiError.of('icon_set_missing', { id: prefixOf(params.file) });
      reply.header('cache-control', 'public, max-age=3600');
      reply.header('access-control-allow-origin', '*');
      return pickIcons(await set, query.icons);
    },
    { onRequest: refuseEarly },
  );
}
