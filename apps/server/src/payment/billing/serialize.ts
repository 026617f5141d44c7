// Invoices and subscriptions as the API shows them (packages/api payment/billing.ts).
import type { Invoice, InvoiceLine, Price, Subscription, SubscriptionItem } from '@payshelf/api';
import { iso, isoOrNull } from '../shared/time.js';
import { billedProductOf } from './billed-product.js';
import type { InvoiceItemRow, InvoiceRow, SubscriptionItemRow, SubscriptionRow } from './repo.js';

export function invoiceObject(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    object: 'invoice',
    livemode: row.livemode,
    number: row.number,
    status: row.status,
    billing_reason: row.billingReason,
    customer_id: row.customerId,
    subscription_id: row.subscriptionId,
    currency_id: row.currencyId,
    payment_method_id: row.paymentMethodId,
    payment_intent_id: row.paymentIntentId,
    checkout_session_id: row.checkoutSessionId,
    customer_details: row.customerDetails ?? null,
    subtotal: row.subtotal.toString(),
    total: row.total.toString(),
    total_discount: row.totalDiscount.toString(),
    total_tax: row.totalTax.toString(),
    total_breakdown: row.totalBreakdown,
    starting_balance: row.startingBalance.toString(),
    applied_balance: row.appliedBalance.toString(),
    amount_due: row.amountDue.toString(),
    amount_paid: row.amountPaid.toString(),
    amount_remaining: row.amountRemaining.toString(),
    description: row.description,
    period_start: isoOrNull(row.periodStart),
    period_end: isoOrNull(row.periodEnd),
    due_date: isoOrNull(row.dueDate),
    attempt_count: row.attemptCount,
    next_payment_attempt: isoOrNull(row.nextPaymentAttempt),
    attempts: row.attempts,
    test_clock_id: row.testClockId,
    metadata: row.metadata as Invoice['metadata'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function invoiceLineObject(row: InvoiceItemRow, price?: Price | null): InvoiceLine {
  return {
    id: row.id,
    object: 'invoice_item',
    price_id: row.priceId,
    description: row.description,
    quantity: row.quantity,
    amount: row.amount.toString(),
    period_start: isoOrNull(row.periodStart),
    period_end: isoOrNull(row.periodEnd),
    proration: row.proration,
    ...(price === undefined ? {} : { price }),
    billed_product: billedProductOf(row.metadata),
  };
}

export function subscriptionItemObject(row: SubscriptionItemRow, price?: Price | null): SubscriptionItem {
  return {
    id: row.id,
    object: 'subscription_item',
    subscription_id: row.subscriptionId,
    price_id: row.priceId,
    quantity: row.quantity,
    ...(price === undefined ? {} : { price }),
  };
}

export function subscriptionObject(row: SubscriptionRow, items: SubscriptionItem[]): Subscription {
  return {
    id: row.id,
    object: 'subscription',
    livemode: row.livemode,
    status: row.status,
    customer_id: row.customerId,
    currency_id: row.currencyId,
    default_payment_method_id: row.defaultPaymentMethodId,
    collection_method: row.collectionMethod,
    description: row.description,
    items,
    start_date: iso(row.startDate),
    current_period_start: iso(row.currentPeriodStart),
    current_period_end: iso(row.currentPeriodEnd),
    trial_start: isoOrNull(row.trialStart),
    trial_end: isoOrNull(row.trialEnd),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    cancel_at: isoOrNull(row.cancelAt),
    canceled_at: isoOrNull(row.canceledAt),
    ended_at: isoOrNull(row.endedAt),
    latest_invoice_id: row.latestInvoiceId,
    checkout_session_id: row.checkoutSessionId,
    billing_cycle_anchor: iso(row.billingCycleAnchor ?? row.trialEnd ?? row.startDate),
    payer: row.payer,
    days_until_due: row.daysUntilDue,
    cancelation_details: row.cancelationDetails,
    test_clock_id: row.testClockId,
    pending_update: row.pendingUpdate,
    metadata: row.metadata as Subscription['metadata'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
