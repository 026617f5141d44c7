// Test data shared by the checkout unit tests.
import type { ApiPrice, CheckoutSessionData, SubmitAnswer } from './api';

export function fakePrice(over: Partial<ApiPrice> = {}): ApiPrice {
  return {
    id: 'price_aaaaaaaa',
    object: 'price',
    livemode: false,
    active: true,
    product_id: 'prod_aaaaaaaa',
    type: 'one_time',
    currency_id: 'pc_usd00000',
    unit_amount: '1500000',
    billing_scheme: 'per_unit',
    tiers_mode: null,
    tiers: null,
    custom_unit_amount: null,
    currency_options: [],
    recurring: null,
    upsell: null,
    quantity_available: 0,
    quantity_sold: 0,
    quantity_limit_per_checkout: 0,
    nickname: null,
    lookup_key: null,
    metadata: {},
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function fakeLine(
  over: Partial<CheckoutSessionData['line_items'][number]> = {},
): CheckoutSessionData['line_items'][number] {
  return {
    id: 'li_1',
    price_id: 'price_aaaaaaaa',
    quantity: 1,
    adjustable_quantity: null,
    upsell_price_id: null,
    cross_sell: false,
    custom_amount: null,
    price: fakePrice(),
    ...over,
  };
}

export function fakeSession(over: Partial<CheckoutSessionData> = {}): CheckoutSessionData {
  return {
    id: 'cs_aaaaaaaa',
    object: 'checkout_session',
    livemode: false,
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    currency_id: 'pc_usd00000',
    line_items: [fakeLine()],
    amount_subtotal: '1500000',
    amount_total: '1500000',
    total_details: { amount_discount: '0', amount_tax: '0', amount_shipping: '0' },
    submit_type: 'auto',
    cross_sell_behavior: 'auto',
    billing_address_collection: 'auto',
    phone_number_collection: { enabled: false },
    subscription_data: null,
    customer_id: null,
    customer_email: null,
    payment_link_id: null,
    payment_intent_id: null,
    invoice_id: null,
    subscription_id: null,
    subscriptions: [],
    success_url: null,
    cancel_url: null,
    expires_at: 2_000_000_000,
    url: 'http://localhost/payment/checkout/pay/cs_aaaaaaaa',
    metadata: {},
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function fakeAnswer(over: Partial<SubmitAnswer> = {}): SubmitAnswer {
  return {
    checkoutSession: fakeSession(),
    paymentIntent: { id: 'pi_1', status: 'requires_payment_method' },
    customer: { id: 'cus_1' },
    paymentTarget: {
      rail: 'evm',
      chainId: 31337,
      recipient: '0x00000000000000000000000000000000000000aa',
      token: null,
      amount: '1500000',
      uri: 'ethereum:0xaa@31337?value=1500000',
      request: { to: '0x00000000000000000000000000000000000000aa', value: '1500000', data: '0x' },
    },
    balance: { sufficient: false },
    delegation: { sufficient: false },
    ...over,
  };
}
