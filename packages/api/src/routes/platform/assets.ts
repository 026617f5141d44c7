import { z } from 'zod';
import { hostInfo } from '../../host.js';
import { ICONS_PATH } from '../../platform/icons.js';
import { platformRoute } from './define.js';

/** Probes, the host description and the bundled assets: anyone may read them. */
export const platformAssetRoutes = {
  healthz: platformRoute({
    method: 'GET',
    path: '/healthz',
    access: 'anyone',
    tag: 'Probes',
    summary: 'The process and its own parts run (503 while the embedded database restarts)',
    response: z.object({ status: z.literal('ok') }),
  }),
  readyz: platformRoute({
    method: 'GET',
    path: '/readyz',
    access: 'anyone',
    tag: 'Probes',
    summary: 'The database answers and every migration is applied (503 otherwise)',
    response: z.object({ status: z.literal('ok') }),
  }),
  hostInfo: platformRoute({
    method: 'GET',
    path: '/__blocklet__.js',
    access: 'anyone',
    tag: 'Host',
    summary:
      'Which component is mounted where: JSON with `type=json`, else a script defining `window.blocklet`',
    query: z.object({ type: z.enum(['json', 'js']).optional() }),
    response: hostInfo,
  }),
  icons: platformRoute({
    method: 'GET',
    path: `${ICONS_PATH}/:file`,
    access: 'anyone',
    tag: 'Assets',
    summary: 'Icons of a bundled Iconify set (`{prefix}.json?icons=a,b`), in the Iconify API shape',
    params: z.object({ file: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*\.json$/, 'must be {prefix}.json') }),
    query: z.object({
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
    }),
    response: z.looseObject({ prefix: z.string() }),
  }),
  logo: platformRoute({
    method: 'GET',
    path: '/.well-known/service/branding/:file',
    access: 'anyone',
    tag: 'Assets',
    summary: 'A bundled logo (`logo-square-light.svg`, …)',
    params: z.object({ file: z.string().max(100) }),
    response: z.unknown(),
    file: 'image/svg+xml',
  }),
} as const;
