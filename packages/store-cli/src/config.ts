// Where the CLI keeps access tokens: one JSON file, readable by its owner only (0600, in a 0700
// folder), one token per store URL, the store used last, and the key pairs `init` made for apps.
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { normalizeStoreUrl } from './args.js';
import { CliError } from './errors.js';

const storeEntry = z.object({
  token: z.string().min(1),
  /** The developer's DID, when the store told us (connect, whoami). */
  did: z.string().optional(),
  savedAt: z.string().optional(),
});
/** An application key pair `init` made (see app-key.ts), by the app's DID. */
const appKeyEntry = z.object({
  did: z.string(),
  type: z.literal('ed25519'),
  publicKey: z.string(),
  secretKey: z.string(),
  /** The folder whose blocklet.json names this DID. */
  dir: z.string().optional(),
  createdAt: z.string().optional(),
});
const configFile = z.object({
  defaultStore: z.string().optional(),
  stores: z.record(z.string(), storeEntry).default({}),
  apps: z.record(z.string(), appKeyEntry).optional(),
});
export type CliConfig = z.infer<typeof configFile>;
export type StoreEntry = z.infer<typeof storeEntry>;

/** `$PAYSHELF_STORE_CONFIG`, else `$XDG_CONFIG_HOME/payshelf/store-cli.json` (`~/.config/…`). */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PAYSHELF_STORE_CONFIG) return path.resolve(env.PAYSHELF_STORE_CONFIG);
  const base = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(base, 'payshelf', 'store-cli.json');
}

export async function loadConfig(file: string): Promise<CliConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { stores: {} };
    throw error;
  }
  try {
    return configFile.parse(JSON.parse(text));
  } catch {
    throw new CliError(`The config file ${file} is damaged; delete it and log in again.`);
  }
}

/** Writes the config atomically with mode 0600 (its folder 0700). */
export async function saveConfig(file: string, config: CliConfig): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, file);
}

export async function saveToken(file: string, store: string, entry: StoreEntry): Promise<void> {
  const config = await loadConfig(file);
  config.stores[store] = { ...entry, savedAt: new Date().toISOString() };
  config.defaultStore = store;
  await saveConfig(file, config);
}

/** Keeps an application's key pair in the config file (mode 600), under its DID. */
export async function saveAppKey(file: string, key: z.infer<typeof appKeyEntry>): Promise<void> {
  const config = await loadConfig(file);
  config.apps = { ...config.apps, [key.did]: { ...key, createdAt: new Date().toISOString() } };
  await saveConfig(file, config);
}

export interface Target {
  store: string;
  token?: string;
}

/**
 * The store to talk to: `--store`, else `$PAYSHELF_STORE`, else the one logged in to last; and its
 * token: `--token`, else `$PAYSHELF_STORE_TOKEN`, else the saved one.
 */
export function resolveTarget(
  config: CliConfig,
  flags: { store?: string; token?: string },
  env: NodeJS.ProcessEnv = process.env,
): Target {
  const raw = flags.store ?? env.PAYSHELF_STORE ?? config.defaultStore;
  if (!raw)
    throw new CliError(
      'No store given: pass --store URL, or log in first (payshelf-store login --store URL --token T).',
    );
  const store = normalizeStoreUrl(raw);
  const token = flags.token ?? env.PAYSHELF_STORE_TOKEN ?? config.stores[store]?.token;
  return { store, ...(token ? { token } : {}) };
}

export function requireToken(target: Target): string {
  if (!target.token) {
    throw new CliError(
      `No access token for ${target.store}. Create one at ${target.store}/developer/access-tokens and run ` +
        `payshelf-store login --store ${target.store} --token <token>, or run payshelf-store connect.`,
    );
  }
  return target.token;
}
