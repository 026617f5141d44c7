import { z } from 'zod';
import { updateOf } from './update.js';
import { amountString } from '../common.js';
import { metadata, objectId, timestamp } from './common.js';

export const paymentMethodType = z.enum(['arcblock', 'ethereum', 'base', 'bitcoin', 'stripe']);
export type PaymentMethodType = z.infer<typeof paymentMethodType>;

const host = z.url().max(2048);

/**
 * An EVM chain: its id, JSON-RPC URL, explorer (none for a local chain: transactions then show without a
 * link), and where payments go (default: the server's hot wallet).
 */
const evmSettings = z.object({
  chain_id: z.number().int().min(1),
  api_host: host,
  explorer_host: host.optional(),
  merchant_address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')
    .optional(),
});

/** Settings per rail; secrets are accepted on write and never returned (masked instead). */
export const paymentMethodSettings = z.object({
  stripe: z
    .object({
      publishable_key: z.string().max(255),
      secret_key: z.string().max(255).optional(),
      webhook_signing_secret: z.string().max(255).optional(),
      api_host: host.optional(),
    })
    .optional(),
  ethereum: evmSettings.optional(),
  base: evmSettings.optional(),
  arcblock: z
    .object({ chain_id: z.string().min(1).max(100), api_host: host, explorer_host: host })
    .optional(),
  bitcoin: z
    .object({
      network: z.enum(['mainnet', 'testnet', 'regtest']),
      /** The BIP84 account key payments derive from: zpub (mainnet) or vpub (testnet, regtest). */
      xpub: z.string().max(200).optional(),
      /** An Esplora REST API (blockstream.info, mempool.space, electrs, or the local regtest chain). */
      api_host: host,
      explorer_host: host.optional(),
      /** Unpaid derived addresses allowed in a row (the wallet's gap limit; default 20). */
      gap_limit: z.number().int().min(1).max(100_000).optional(),
    })
    .optional(),
});
export type PaymentMethodSettings = z.infer<typeof paymentMethodSettings>;

export const paymentMethodFeatures = z.object({
  recurring: z.boolean(),
  refund: z.boolean(),
  dispute: z.boolean(),
});

export const confirmation = z.object({
  type: z.enum(['immediate', 'callback', 'block']),
  block: z.number().int().min(0).max(1000).optional(),
});

export const paymentMethodFields = {
  type: paymentMethodType,
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1000).nullable(),
  logo: z.string().max(2048).nullable(),
  settings: paymentMethodSettings,
  features: paymentMethodFeatures,
  confirmation,
  metadata,
};

export const paymentCurrencyType = z.enum(['standard', 'credit']);

export const paymentCurrencyFields = {
  payment_method_id: objectId('pm'),
  symbol: z.string().trim().min(1).max(16),
  name: z.string().trim().min(1).max(100),
  decimal: z.number().int().min(0).max(36),
  maximum_precision: z.number().int().min(0).max(36),
  logo: z.string().max(2048).nullable(),
  contract: z.string().max(200).nullable(),
  type: paymentCurrencyType,
  minimum_payment_amount: amountString,
  maximum_payment_amount: amountString.nullable(),
  is_base_currency: z.boolean(),
  metadata,
};

export const paymentCurrency = z.object({
  id: z.string(),
  object: z.literal('payment_currency'),
  livemode: z.boolean(),
  active: z.boolean(),
  ...paymentCurrencyFields,
  created_at: timestamp,
  updated_at: timestamp,
});
export type PaymentCurrency = z.infer<typeof paymentCurrency>;

export const paymentMethod = z.object({
  id: z.string(),
  object: z.literal('payment_method'),
  livemode: z.boolean(),
  active: z.boolean(),
  ...paymentMethodFields,
  payment_currencies: z.array(paymentCurrency).optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const paymentMethodCreate = z.strictObject({
  type: paymentMethodType,
  name: paymentMethodFields.name,
  description: paymentMethodFields.description.optional(),
  logo: paymentMethodFields.logo.optional(),
  settings: paymentMethodSettings.default({}),
  features: paymentMethodFeatures.optional(),
  confirmation: confirmation.optional(),
  metadata: metadata.optional(),
  active: z.boolean().optional(),
});
export type PaymentMethodCreate = z.infer<typeof paymentMethodCreate>;
export const paymentMethodUpdate = updateOf(paymentMethodCreate.omit({ type: true }));
export type PaymentMethodUpdate = z.infer<typeof paymentMethodUpdate>;

export const paymentCurrencyCreate = z.strictObject({
  payment_method_id: paymentCurrencyFields.payment_method_id,
  symbol: paymentCurrencyFields.symbol,
  name: paymentCurrencyFields.name,
  decimal: paymentCurrencyFields.decimal,
  maximum_precision: paymentCurrencyFields.maximum_precision.default(6),
  logo: paymentCurrencyFields.logo.optional(),
  contract: paymentCurrencyFields.contract.optional(),
  type: paymentCurrencyType.default('standard'),
  minimum_payment_amount: amountString.optional(),
  maximum_payment_amount: amountString.nullable().optional(),
  is_base_currency: z.boolean().optional(),
  metadata: metadata.optional(),
  active: z.boolean().optional(),
});
export type PaymentCurrencyCreate = z.infer<typeof paymentCurrencyCreate>;
export const paymentCurrencyUpdate = updateOf(
  paymentCurrencyCreate.pick({
    name: true,
    logo: true,
    maximum_precision: true,
    minimum_payment_amount: true,
    maximum_payment_amount: true,
    is_base_currency: true,
    metadata: true,
    active: true,
  }),
);
export type PaymentCurrencyUpdate = z.infer<typeof paymentCurrencyUpdate>;
