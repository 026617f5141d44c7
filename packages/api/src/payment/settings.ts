import { z } from 'zod';
import { metadata, timestamp } from './common.js';
import { paymentCurrency, paymentMethod } from './methods.js';

export const settingType = z.enum(['donate', 'notification']);

export const settingRecord = z.object({
  id: z.string(),
  object: z.literal('setting'),
  livemode: z.boolean(),
  type: settingType,
  mount_location: z.string(),
  description: z.string().nullable(),
  component_did: z.string().nullable(),
  active: z.boolean(),
  settings: metadata,
  created_at: timestamp,
  updated_at: timestamp,
});
export type SettingRecord = z.infer<typeof settingRecord>;

/** GET /api/settings: what the checkout caches in session storage. */
export const paymentSettings = z.object({
  paymentMethods: z.array(paymentMethod),
  baseCurrency: paymentCurrency.nullable(),
});

const livemodeBody = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

export const settingCreate = z.object({
  mountLocation: z.string().trim().min(1).max(200),
  description: z.string().max(1000).optional(),
  active: z.boolean().optional(),
  componentDid: z.string().max(200).optional(),
  type: settingType.default('donate'),
  livemode: livemodeBody.optional(),
  settings: metadata.optional(),
});

export const settingUpdateByMount = z.object({ livemode: livemodeBody.optional(), settings: metadata });
export const settingUpdateById = z.object({ active: z.boolean() });
