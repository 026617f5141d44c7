// The admin overview's numbers, summed exactly in SQL (numeric, never floats) and answered as decimal
// strings. Days are UTC calendar days; a day's revenue is what succeeded payments created that day
// received; MRR and the active count are taken at the end of each day.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { paymentCurrencies, paymentIntents } from '../../db/schema/index.js';
import { serializeIntent } from '../intents/index.js';
import type { DbLike } from '../shared/db.js';

const DAY_MS = 86_400_000;

/** The first and last UTC day (`YYYY-MM-DD`) of a window of `days` ending on the day of `now`. */
export function dayWindow(now: Date, days: number): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

interface RevenueRow extends Record<string, unknown> {
  date: string;
  currency_id: string;
  amount: string;
}

async function revenue(db: DbLike, livemode: boolean, from: string, to: string) {
  const result = await db.execute<RevenueRow>(sql`
    SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date, currency_id,
           sum(amount_received)::text AS amount
    FROM payment_intents
    WHERE livemode = ${livemode} AND status = 'succeeded'
      AND created_at >= ${from}::date AT TIME ZONE 'UTC'
      AND created_at < (${to}::date + 1) AT TIME ZONE 'UTC'
    GROUP BY 1, 2 ORDER BY 1, currency_id COLLATE "C"`);
  return result.rows.map((r) => ({ date: r.date, currency_id: r.currency_id, amount: r.amount }));
}

interface SubscriptionDayRow extends Record<string, unknown> {
  date: string;
  currency_id: string;
  mrr: string;
  active: number;
}

/**
 * Per day and currency: subscriptions started by the day's end and not ended by then, and their
 * monthly amount (licensed items at the subscription currency's unit amount times quantity, scaled to
 * a month: a year / 12, a week * 52 / 12, a day * 365 / 12, an hour * 8760 / 12, then divided by the
 * interval count, rounded down once per subscription). A trial adds to the count but not to MRR.
 */
async function subscriptionSeries(db: DbLike, livemode: boolean, from: string, to: string) {
  const result = await db.execute<SubscriptionDayRow>(sql`
    WITH days AS (
      SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d
    ), monthly AS (
      SELECT s.id, s.currency_id, s.start_date, s.ended_at, s.trial_end,
        div(
          coalesce(sum(coalesce(
            (SELECT (o ->> 'unit_amount')::numeric FROM jsonb_array_elements(p.currency_options) o
              WHERE o ->> 'currency_id' = s.currency_id LIMIT 1),
            CASE WHEN p.currency_id = s.currency_id THEN p.unit_amount ELSE 0 END
          ) * si.quantity) FILTER (WHERE coalesce(p.recurring_usage_type, 'licensed') = 'licensed'), 0)
          * CASE s.recurring_interval WHEN 'week' THEN 52 WHEN 'day' THEN 365 WHEN 'hour' THEN 8760 ELSE 1 END,
          CASE s.recurring_interval WHEN 'month' THEN 1 ELSE 12 END * greatest(s.recurring_interval_count, 1)
        ) AS mrr
      FROM subscriptions s
      LEFT JOIN subscription_items si ON si.subscription_id = s.id
      LEFT JOIN prices p ON p.id = si.price_id
      WHERE s.livemode = ${livemode} AND s.status NOT IN ('incomplete', 'incomplete_expired')
      GROUP BY s.id
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS date, m.currency_id,
      coalesce(sum(m.mrr) FILTER (
        WHERE m.trial_end IS NULL OR m.trial_end <= (days.day + 1) AT TIME ZONE 'UTC'), 0)::text AS mrr,
      count(*)::int AS active
    FROM days JOIN monthly m
      ON m.start_date < (days.day + 1) AT TIME ZONE 'UTC'
     AND (m.ended_at IS NULL OR m.ended_at >= (days.day + 1) AT TIME ZONE 'UTC')
    GROUP BY days.day, m.currency_id ORDER BY 1, m.currency_id COLLATE "C"`);
  return result.rows.map((r) => ({
    date: r.date,
    currency_id: r.currency_id,
    mrr: r.mrr,
    active: Number(r.active),
  }));
}

interface PastDueRow extends Record<string, unknown> {
  currency_id: string;
  amount: string;
  count: number;
}

/**
 * What open and uncollectible invoices past their due date (or of past-due subscriptions) still owe.
 * A test clock's invoice is due by its clock's frozen time (the invoice's clock, else its customer's),
 * as billing/past-due.ts judges it; any other invoice by `now`.
 */
async function pastDue(db: DbLike, livemode: boolean, now: Date) {
  const result = await db.execute<PastDueRow>(sql`
    SELECT i.currency_id, sum(i.amount_remaining)::text AS amount, count(*)::int AS count
    FROM invoices i LEFT JOIN subscriptions s ON s.id = i.subscription_id
    WHERE i.livemode = ${livemode} AND i.status IN ('open', 'uncollectible') AND i.amount_remaining > 0
      AND (i.due_date < coalesce(
            (SELECT tc.frozen_time FROM test_clocks tc WHERE tc.id = coalesce(
              i.test_clock_id, (SELECT c.test_clock_id FROM customers c WHERE c.id = i.customer_id))),
            ${now.toISOString()}::timestamptz)
        OR s.status = 'past_due' OR i.status = 'uncollectible')
    GROUP BY i.currency_id ORDER BY i.currency_id COLLATE "C"`);
  return result.rows.map((r) => ({ currency_id: r.currency_id, amount: r.amount, count: Number(r.count) }));
}

export async function overviewOf(db: DbLike, livemode: boolean, days: number, now = new Date()) {
  const { from, to } = dayWindow(now, days);
  const [rev, subs, due, recent] = await Promise.all([
    revenue(db, livemode, from, to),
    subscriptionSeries(db, livemode, from, to),
    pastDue(db, livemode, now),
    db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.livemode, livemode), eq(paymentIntents.status, 'succeeded')))
      .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
      .limit(10),
  ]);
  const ids = [
    ...new Set(
      [...rev, ...subs, ...due, ...recent.map((r) => ({ currency_id: r.currencyId }))].map(
        (r) => r.currency_id,
      ),
    ),
  ];
  const currencies =
    ids.length === 0
      ? []
      : await db.select().from(paymentCurrencies).where(inArray(paymentCurrencies.id, ids));
  return {
    from,
    to,
    currencies: currencies.map((c) => ({ id: c.id, symbol: c.symbol, decimal: c.decimal, name: c.name })),
    revenue: rev,
    subscriptions: subs,
    past_due: due,
    recent_payments: recent.map(serializeIntent),
  };
}
