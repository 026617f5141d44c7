import { z } from 'zod';
import { timestamp } from './common.js';

export const apiKey = z.object({
  id: z.string(),
  object: z.literal('api_key'),
  livemode: z.boolean(),
  name: z.string(),
  type: z.literal('secret'),
  /** `sk_test_…` plus the last four characters; the secret itself is never shown again. */
  redacted: z.string(),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
  /** Only in the answer to create. */
  secret: z.string().optional(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const apiKeyCreate = z.strictObject({
  name: z.string().trim().min(1).max(100),
  livemode: z.boolean(),
});
