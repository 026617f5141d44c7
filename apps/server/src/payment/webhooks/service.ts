import type {
  PaymentEvent,
  WebhookAttempt,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
} from '@payshelf/api';
import { isIP } from 'node:net';
import { ApiError } from '../../core/http/errors.js';
import type { DbLike as Db } from '../shared/db.js';
import { newId, randomBase62 } from '../shared/ids.js';
import { iso, isoOrNull } from '../shared/time.js';
import { ownPortUse, portOf } from '../../core/own-ports.js';
import { AddressRefused, resolveChecked } from './address.js';
import {
  deleteEndpoint,
  getEndpoint,
  insertEndpoint,
  updateEndpoint,
  type AttemptRow,
  type EndpointRow,
  type EventRow,
} from './repo.js';
import type { SecretBox } from './secret-box.js';

export function serializeEndpoint(row: EndpointRow, secret?: string): WebhookEndpoint {
  return {
    id: row.id,
    object: 'webhook_endpoint',
    livemode: row.livemode,
    url: row.url,
    description: row.description,
    enabled_events: row.enabledEvents,
    status: row.status,
    secret_redacted: row.secretRedacted,
    metadata: row.metadata as WebhookEndpoint['metadata'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    ...(secret ? { secret } : {}),
  };
}

export function serializeEvent(row: EventRow): PaymentEvent {
  return {
    id: row.id,
    object: 'event',
    type: row.type,
    livemode: row.livemode,
    created_at: iso(row.createdAt),
    data: row.data as PaymentEvent['data'],
    request: { idempotency_key: row.requestIdempotencyKey },
  };
}

export function serializeAttempt(row: AttemptRow): WebhookAttempt {
  return {
    id: row.id,
    object: 'webhook_attempt',
    livemode: row.livemode,
    webhook_endpoint_id: row.endpointId,
    event_id: row.eventId,
    event_type: row.eventType,
    attempt: row.attempt,
    status: row.status,
    response_status: row.responseStatus,
    response_body: row.responseBody,
    error: row.error,
    duration_ms: row.durationMs,
    next_retry_at: isoOrNull(row.nextRetryAt),
    created_at: iso(row.createdAt),
  };
}

/**
 * A live-mode endpoint must resolve, and only to public addresses (checked again at every send);
 * a test-mode endpoint may be on localhost or a private network, so tests and local receivers work,
 * but never on a port the server itself runs there (its database, demo chain or web server).
 */
export async function checkEndpointUrl(url: string, publicOnly: boolean): Promise<void> {
  const parsed = new URL(url);
  if (parsed.username || parsed.password) throw ApiError.of('url_credentials', {}, { param: 'url' });
  const port = portOf(parsed);
  // Test mode resolves a name at creation only when its port is one of the server's own (a local
  // receiver's name may not resolve yet); a literal address is always checked, and every send checks
  // again.
  const named = isIP(parsed.hostname.replace(/^\[|\]$/g, '')) === 0;
  if (!publicOnly && named && !ownPortUse(port)) return;
  try {
    await resolveChecked(parsed.hostname, !publicOnly, port);
  } catch (err) {
    if (!(err instanceof AddressRefused)) throw err;
    if (err.code === 'url_unresolvable') {
      if (!publicOnly) return;
      throw ApiError.of(err.code, { host: err.host }, { param: 'url' });
    }
    if (err.code === 'url_own_port') {
      const values = { host: err.host, address: err.address, port: String(err.port) };
      throw ApiError.of(err.code, values, { param: 'url' });
    }
    throw ApiError.of(err.code, { host: err.host, address: err.address }, { param: 'url' });
  }
}

/**
 * Where an endpoint may send: live-mode endpoints, and every endpoint of a live install
 * (PAYSHELF_LIVE), to public addresses only; test-mode endpoints of a test install also to loopback
 * and private networks, so tests and local receivers work. Link-local never.
 */
export function publicOnly(livemode: boolean, liveInstall: boolean): boolean {
  return livemode || liveInstall;
}

async function mustGet(db: Db, id: string, livemode: boolean): Promise<EndpointRow> {
  const row = await getEndpoint(db, id, livemode);
  if (!row) throw ApiError.of('webhook_endpoint_missing', { id: id.slice(0, 100) });
  return row;
}

/** Creates an endpoint; the answer is the only place its signing secret ever appears. */
export async function createEndpoint(
  db: Db,
  box: SecretBox,
  livemode: boolean,
  input: WebhookEndpointCreate,
  liveInstall: boolean,
): Promise<WebhookEndpoint> {
  await checkEndpointUrl(input.url, publicOnly(livemode, liveInstall));
  const id = newId('we');
  const secret = `whsec_${randomBase62(40)}`;
  const row = await insertEndpoint(db, {
    id,
    livemode,
    url: input.url,
    description: input.description ?? null,
    enabledEvents: [...new Set(input.enabled_events)],
    metadata: input.metadata ?? {},
    secretCiphertext: box.seal(secret, id),
    secretRedacted: `whsec_…${secret.slice(-4)}`,
  });
  return serializeEndpoint(row, secret);
}

export async function retrieveEndpoint(db: Db, id: string, livemode: boolean): Promise<WebhookEndpoint> {
  return serializeEndpoint(await mustGet(db, id, livemode));
}

export async function changeEndpoint(
  db: Db,
  id: string,
  livemode: boolean,
  input: WebhookEndpointUpdate,
  liveInstall: boolean,
): Promise<WebhookEndpoint> {
  const existing = await mustGet(db, id, livemode);
  if (input.url !== undefined) await checkEndpointUrl(input.url, publicOnly(livemode, liveInstall));
  const row = await updateEndpoint(db, existing.id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.enabled_events !== undefined ? { enabledEvents: [...new Set(input.enabled_events)] } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
  });
  return serializeEndpoint(row ?? existing);
}

/** Deletes an endpoint with its deliveries and attempts; pending retries find nothing and stop. */
export async function removeEndpoint(db: Db, id: string, livemode: boolean) {
  const existing = await mustGet(db, id, livemode);
  await deleteEndpoint(db, existing.id);
  return { id: existing.id, object: 'webhook_endpoint' as const, deleted: true as const };
}
