import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, parseWith } from '../../core/http/errors.js';

export const BRANDING_PATH = '/.well-known/service/branding';

const LOGOS = ['logo-square-light', 'logo-square-dark', 'logo-wide-light', 'logo-wide-dark'] as const;
const assets = new URL('../../../assets/branding/', import.meta.url);

/** The bundled logos, read once: `GET /.well-known/service/branding/{logo}.svg`. */
export function brandingAssetRoutes(app: FastifyInstance): void {
  const files = new Map(LOGOS.map((name) => [name, readFileSync(new URL(`${name}.svg`, assets))]));
  const params = z.object({ file: z.string().max(100) });
  app.get(`${BRANDING_PATH}/:file`, async (request, reply) => {
    const { file } = parseWith(params, request.params, 'params');
    const body = files.get(file.replace(/\.svg$/, '') as (typeof LOGOS)[number]);
    if (!body || !file.endsWith('.svg')) throw ApiError.of('logo_missing', { id: file });
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
