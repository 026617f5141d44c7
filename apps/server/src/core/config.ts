import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const mountPoint = z
  .string()
  .regex(/^\/[a-z0-9\-/]*$/i, 'must start with / and contain only letters, digits, - and /')
  .transform((v) => (v.length > 1 ? v.replace(/\/+$/, '') : v));

const ORIGIN_PATTERN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;
const frameAncestors = z
  .string()
  .transform((v) => v.split(/[\s,]+/).filter((o) => o.length > 0))
  .refine((list) => list.every((o) => ORIGIN_PATTERN.test(o)), {
    message:
      'must be origins such as https://shop.example.com (a leading *. is allowed), separated by spaces',
  })
  .transform((list) => list.map((o) => o.toLowerCase()));

/** Every setting the server reads from the environment, validated once at start. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  /** Port of the embedded PostgreSQL; 0 picks a free port at every start. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Restarts of an embedded PostgreSQL that died (1 s, 2 s, 4 s… apart) before the server exits non-zero. */
  EMBEDDED_PG_RESTARTS: z.coerce.number().int().min(0).max(20).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A request answered 2xx/3xx within this many ms is logged at debug; slower ones, and 4xx/5xx, at info. */
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(0).max(600_000).default(500),
  /** Public base URL (scheme + host), used in links sent outside the browser. */
  PUBLIC_URL: z.url().optional(),
  APP_NAME: z.string().min(1).default('Payshelf'),
  PAYMENT_MOUNT_POINT: mountPoint.default('/payment'),
  STORE_MOUNT_POINT: mountPoint.default('/'),
  /** Largest store bundle (.tgz) an upload may send, in MB; checked while the body streams in. */
  STORE_MAX_BUNDLE_MB: z.coerce.number().int().min(1).max(10_240).default(100),
  /** The store's id in `/api/store.json` (default `payshelf-store`). */
  STORE_ID: z.string().min(1).max(100).optional(),
  /** Directory of the built single-page app; unset means ../web/dist next to this package. */
  WEB_DIST_DIR: z.string().optional(),
  /** Trust X-Forwarded-* headers (set when behind a reverse proxy or load balancer). */
  TRUST_PROXY: bool.default(false),
  /** Job workers in this process (0 disables the worker, for API-only replicas). */
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(4),
  /** Seconds to wait for in-flight requests on shutdown before forcing close. */
  /** A process silent this long is dead and its locked jobs are taken over (tests shorten it). */
  JOB_TAKEOVER_AFTER_SECONDS: z.coerce.number().int().min(3).max(300).default(30),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  /** Load demo data into test mode at start (npm start turns this on). */
  DEMO_DATA: bool.default(false),
  /** JSON-RPC URL of an EVM node for test mode; unset (with DEMO_DATA) starts the local demo chain. */
  EVM_RPC_URL: z.url().optional(),
  /** Start a local anvil chain with the TUSD demo token when DEMO_DATA is on and EVM_RPC_URL is unset. */
  DEMO_CHAIN: bool.default(true),
  /** Port of the demo chain's JSON-RPC (0 picks a free port; a busy port falls back to a free one). */
  DEMO_CHAIN_PORT: z.coerce.number().int().min(0).max(65535).default(8545),
  /** Seconds between demo chain blocks; 0 mines every transaction at once. */
  DEMO_CHAIN_BLOCK_TIME: z.coerce.number().int().min(0).max(60).default(0),
  /** Registers this test-mode secret key at start, for automation (like a database's master key). */
  PAYMENT_TEST_SECRET_KEY: z
    .string()
    .regex(/^sk_test_[A-Za-z0-9]{24,128}$/, 'must be sk_test_ followed by 24 to 128 letters or digits')
    .optional(),
  /**
   * Check every payment route's answer against its declared response schema; a mismatch logs the
   * route and the zod issues and answers 500 instead. For tests (slow, and loud on purpose).
   */
  PAYSHELF_CHECK_RESPONSES: bool.default(false),
  /** A live install: real money and real identities. Refuses every test-only switch (DEV_WALLET). */
  PAYSHELF_LIVE: bool.default(false),
  /** Offer "Approve with test wallet" in the login dialog (a local key in DATA_DIR); never in live mode. */
  DEV_WALLET: bool.default(false),
  /** This DID becomes owner when it signs in; unset means the first DID to sign in does. */
  OWNER_DID: z
    .string()
    .regex(/^(did:abt:)?z[1-9A-HJ-NP-Za-km-z]{20,64}$/, 'must be an ABT DID such as z1… or did:abt:z1…')
    .transform((v) => v.replace(/^did:abt:/, ''))
    .optional(),
  /** App wallet secret key (hex); unset means one generated once and kept in DATA_DIR/secrets. */
  APP_SK: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{64,128}$/, 'must be a hex secret key')
    .optional(),
  /** Icon shown by the wallet when it asks the user to sign in (absolute URL or path under PUBLIC_URL). */
  APP_ICON: z.string().default('/favicon.svg'),
  /** Idle lifetime of a sign-in session: every use extends it by this much. */
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 365)
    .default(24 * 7),
  /** Absolute lifetime of a sign-in session, however active. */
  SESSION_MAX_DAYS: z.coerce.number().min(0.01).max(365).default(30),
  /** DID Connect tokens each client address may create per minute. */
  CONNECT_TOKEN_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Checkout sessions one client address may start from payment links per minute. */
  CHECKOUT_START_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Calls with a wrong or revoked secret key one client address may make per minute. */
  API_KEY_FAILURE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Analytics page-view and event beacons one client address may send per minute. */
  ANALYTICS_BEACON_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /**
   * Origins allowed to show the checkout in an iframe (its inline/embed mode), separated by spaces or
   * commas, e.g. `https://shop.example.com https://*.example.org`. Every other page refuses framing.
   */
  CHECKOUT_FRAME_ANCESTORS: frameAncestors.default([]),
  /**
   * Wait before the first retry of a failed webhook; each further retry waits twice as long (at most
   * 12 h) for three days. Tests shorten it.
   */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /** Billing: days after a failed automatic collection each retry runs (comma list, e.g. `1,3,5`). */
  BILLING_RETRY_DAYS: z
    .string()
    .regex(/^\s*\d{1,3}(\s*,\s*\d{1,3}){0,9}\s*$/, 'a comma list of up to 10 day counts')
    .default('1,3,5')
    .transform((v) => v.split(',').map((d) => Number(d.trim()))),
  /** Billing: days a subscription stays past_due after its last failed retry before the grace action. */
  BILLING_PAST_DUE_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Billing: after the grace, `cancel` (reason payment_failed, invoice uncollectible) or `keep` past_due. */
  BILLING_PAST_DUE_ACTION: z.enum(['cancel', 'keep']).default('cancel'),
  /** Billing: days a send_invoice invoice gives the customer to pay. */
  BILLING_DAYS_UNTIL_DUE: z.coerce.number().int().min(0).max(365).default(30),
});

export type Config = z.infer<typeof schema> & { dataDir: string; webDistDir: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (e.g. DATABASE_URL= to force the embedded database).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.PAYSHELF_LIVE && c.DEV_WALLET) {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_WALLET: the test wallet cannot be enabled on a live install (PAYSHELF_LIVE=1)',
    );
  }
  const here = path.dirname(new URL(import.meta.url).pathname);
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    webDistDir: path.resolve(c.WEB_DIST_DIR ?? path.join(here, '../../../web/dist')),
  };
}
