// Test mode with demo data: the local Stripe-compatible server this process runs (in memory, stopped
// with the server) and the "Card (test)" method of the demo catalog that points at it. Its keys are
// test keys that only the local Stripe accepts; nothing reaches api.stripe.com.
import type { Logger } from 'pino';
import { claimOwnPort } from '../../core/own-ports.js';
import type { DemoMethod, RailsConfig } from '../plugin.js';
import { LocalStripe } from './local/server.js';

export const DEMO_PUBLISHABLE_KEY = 'pk_test_payshelf_demo';
export const DEMO_SECRET_KEY = 'sk_test_payshelf_demo';
export const DEMO_WEBHOOK_SECRET = 'whsec_payshelf_demo';
/** The local Stripe's port beside the demo chains: anvil on DEMO_CHAIN_PORT, regtest on +1. */
const PORT_OFFSET = 2;
/** One US dollar cent is 10,000 smallest units of TUSD (6 decimals). */
const TUSD_PER_CENT = 10_000n;

export interface DemoStripe {
  local: LocalStripe;
  /** Sends the local Stripe's events to a card method on it, as a Stripe webhook endpoint would (once per method). */
  hook(methodId: string, apiBase: string | null, webhookSecret: string | null): void;
  stop(): Promise<void>;
}

/** Starts the local Stripe when the demo's local networks run (DEMO_DATA, DEMO_CHAIN, never live). */
export async function startDemoStripe(config: RailsConfig, log: Logger): Promise<DemoStripe | null> {
  if (!config.DEMO_DATA || !config.DEMO_CHAIN || config.PAYSHELF_LIVE) return null;
  const port = config.DEMO_CHAIN_PORT ? config.DEMO_CHAIN_PORT + PORT_OFFSET : 0;
  let local: LocalStripe;
  try {
    local = await new LocalStripe({ port, secretKey: DEMO_SECRET_KEY })
      .start()
      .catch(() => new LocalStripe({ port: 0, secretKey: DEMO_SECRET_KEY }).start());
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'local Stripe not started');
    return null;
  }
  const release = claimOwnPort(local.port, 'chain');
  log.info({ url: local.url }, 'local Stripe ready (test cards, Stripe.js stand-in at /js/v3)');
  const hooked = new Set<string>();
  const mount = config.PAYMENT_MOUNT_POINT === '/' ? '' : config.PAYMENT_MOUNT_POINT;
  return {
    local,
    hook: (methodId, apiBase, webhookSecret) => {
      if (apiBase !== local.url || !webhookSecret || !config.PORT || !methodId.startsWith('pm_')) return;
      if (hooked.has(methodId)) return;
      hooked.add(methodId);
      const url = `http://127.0.0.1:${config.PORT}${mount}/api/rail-webhooks/${methodId}`;
      local.webhooks.add(url, ['*'], webhookSecret);
    },
    stop: async () => {
      await local.stop();
      release();
    },
  };
}

/** The demo catalog's card method on the local Stripe, paid in US dollars. */
export function demoCardMethod(local: LocalStripe): DemoMethod {
  return {
    kind: 'stripe',
    method: {
      type: 'stripe',
      name: 'Card (test)',
      description: 'Test cards on the local Stripe started by npm start (4242 4242 4242 4242)',
      settings: {
        stripe: {
          publishable_key: DEMO_PUBLISHABLE_KEY,
          secret_key: DEMO_SECRET_KEY,
          webhook_signing_secret: DEMO_WEBHOOK_SECRET,
          api_host: local.url,
        },
      },
    },
    currency: { symbol: 'USD', name: 'US dollar', decimals: 2, precision: 2 },
    fromBaseUnits: (units) => units / TUSD_PER_CENT,
  };
}
