// Test data shared by the portal unit tests (and by the checkout and admin tests needing a product, method or
// currency): contract-shaped invoice and subscription answers.
import type {
  Invoice,
  InvoiceDetail,
  PaymentCurrency,
  PaymentMethod,
  Product,
  SubscriptionDetail,
} from '@payshelf/api';
import { fakePrice } from '../../checkout/logic/testFixtures';

const AT = '2026-01-01T00:00:00.000Z';

export function fakeProduct(name: string, over: Partial<Product> = {}): Product {
  return {
    id: 'prod_aaaaaaaa',
    object: 'product',
    livemode: false,
    active: true,
    name,
    description: null,
    images: [],
    type: 'service',
    unit_label: null,
    statement_descriptor: null,
    features: [],
    cross_sell: null,
    metadata: {},
    created_at: AT,
    updated_at: AT,
    ...over,
  };
}

export function fakeMethod(over: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm_aaaaaaaa',
    object: 'payment_method',
    livemode: false,
    active: true,
    type: 'ethereum',
    name: 'Local chain',
    description: null,
    logo: null,
    settings: {
      ethereum: {
        chain_id: 31337,
        api_host: 'http://127.0.0.1:8545',
        explorer_host: 'https://explorer.example',
      },
    },
    features: { recurring: true, refund: true, dispute: false },
    confirmation: { type: 'block', block: 1 },
    metadata: {},
    created_at: AT,
    updated_at: AT,
    ...over,
  };
}

export function fakeCurrency(over: Partial<PaymentCurrency> = {}): PaymentCurrency {
  return {
    id: 'pc_usd00000',
    object: 'payment_currency',
    livemode: false,
    active: true,
    payment_method_id: 'pm_aaaaaaaa',
    symbol: 'TUSD',
    name: 'Test USD',
    decimal: 6,
    maximum_precision: 6,
    logo: null,
    contract: null,
    type: 'standard',
    minimum_payment_amount: '0',
    maximum_payment_amount: null,
    is_base_currency: true,
    metadata: {},
    created_at: AT,
    updated_at: AT,
    ...over,
  };
}

export const TX_HASH = `0x${'ab'.repeat(32)}`;

export function fakeInvoice(over: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_aaaaaaaa',
    object: 'invoice',
    livemode: false,
    number: 'INV-0001',
    status: 'paid',
    billing_reason: 'manual',
    customer_id: 'cus_aaaaaaaa',
    subscription_id: null,
    currency_id: 'pc_usd00000',
    payment_method_id: 'pm_aaaaaaaa',
    payment_intent_id: 'pi_aaaaaaaa',
    checkout_session_id: 'cs_aaaaaaaa',
    subtotal: '9900000',
    total: '9900000',
    amount_due: '9900000',
    amount_paid: '9900000',
    amount_remaining: '0',
    description: null,
    period_start: null,
    period_end: null,
    due_date: null,
    attempt_count: 0,
    next_payment_attempt: null,
    attempts: [],
    test_clock_id: null,
    metadata: {
      payment_details: { type: 'evm', tx_hash: TX_HASH, payer: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
    },
    created_at: AT,
    updated_at: AT,
    ...over,
  };
}

export function fakeInvoiceDetail(over: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...fakeInvoice(),
    lines: [
      {
        id: 'ii_aaaaaaaa',
        object: 'invoice_item',
        price_id: 'price_aaaaaaaa',
        description: null,
        quantity: 1,
        amount: '9900000',
        period_start: null,
        period_end: null,
        proration: false,
        price: fakePrice({ unit_amount: '9900000', product: fakeProduct('E-book') }),
      },
    ],
    paymentCurrency: fakeCurrency(),
    paymentMethod: fakeMethod(),
    ...over,
  };
}

const monthly = fakePrice({
  id: 'price_monthly0',
  type: 'recurring',
  unit_amount: '5000000',
  recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
  product: fakeProduct('Pro plan'),
});

export function fakeSubscription(over: Partial<SubscriptionDetail> = {}): SubscriptionDetail {
  return {
    id: 'sub_aaaaaaaa',
    object: 'subscription',
    livemode: false,
    status: 'active',
    customer_id: 'cus_aaaaaaaa',
    currency_id: 'pc_usd00000',
    default_payment_method_id: 'pm_aaaaaaaa',
    collection_method: 'charge_automatically',
    description: null,
    items: [
      {
        id: 'si_aaaaaaaa',
        object: 'subscription_item',
        subscription_id: 'sub_aaaaaaaa',
        price_id: monthly.id,
        quantity: 2,
        price: monthly,
      },
    ],
    start_date: AT,
    current_period_start: AT,
    current_period_end: '2026-02-01T00:00:00.000Z',
    trial_start: null,
    trial_end: null,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    latest_invoice_id: 'in_aaaaaaaa',
    checkout_session_id: 'cs_aaaaaaaa',
    billing_cycle_anchor: AT,
    payer: null,
    days_until_due: null,
    cancelation_details: null,
    test_clock_id: null,
    metadata: {},
    created_at: AT,
    updated_at: AT,
    paymentCurrency: fakeCurrency(),
    paymentMethod: fakeMethod(),
    latestInvoice: fakeInvoice({ subscription_id: 'sub_aaaaaaaa', billing_reason: 'subscription_create' }),
    ...over,
  };
}
