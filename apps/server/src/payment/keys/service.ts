import type { ApiKey } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import type { Db } from '../../db/database.js';
import { newId, randomBase62, sha256Hex } from '../shared/ids.js';
import { iso, isoOrNull } from '../shared/time.js';
import { SECRET_KEY_PATTERN } from './auth.js';
import { getKey, insertKey, revokeKey, type ApiKeyRow } from './repo.js';

export function serializeKey(row: ApiKeyRow, secret?: string): ApiKey {
  return {
    id: row.id,
    object: 'api_key',
    livemode: row.livemode,
    name: row.name,
    type: 'secret',
    redacted: row.redacted,
    created_at: iso(row.createdAt),
    last_used_at: isoOrNull(row.lastUsedAt),
    revoked_at: isoOrNull(row.revokedAt),
    ...(secret ? { secret } : {}),
  };
}

function redact(secret: string): string {
  return `${secret.slice(0, secret.indexOf('_', 3) + 1)}…${secret.slice(-4)}`;
}

/** Creates a key; the answer is the only place the secret ever appears. */
export async function createKey(db: Db, name: string, livemode: boolean, createdBy: string): Promise<ApiKey> {
  const secret = `sk_${livemode ? 'live' : 'test'}_${randomBase62(40)}`;
  const row = await insertKey(db, {
    id: newId('key'),
    livemode,
    name,
    secretHash: sha256Hex(secret),
    redacted: redact(secret),
    createdBy,
  });
  return serializeKey(row, secret);
}

/** PAYMENT_TEST_SECRET_KEY: registers that test key at start (idempotent; only its hash is stored). */
export async function registerEnvTestKey(db: Db, secret: string): Promise<void> {
  if (!SECRET_KEY_PATTERN.test(secret) || !secret.startsWith('sk_test_')) {
    throw new Error(
      'PAYMENT_TEST_SECRET_KEY must look like sk_test_ followed by 24 to 128 letters or digits',
    );
  }
  await insertKey(db, {
    id: newId('key'),
    livemode: false,
    name: 'PAYMENT_TEST_SECRET_KEY',
    secretHash: sha256Hex(secret),
    redacted: redact(secret),
    source: 'env',
  });
}

export async function revoke(db: Db, id: string): Promise<ApiKey> {
  const existing = await getKey(db, id);
  if (!existing) throw ApiError.of('api_key_missing', { id: id.slice(0, 100) });
  if (existing.source === 'env') {
    throw ApiError.of('api_key_from_environment', {});
  }
  const row = await revokeKey(db, id);
  if (!row) throw ApiError.of('api_key_missing', { id: id.slice(0, 100) });
  return serializeKey(row);
}
