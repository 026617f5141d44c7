import type { CheckoutSession } from '@payshelf/api';
import { checkoutUrl, expandLineItems } from '../links/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { epochSeconds, iso } from '../shared/time.js';
import { loadPrices } from '../line-items/index.js';
import type { SessionRow } from './repo.js';

export interface SessionView {
  db: Db;
  base: string;
  mount: string;
}

/** The session as the API shows it: line items carry their prices and products. */
export async function sessionObject(v: SessionView, row: SessionRow): Promise<CheckoutSession> {
  const prices = await loadPrices(v.db, row.lineItems, row.livemode);
  return sessionFields(v, row, await expandLineItems(v.db, row.lineItems, prices, row.livemode));
}

/** The session object around line items already expanded (sessionObject, or a kept JSON form of them). */
export function sessionFields(
  v: Omit<SessionView, 'db'>,
  row: SessionRow,
  lineItems: CheckoutSession['line_items'],
): CheckoutSession {
  return {
    id: row.id,
    object: 'checkout_session',
    livemode: row.livemode,
    mode: row.mode,
    status: row.status,
    payment_status: row.paymentStatus,
    currency_id: row.currencyId,
    line_items: lineItems,
    amount_subtotal: row.amountSubtotal.toString(),
    amount_total: row.amountTotal.toString(),
    total_details: {
      amount_discount: row.amountDiscount.toString(),
      amount_tax: row.amountTax.toString(),
      amount_shipping: row.amountShipping.toString(),
      ...(row.totalBreakdown ? { breakdown: row.totalBreakdown } : {}),
    },
    allow_promotion_codes: row.allowPromotionCodes,
    tax_rate_ids: row.taxRateIds,
    submit_type: row.submitType,
    cross_sell_behavior: row.crossSellBehavior,
    billing_address_collection: row.billingAddressCollection,
    phone_number_collection: { enabled: row.phoneNumberCollection },
    subscription_data: row.subscriptionData,
    customer_id: row.customerId,
    customer_email: row.customerEmail,
    customer_details: row.customerDetails ?? null,
    payment_link_id: row.paymentLinkId,
    payment_intent_id: row.paymentIntentId,
    invoice_id: row.invoiceId,
    subscription_id: row.subscriptionId,
    subscriptions: row.subscriptionIds,
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
    expires_at: epochSeconds(row.expiresAt),
    url: checkoutUrl(v.base, v.mount, row.id),
    metadata: row.metadata as CheckoutSession['metadata'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
