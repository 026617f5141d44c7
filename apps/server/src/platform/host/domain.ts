import { platformAdminRoutes as r, type DomainSettings } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../core/config.js';
import { platformMount } from '../identity/index.js';

interface Queryable {
  query<R extends object>(sql: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/** instance_settings key of the public URL an owner saved on the domain settings page. */
const SAVED_PUBLIC_URL = 'public_url';

async function savedPublicUrl(pool: Queryable): Promise<string | null> {
  const { rows } = await pool.query<{ value: unknown }>(
    'SELECT value FROM instance_settings WHERE key = $1',
    [SAVED_PUBLIC_URL],
  );
  const value = rows[0]?.value;
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * The public URL in effect: PUBLIC_URL from the environment wins; otherwise the one an owner saved on
 * the domain settings page, read once at start (links, sign-in QR codes and the same-origin rule all
 * read it from the configuration, so a change applies at the next start).
 */
export async function withSavedPublicUrl(config: Config, pool: Queryable): Promise<Config> {
  if (config.PUBLIC_URL) return config;
  const saved = await savedPublicUrl(pool);
  return saved ? { ...config, PUBLIC_URL: saved } : config;
}

/** `/api/host/domain`: owners and admins read and set the public address of this install. */
export function domainRoutes(app: FastifyInstance, given: Config, running: Config, pool: Queryable): void {
  const describe = async (): Promise<DomainSettings> => ({
    publicUrl: running.PUBLIC_URL ?? null,
    source: given.PUBLIC_URL ? 'env' : running.PUBLIC_URL ? 'setting' : 'request',
    savedUrl: await savedPublicUrl(pool),
  });

  const mount = platformMount(app, running.PAYSHELF_CHECK_RESPONSES);

  mount(r.domain, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return describe();
  });

  mount(r.setDomain, async ({ body }) => {
    const { publicUrl } = body;
    if (publicUrl === '') {
      await pool.query('DELETE FROM instance_settings WHERE key = $1', [SAVED_PUBLIC_URL]);
    } else {
      await pool.query(
        `INSERT INTO instance_settings (key, value) VALUES ($1, to_jsonb($2::text))
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
        [SAVED_PUBLIC_URL, new URL(publicUrl).origin],
      );
    }
    return describe();
  });
}
