// The API objects of a batch renewal's events, built in SQL from the rows the statement wrote (so the
// batch never serialises them in Node): the same JSON invoiceObject / subscriptionObject give after
// jsonSafe (serialize.ts), amounts as decimal strings, times as ISO strings (milliseconds, UTC), null
// fields present. serialize.ts and these builders change together (the integration test
// billing-renewal-batch-events.test.ts compares them).

/** A timestamptz column as Date#toISOString writes it (null stays null). */
const isoOf = (expr: string) => `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** invoiceObject(row) for the invoices row `i`. */
export function invoiceJsonSql(i: string): string {
  return `jsonb_build_object(
    'id', ${i}.id, 'object', 'invoice', 'livemode', ${i}.livemode, 'number', ${i}.number,
    'status', ${i}.status, 'billing_reason', ${i}.billing_reason, 'customer_id', ${i}.customer_id,
    'subscription_id', ${i}.subscription_id, 'currency_id', ${i}.currency_id,
    'payment_method_id', ${i}.payment_method_id, 'payment_intent_id', ${i}.payment_intent_id,
    'checkout_session_id', ${i}.checkout_session_id, 'customer_details', ${i}.customer_details,
    'subtotal', ${i}.subtotal::text, 'total_discount', ${i}.total_discount::text,
    'total_tax', ${i}.total_tax::text, 'total_breakdown', ${i}.total_breakdown,
    'total', ${i}.total::text, 'starting_balance', ${i}.starting_balance::text,
    'applied_balance', ${i}.applied_balance::text, 'amount_due', ${i}.amount_due::text,
    'amount_paid', ${i}.amount_paid::text, 'amount_remaining', ${i}.amount_remaining::text,
    'description', ${i}.description, 'period_start', ${isoOf(`${i}.period_start`)},
    'period_end', ${isoOf(`${i}.period_end`)}, 'due_date', ${isoOf(`${i}.due_date`)},
    'attempt_count', ${i}.attempt_count, 'next_payment_attempt', ${isoOf(`${i}.next_payment_attempt`)},
    'attempts', ${i}.attempts, 'test_clock_id', ${i}.test_clock_id, 'metadata', ${i}.metadata,
    'created_at', ${isoOf(`${i}.created_at`)}, 'updated_at', ${isoOf(`${i}.updated_at`)})`;
}

/** subscriptionItemObject(row) (without its price) for the subscription_items row `si`. */
export function subscriptionItemJsonSql(si: string): string {
  return `jsonb_build_object('id', ${si}.id, 'object', 'subscription_item',
    'subscription_id', ${si}.subscription_id, 'price_id', ${si}.price_id, 'quantity', ${si}.quantity)`;
}

/** subscriptionObject(row, items) for the subscriptions row `s` and the jsonb array `items`. */
export function subscriptionJsonSql(s: string, items: string): string {
  return `jsonb_build_object(
    'id', ${s}.id, 'object', 'subscription', 'livemode', ${s}.livemode, 'status', ${s}.status,
    'customer_id', ${s}.customer_id, 'currency_id', ${s}.currency_id,
    'default_payment_method_id', ${s}.default_payment_method_id,
    'collection_method', ${s}.collection_method, 'description', ${s}.description, 'items', ${items},
    'start_date', ${isoOf(`${s}.start_date`)}, 'current_period_start', ${isoOf(`${s}.current_period_start`)},
    'current_period_end', ${isoOf(`${s}.current_period_end`)}, 'trial_start', ${isoOf(`${s}.trial_start`)},
    'trial_end', ${isoOf(`${s}.trial_end`)}, 'cancel_at_period_end', ${s}.cancel_at_period_end,
    'cancel_at', ${isoOf(`${s}.cancel_at`)}, 'canceled_at', ${isoOf(`${s}.canceled_at`)},
    'ended_at', ${isoOf(`${s}.ended_at`)}, 'latest_invoice_id', ${s}.latest_invoice_id,
    'checkout_session_id', ${s}.checkout_session_id,
    'billing_cycle_anchor', ${isoOf(`coalesce(${s}.billing_cycle_anchor, ${s}.trial_end, ${s}.start_date)`)},
    'payer', ${s}.payer, 'days_until_due', ${s}.days_until_due,
    'cancelation_details', ${s}.cancelation_details, 'test_clock_id', ${s}.test_clock_id,
    'pending_update', ${s}.pending_update, 'metadata', ${s}.metadata,
    'created_at', ${isoOf(`${s}.created_at`)}, 'updated_at', ${isoOf(`${s}.updated_at`)})`;
}
