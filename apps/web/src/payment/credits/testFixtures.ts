// Contract-shaped credit data for the credit pages' tests.
import type { CreditGrant, CreditTransaction, PaymentCurrency } from '@payshelf/api';
import { fakeCurrency } from '../portal/logic/testFixtures';

const AT = '2026-05-01T08:00:00.000Z';

export const creditCurrency = (): PaymentCurrency =>
  fakeCurrency({
    id: 'pc_credits',
    symbol: 'CRD',
    name: 'Demo credits',
    decimal: 2,
    maximum_precision: 2,
    type: 'credit',
    is_base_currency: false,
  });

export function fakeGrant(over: Partial<CreditGrant>): CreditGrant {
  return {
    id: 'cgr_aaaaaaaa',
    object: 'credit_grant',
    livemode: false,
    name: 'AI credits',
    customer_id: 'cus_aaaaaaaa',
    currency_id: 'pc_credits',
    amount: '50000',
    remaining_amount: '50000',
    category: 'paid',
    priority: 50,
    status: 'granted',
    effective_at: AT,
    expires_at: null,
    applicability_config: { scope: { prices: [] } },
    subscription_id: null,
    metadata: {},
    created_at: AT,
    updated_at: AT,
    paymentCurrency: creditCurrency(),
    ...over,
  };
}

export function fakeTransaction(over: Partial<CreditTransaction>): CreditTransaction {
  return {
    id: 'ctx_aaaaaaaa',
    object: 'credit_transaction',
    livemode: false,
    customer_id: 'cus_aaaaaaaa',
    currency_id: 'pc_credits',
    credit_grant_id: 'cgr_aaaaaaaa',
    credit_grant: { id: 'cgr_aaaaaaaa', name: 'AI credits' },
    credit_amount: '1500',
    remaining_balance: '48500',
    meter: { id: 'mtr_aaaaaaaa', event_name: 'ai.tokens', unit: 'token' },
    meter_event_id: 'mev_aaaaaaaa',
    subscription_id: null,
    source: 'meter_event',
    description: null,
    created_at: AT,
    paymentCurrency: creditCurrency(),
    ...over,
  };
}
