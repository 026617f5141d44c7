// Credit grants: the merchant's grant (promotional by default), a bought grant (a paid checkout of a
// credit price grants exactly credit_amount x quantity, once per session and price), void, and the
// expiry job. A grant whose effective time is ahead is pending until then.
import type { CreditGrantCreate } from '@payshelf/api';
import { addInterval, parseAmount } from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';
import { requireCustomer } from '../customers/index.js';
import { getCurrency, requireCurrency } from '../methods/index.js';
import type { DbLike } from '../shared/db.js';
import { recordEvent } from '../shared/events.js';
import { newId } from '../shared/ids.js';
import { expireAndActivate, getGrant, insertGrant, setGrantStatus, type CreditGrantRow } from './repo.js';
import { serializeGrant } from './serialize.js';

export async function requireGrant(db: DbLike, id: string, livemode: boolean, lock = false) {
  const row = await getGrant(db, id, livemode, lock);
  if (!row) throw ApiError.missing('credit_grant_missing', id);
  return row;
}

export async function createGrant(
  db: DbLike,
  livemode: boolean,
  input: CreditGrantCreate,
  now = new Date(),
): Promise<CreditGrantRow> {
  const customer = await requireCustomer(db, input.customer_id, livemode, 'customer_id');
  const currency = await requireCurrency(db, input.currency_id, livemode, 'currency_id');
  const effectiveAt = input.effective_at ? new Date(input.effective_at) : now;
  const amount = BigInt(input.amount);
  const row = await insertGrant(db, {
    id: newId('cgrant'),
    livemode,
    name: input.name ?? null,
    customerId: customer.id,
    currencyId: currency.id,
    amount,
    remainingAmount: amount,
    category: input.category,
    priority: input.priority,
    status: effectiveAt > now ? 'pending' : 'granted',
    effectiveAt,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    scopePrices: input.applicability_config?.scope.prices ?? [],
    metadata: input.metadata ?? {},
  });
  if (!row) throw new Error('credit grant not written');
  await recordEvent(db, 'customer.credit_grant.created', serializeGrant(row));
  return row;
}

/** A voided grant keeps its history; what remains of it is never consumed. */
export async function voidGrant(db: DbLike, id: string, livemode: boolean): Promise<CreditGrantRow> {
  return db.transaction(async (tx) => {
    const grant = await requireGrant(tx, id, livemode, true);
    if (grant.status !== 'granted' && grant.status !== 'pending') {
      throw ApiError.of('credit_grant_not_voidable', { status: grant.status });
    }
    const row = await setGrantStatus(tx, grant.id, 'voided');
    if (!row) throw new Error('credit grant not voided');
    await recordEvent(tx, 'customer.credit_grant.voided', serializeGrant(row));
    return row;
  });
}

export interface CreditConfig {
  credit_amount: string;
  currency_id: string;
  valid_duration_value?: number;
  valid_duration_unit?: 'hours' | 'days' | 'weeks' | 'months' | 'years';
}

export interface BoughtCredit {
  livemode: boolean;
  customerId: string;
  sourceId: string;
  priceId: string;
  quantity: number;
  config: CreditConfig;
  subscriptionId: string | null;
}

/**
 * The grant a paid credit price gives: credit_amount (in the credit currency's units) x quantity,
 * expiring after the configured duration. Once per (source, price): completing twice grants once.
 */
export async function grantBought(
  db: DbLike,
  bought: BoughtCredit,
  now: Date,
): Promise<CreditGrantRow | null> {
  const currency = await getCurrency(db, bought.config.currency_id, bought.livemode);
  if (!currency) return null;
  const unit = parseAmount(bought.config.credit_amount, currency.decimal, currency.decimal);
  const amount = unit * BigInt(bought.quantity);
  if (amount <= 0n) return null;
  const { valid_duration_value: value, valid_duration_unit: unitName } = bought.config;
  const interval = unitName ? unitName.replace(/s$/, '') : null;
  const expiresAt = value && interval ? addInterval(now, { interval, interval_count: value }) : null;
  const row = await insertGrant(db, {
    id: newId('cgrant'),
    livemode: bought.livemode,
    name: null,
    customerId: bought.customerId,
    currencyId: currency.id,
    amount,
    remainingAmount: amount,
    category: 'paid',
    priority: 50,
    status: 'granted',
    effectiveAt: now,
    expiresAt,
    sourceId: bought.sourceId,
    sourcePriceId: bought.priceId,
    subscriptionId: bought.subscriptionId,
  });
  if (row) await recordEvent(db, 'customer.credit_grant.created', serializeGrant(row));
  return row;
}

/** The expiry job: grants past their expiry become expired (with an event each). */
export async function expireGrants(db: DbLike, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await expireAndActivate(tx, now);
    for (const row of expired) await recordEvent(tx, 'customer.credit_grant.expired', serializeGrant(row));
    return expired.length;
  });
}
