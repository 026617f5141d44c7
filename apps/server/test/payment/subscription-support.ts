import type { Client } from './support.js';

/** A checkout session as the merchant API answers it (the fields the subscription tests read). */
export interface SessionView {
  status: string;
  invoice_id: string | null;
  subscription_id: string | null;
  subscriptions: string[];
}

export interface SubView {
  id: string;
  status: string;
  customer_id: string;
  items: Array<{ id: string; price_id: string; quantity: number; price?: { product?: { name: string } } }>;
  start_date: string;
  current_period_start: string;
  current_period_end: string;
  trial_start: string | null;
  trial_end: string | null;
  latest_invoice_id: string | null;
  latestInvoice?: { id: string; status: string } | null;
  paymentCurrency?: { id: string; symbol: string } | null;
}

/** A product with one recurring price in the currency; answers the price id. */
export async function recurringPrice(
  client: Client,
  currencyId: string,
  name: string,
  unitAmount: string,
  recurring: { interval: string; interval_count?: number; usage_type?: 'licensed' | 'metered' },
): Promise<string> {
  const product = await client('POST', '/products', { body: { name } });
  const price = await client('POST', '/prices', {
    body: { product_id: product.body.id, currency_id: currencyId, unit_amount: unitAmount, recurring },
  });
  if (price.status !== 200) throw new Error(JSON.stringify(price.body));
  return String(price.body.id);
}

export async function subscriptionSession(
  client: Client,
  lineItems: Array<{ price_id: string; quantity: number }>,
  subscriptionData?: Record<string, unknown>,
): Promise<string> {
  const res = await client('POST', '/checkout-sessions', {
    body: {
      line_items: lineItems,
      mode: 'subscription',
      ...(subscriptionData ? { subscription_data: subscriptionData } : {}),
    },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return String(res.body.id);
}
