import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { RailMethod } from '../plugin.js';
import { RailError } from '../types.js';
import { parseXpub } from './keys.js';

/** Everything the Bitcoin rail needs about one payment method; plain JSON, so a job can carry it. */
export const bitcoinSettings = z.object({
  methodId: z.string(),
  network: z.enum(['mainnet', 'testnet', 'regtest']),
  xpub: z.string(),
  esploraUrl: z.string(),
  explorerHost: z.string().nullable(),
  confirmations: z.number().int().min(1).max(100),
  gapLimit: z.number().int().min(1),
});
export type BitcoinSettings = z.infer<typeof bitcoinSettings>;

const methodSettings = z.object({
  network: z.enum(['mainnet', 'testnet', 'regtest']),
  xpub: z.string().min(1, 'is required: the BIP84 account key (zpub or vpub) payments derive from'),
  api_host: z.url(),
  explorer_host: z.string().optional(),
  gap_limit: z.number().int().min(1).max(100_000).optional(),
});

/** How many derived addresses may wait unpaid in a row: what a BIP84 wallet scans past the last used one. */
export const DEFAULT_GAP_LIMIT = 20;
/** Confirmations a payment needs when the method names none: 1 on test networks, 2 live. */
const DEFAULT_DEPTH = { live: 2, test: 1 };

export function keyIdOf(xpub: string): string {
  return createHash('sha256').update(xpub.trim()).digest('hex').slice(0, 32);
}

/** Reads `settings.bitcoin` ({network, xpub, api_host, explorer_host?, gap_limit?}) and the confirmation depth. */
export function bitcoinSettingsFromMethod(method: RailMethod): BitcoinSettings {
  if (method.type !== 'bitcoin')
    throw new RailError('rail_unsupported', `${method.type} is not a Bitcoin method`);
  const parsed = methodSettings.safeParse(method.settings.bitcoin);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RailError(
      'rail_misconfigured',
      `payment method ${method.id}: settings.bitcoin.${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is invalid'}`,
    );
  }
  const s = parsed.data;
  const key = parseXpub(s.xpub, s.network);
  if (!key.ok)
    throw new RailError(
      'rail_misconfigured',
      `payment method ${method.id}: settings.bitcoin.xpub ${key.reason}`,
    );
  const floor = method.livemode ? DEFAULT_DEPTH.live : DEFAULT_DEPTH.test;
  const block = method.confirmation.type === 'block' ? (method.confirmation.block ?? floor) : floor;
  return {
    methodId: method.id,
    network: s.network,
    xpub: s.xpub.trim(),
    esploraUrl: s.api_host.replace(/\/+$/, ''),
    explorerHost: s.explorer_host ? s.explorer_host.replace(/\/+$/, '') : null,
    confirmations: Math.max(floor, block),
    gapLimit: s.gap_limit ?? DEFAULT_GAP_LIMIT,
  };
}
