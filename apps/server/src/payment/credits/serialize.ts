import type { CreditGrant, CreditTransaction } from '@payshelf/api';
import { iso, isoOrNull } from '../shared/time.js';
import type { CreditGrantRow, CreditTransactionRow } from './repo.js';

export function serializeGrant(row: CreditGrantRow): CreditGrant {
  return {
    id: row.id,
    object: 'credit_grant',
    livemode: row.livemode,
    name: row.name,
    customer_id: row.customerId,
    currency_id: row.currencyId,
    amount: row.amount.toString(),
    remaining_amount: row.remainingAmount.toString(),
    category: row.category,
    priority: row.priority,
    status: row.status,
    effective_at: iso(row.effectiveAt),
    expires_at: isoOrNull(row.expiresAt),
    applicability_config: { scope: { prices: row.scopePrices } },
    subscription_id: row.subscriptionId,
    metadata: row.metadata as CreditGrant['metadata'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export interface TransactionContext {
  grantNames: ReadonlyMap<string, string | null>;
  meters: ReadonlyMap<string, { id: string; event_name: string; unit: string }>;
}

export function serializeTransaction(row: CreditTransactionRow, c: TransactionContext): CreditTransaction {
  return {
    id: row.id,
    object: 'credit_transaction',
    livemode: row.livemode,
    customer_id: row.customerId,
    currency_id: row.currencyId,
    credit_grant_id: row.creditGrantId,
    credit_grant: { id: row.creditGrantId, name: c.grantNames.get(row.creditGrantId) ?? null },
    credit_amount: row.creditAmount.toString(),
    remaining_balance: row.remainingBalance.toString(),
    meter: row.meterId ? (c.meters.get(row.meterId) ?? null) : null,
    meter_event_id: row.meterEventId,
    subscription_id: row.subscriptionId,
    source: row.source,
    description: row.description,
    created_at: iso(row.createdAt),
  };
}
