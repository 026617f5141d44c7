import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isWebPage } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';
import { pageFor, splitBanners } from './spa-banner.js';

/** Paths that belong to the API and must answer the JSON error shape, never the app's HTML. */
const API_PREFIXES = ['/api/', '/.well-known/', '/__'];

/** Whether `url` belongs to the API (the JSON error shape for a miss); the app's own pages never do. */
export function isApiPath(url: string, paymentMount: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  if (isWebPage(pathname, paymentMount)) return false;
  return API_PREFIXES.some((p) => pathname.startsWith(p)) || pathname.startsWith(`${paymentMount}/api/`);
}

/** Hashed build output (`assets/name-HASH.ext`) never changes under its name; everything else may. */
export function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (/^index\.html(\.br|\.gz)?$/.test(path.basename(filePath))) return 'no-cache';
  return 'public, max-age=300';
}

/**
 * Serves the built single-page app: hashed assets with a year of caching, and index.html (revalidated on
 * every load; its cookie banner fitted to the visitor, spa-banner.ts) for every other GET that asks for
 * HTML: with 200 for the app's own pages (`isWebPage`), so client-side routes survive a reload, and
 * with 404 for any other path, where the app's router shows its 404 page. The build
 * writes brotli and gzip copies next to each asset (`.br`, `.gz`); a browser that accepts one gets it
 * with `Content-Encoding` and `Vary: Accept-Encoding`, so nothing is compressed per request.
 */
export async function serveSpa(app: FastifyInstance, distDir: string, paymentMount: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // index.html goes out through the page handler below, which fits its cookie banner to the visitor.
      allowedPath: (pathName) => path.basename(pathName) !== 'index.html',
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControlFor(filePath));
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app is not built; run `npm run build` to serve pages');
  }
  const pages = hasBuild ? splitBanners(readFileSync(indexFile, 'utf8')) : null;
  // Each form of the page as bytes, encoded once rather than per request.
  const bytes = new Map<string, Buffer>();
  if (pages) for (const page of [pages.none, ...pages.byLocale.values()]) bytes.set(page, Buffer.from(page));
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (request.method === 'GET' && wantsHtml && !isApiPath(request.url, paymentMount)) {
      if (pages) {
        const pathname = request.url.split('?')[0] ?? request.url;
        return (
          reply
            // `/index.html` is the app's file itself, asked for by name. The install runs in the invitation
            // permission mode (platform/host), so the staking-only `/join` is not one of its pages.
            .status(pathname === '/index.html' || isWebPage(pathname, paymentMount) ? 200 : 404)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .header('vary', 'Cookie, Accept-Language, Sec-Fetch-Dest')
            .send(bytes.get(pageFor(pages, request)))
        );
      }
    }
    const err = ApiError.of('route_missing', {
      method: request.method,
      path: request.url.split('?')[0] ?? '',
    });
    return reply.status(404).send(err.toJSON());
  });
}
