import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { signBundle } from '@payshelf/store-cli';
import { tgz, type TarEntry } from '../../src/store/demo/tar.js';
import type { TestBrowser } from '../support/identity.js';
import type { TestServer } from '../support/server.js';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function randomDid(): string {
  return `z${[...randomBytes(30)].map((b) => BASE58[b % 58]).join('')}`;
}

export interface AppSpec {
  did: string;
  name: string;
  version: string;
  title?: string;
  description?: string;
  keywords?: string[];
  price?: { amount: string; currency: string };
}

/** A store bundle: blocklet.json and a README. */
export function bundleOf(app: AppSpec, extra: TarEntry[] = []): Buffer {
  const manifest = {
    title: app.title ?? app.name,
    description: app.description ?? `The ${app.name} application`,
    keywords: app.keywords ?? [],
    readme: 'README.md',
    ...app,
  };
  return tgz([
    { name: 'blocklet.json', content: JSON.stringify(manifest) },
    { name: 'README.md', content: `# ${manifest.title}\n` },
    ...extra,
  ]);
}

export const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('hex');

export async function upload(
  url: string,
  token: string,
  body: Buffer,
  headers: Record<string, string> = {},
  pathname = '/api/blocklets/upload',
) {
  const res = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/gzip',
      // As the CLI does: the bundle's sha512 signed with the token's key.
      'x-bundle-signature': signBundle(token, sha512(body)),
      ...headers,
    },
    body: new Uint8Array(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { error?: { code: string } },
  };
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<{ status: number; body: T }> {
  return { status: res.status, body: (await res.json()) as T };
}

export function put(browser: TestBrowser, pathname: string, body: unknown) {
  return browser.request(pathname, { method: 'PUT', body: JSON.stringify(body) });
}

/** Every file under the store's bundle directory. */
export async function bundleFiles(server: TestServer): Promise<string[]> {
  const root = path.join(server.server.services.config.dataDir, 'store', 'bundles');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export async function rowCounts(server: TestServer): Promise<{ blocklets: number; versions: number }> {
  const { rows } = await server.server.services.database.pool.query<{ b: number; v: number }>(
    'SELECT (SELECT count(*)::int FROM store_blocklets) AS b, (SELECT count(*)::int FROM store_versions) AS v',
  );
  return { blocklets: rows[0]?.b ?? 0, versions: rows[0]?.v ?? 0 };
}

/** Grants a developer passport (as the owner) and creates an access token; returns its secret. */
export async function developerToken(owner: TestBrowser, dev: TestBrowser): Promise<string> {
  const user = await dev.session();
  if (!user) throw new Error('not signed in');
  const granted = await owner.post(`/api/members/${user.did}/passports`, { role: 'developer' });
  if (granted.status !== 201) throw new Error(`grant: ${granted.status} ${await granted.text()}`);
  const created = await dev.post('/api/developer/access-tokens', { name: 'cli' });
  if (created.status !== 201) throw new Error(`token: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { secret: string }).secret;
}

/** The status of a response whose body is read and dropped (an unread body keeps the connection busy). */
export async function code(response: Response | Promise<Response>): Promise<number> {
  const res = await response;
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
}

/** How many statements touching the store's tables the server's pool runs while `run` runs. */
export async function storeStatements(server: TestServer, run: () => Promise<unknown>): Promise<number> {
  type Queryable = { query: (...args: unknown[]) => unknown };
  const pool = server.server.services.database.pool as unknown as Queryable;
  const original = pool.query;
  let n = 0;
  pool.query = (...args: unknown[]) => {
    const [first] = args;
    const text = typeof first === 'string' ? first : JSON.stringify(first);
    if (text.includes('store_')) n++;
    return original.apply(pool, args);
  };
  try {
    await run();
  } finally {
    pool.query = original;
  }
  return n;
}
