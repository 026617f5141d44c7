import { ICON_MAX_URL, ICONS_PATH } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, parseWith } from '../../core/http/errors.js';
import { iconSet, pickIcons } from './sets.js';

const params = z.object({
  file: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*\.json$/, 'must be {prefix}.json'),
});
const query = z.object({
  icons: z
    .string()
    .trim()
    .min(1, 'name at least one icon')
    .transform((v) =>
      v
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== ''),
    )
    .pipe(z.array(z.string()).min(1, 'name at least one icon').max(200)),
});

/**
 * The first icon host of the icon loader: `GET /.well-known/service/icons/{prefix}.json?icons=a,b`
 * answers the Iconify API's JSON from the bundled sets; 404 for an unknown prefix; 414 for a URL longer
 * than the loader's 500 characters. Cached for an hour by browsers and shared caches.
 */
export function iconRoutes(app: FastifyInstance): void {
  app.get(`${ICONS_PATH}/:file`, async (request, reply) => {
    if (request.url.length > ICON_MAX_URL) {
      throw new ApiError(
        'invalid_request_error',
        'uri_too_long',
        `Icon URLs are limited to ${ICON_MAX_URL} characters`,
        undefined,
        414,
      );
    }
    const { file } = parseWith(params, request.params, 'params');
    const prefix = file.slice(0, -'.json'.length);
    const set = iconSet(prefix);
    if (!set) throw ApiError.notFound(`No icon set ${prefix}`, 'icon_set_missing');
    const { icons } = parseWith(query, request.query, 'query');
    reply.header('cache-control', 'public, max-age=3600');
    reply.header('access-control-allow-origin', '*');
    return pickIcons(await set, icons);
  });
}
