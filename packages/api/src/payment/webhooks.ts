import { z } from 'zod';
import { storableText } from '../bounds.js';
import { metadata, timestamp } from './common.js';

/** An event type (`invoice.paid`) or '*' for every event. */
export const webhookEventName = z
  .string()
  .max(100)
  .regex(
    /^(\*|[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+)$/,
    "must be an event type such as 'invoice.paid', or '*'",
  );

/** Where events are sent: an http(s) URL without credentials, at most 2048 characters. */
export const webhookUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'must be an http:// or https:// URL');

export const webhookEndpoint = z.object({
  id: z.string(),
  object: z.literal('webhook_endpoint'),
  livemode: z.boolean(),
  url: z.string(),
  description: z.string().nullable(),
  enabled_events: z.array(z.string()),
  status: z.enum(['enabled', 'disabled']),
  /** `whsec_…` plus the last four characters. */
  secret_redacted: z.string(),
  metadata: z.record(z.string(), z.json()),
  created_at: timestamp,
  updated_at: timestamp,
  /** The signing secret: only in the answer to create. */
  secret: z.string().optional(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointCreate = z.strictObject({
  url: webhookUrl,
  description: storableText(500).nullable().optional(),
  enabled_events: z.array(webhookEventName).min(1).max(100),
  metadata: metadata.optional(),
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreate>;

export const webhookEndpointUpdate = z.strictObject({
  url: webhookUrl.optional(),
  description: storableText(500).nullable().optional(),
  enabled_events: z.array(webhookEventName).min(1).max(100).optional(),
  /** `disabled` stops every delivery to the endpoint, pending retries included; `enabled` resumes new ones. */
  status: z.enum(['enabled', 'disabled']).optional(),
  metadata: metadata.optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdate>;

export const webhookEndpointDeleted = z.object({
  id: z.string(),
  object: z.literal('webhook_endpoint'),
  deleted: z.literal(true),
});

/** The JSON a webhook carries, and what `GET /events/{id}` answers. */
export const paymentEvent = z.object({
  id: z.string(),
  object: z.literal('event'),
  type: z.string(),
  livemode: z.boolean(),
  created_at: timestamp,
  data: z.object({ object: z.json(), previous_attributes: z.json().optional() }),
  request: z.object({ idempotency_key: z.string().nullable() }),
});
export type PaymentEvent = z.infer<typeof paymentEvent>;

export const eventListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(100).optional(),
  ending_before: z.string().max(100).optional(),
  /** Only events of this type. */
  type: z.string().max(100).optional(),
});

/** One HTTP request made to deliver an event to an endpoint. */
export const webhookAttempt = z.object({
  id: z.string(),
  object: z.literal('webhook_attempt'),
  livemode: z.boolean(),
  webhook_endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  /** 1 for the first try of this event on this endpoint, 2 for the first retry, … */
  attempt: z.number().int(),
  status: z.enum(['succeeded', 'failed']),
  /** The endpoint's HTTP status; null when no answer came (refused address, timeout, connection error). */
  response_status: z.number().int().nullable(),
  /** The first 2 KB of the endpoint's answer. */
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  /** When the next try is due; null after a success or the last try. */
  next_retry_at: timestamp.nullable(),
  created_at: timestamp,
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

/** Attempts of one endpoint, newest first; `event_id` keeps those of one event. */
export const webhookAttemptListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(100).optional(),
  ending_before: z.string().max(100).optional(),
  event_id: z.string().max(100).optional(),
});
