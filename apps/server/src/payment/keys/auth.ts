import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import type { PaymentContext } from '../shared/context.js';
import { findActiveKeyBySecret, touchKey } from './repo.js';

/** A merchant caller before the per-request fields (`expand`, `base`) are added. */
export type MerchantCaller =
  | { kind: 'key'; keyId: string; did: null; livemode: boolean; idempotencyKey: string | null }
  | { kind: 'admin'; did: string; livemode: boolean; idempotencyKey: string | null };

const BEARER = /^Bearer\s+(\S+)$/i;
export const SECRET_KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9]{24,128}$/;

/**
 * A merchant call carries `Authorization: Bearer sk_…`; the key decides test or live. A signed-in
 * owner or admin (the admin UI) may call the same endpoints and chooses the mode with `livemode`.
 */
export async function authenticateMerchant(
  ctx: PaymentContext,
  request: FastifyRequest,
): Promise<MerchantCaller> {
  const header = request.headers.authorization;
  const idempotencyKey = headerText(request.headers['idempotency-key']);
  if (header) {
    const secret = BEARER.exec(header)?.[1];
    if (!secret || !SECRET_KEY_PATTERN.test(secret)) {
      throw ApiError.of('api_key_malformed', {});
    }
    const key = await findActiveKeyBySecret(ctx.db, secret);
    if (!key) throw ApiError.of('api_key_unknown', {});
    void touchKey(ctx.db, key.id).catch(() => undefined);
    return { kind: 'key', keyId: key.id, livemode: key.livemode, did: null, idempotencyKey };
  }
  const signedIn = await ctx.sessions.user(request);
  if (!signedIn) throw ApiError.of('api_key_needed', {});
  const session = await ctx.sessions.requireAdmin(request);
  const mode = (request.query as Record<string, unknown> | undefined)?.livemode;
  const livemode = !(mode === 'false' || mode === '0');
  return { kind: 'admin', livemode, did: session.did, idempotencyKey };
}

function headerText(value: string | string[] | undefined): string | null {
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}
