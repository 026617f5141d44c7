// Batch renewal: the due subscriptions of one clock (or of real time) renewed by the hundred in one
// transaction with set-based SQL, with the same result per subscription as renewSubscription:
// - the due rows are locked first (SELECT … FOR UPDATE, SKIP LOCKED for the real-time tick, so two
//   processes split the work instead of waiting on each other; a waiting lock for a test clock, whose
//   advance names its rows), and each is re-checked under its lock: a row another run renewed is no
//   longer due;
// - a plain renewal (active or past_due, not ending, no metered item nor usage in the ending period,
//   no credit balance, no cycle invoice for the period yet) is written in bulk by two statements
//   (renewal-batch-writes.ts): the periods moved and (real time) one keyed collection job per open
//   charge_automatically invoice, then the invoices numbered from one block of the mode's gapless
//   sequence, their lines and the events (objects built in SQL from the written rows); one relay
//   notification for the whole batch. All in the batch's transaction, so a job exists exactly when its
//   invoice does;
// - every other due row (trial end, cancel at period end, paused, metered usage, a customer with a
//   balance) goes through renewLocked, the one-row path, in the same transaction.
// The cycle invoice stays unique per (subscription, period start) (invoices_subscription_cycle).
import { and, asc, inArray, isNull, eq, lte, sql } from 'drizzle-orm';
import { customerBalances, invoices, subscriptions, usageRecords } from '../../../db/schema/index.js';
import { busClientOf } from '../../../platform/notifications/publish.js';
import { getPrices, type PriceRow } from '../../catalog/index.js';
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import { newId } from '../../shared/ids.js';
import { itemsOfSubscriptions, type InvoiceRow, type SubscriptionRow } from '../repo.js';
import { invoiceValues } from './invoicing.js';
import { periodInvoiceLines, priceWith } from './lines.js';
import { moveSubscriptions, writeRenewals, type Planned } from './renewal-batch-writes.js';
import { isAdjusted } from './discount.js';
import { anchorOf, renewLocked, type RenewOutcome } from './renewal.js';
import { nextPeriod } from './schedule.js';

type Ctx = Pick<PaymentContext, 'db' | 'services'>;

const DAY_MS = 86_400_000;
/** The job that collects an invoice (billing-run.ts defines it). */
export const COLLECT_TASK = 'billing:work';

export interface BatchOptions {
  /** The test clock whose subscriptions renew (null: those on real time). */
  clockId: string | null;
  now: Date;
  /** At most this many subscriptions (default 500). */
  limit?: number;
  /** Only these subscriptions (a test clock advance names its due rows). */
  ids?: readonly string[];
  /** Skip rows another transaction holds (the real-time tick) instead of waiting for them. */
  skipLocked?: boolean;
  /** Queue each open charge_automatically invoice's collection job in the transaction (real time). */
  queueCollect?: boolean;
}

/** Renews up to `limit` due subscriptions in one transaction; the outcome of each row it locked. */
export async function renewDueBatch(ctx: Ctx, options: BatchOptions): Promise<RenewOutcome[]> {
  return ctx.db.transaction(async (tx) => {
    const due = await lockDue(tx, options);
    if (due.length === 0) return [];
    const { plain, other } = await partition(tx, due);
    const outcomes: RenewOutcome[] = [];
    for (const sub of other) outcomes.push(await renewLocked(ctx, tx, sub, options.now));
    outcomes.push(...(await renewPlain(ctx, tx, plain, options)));
    return outcomes;
  });
}

async function lockDue(tx: DbLike, options: BatchOptions): Promise<SubscriptionRow[]> {
  if (options.ids?.length === 0) return [];
  const query = tx
    .select()
    .from(subscriptions)
    .where(
      and(
        options.clockId === null
          ? isNull(subscriptions.testClockId)
          : eq(subscriptions.testClockId, options.clockId),
        // Literal statuses: the partial index subscriptions_due (migration 0037) has the same predicate.
        sql`${subscriptions.status} in ('trialing', 'active', 'past_due', 'paused')`,
        lte(subscriptions.currentPeriodEnd, options.now),
        options.ids ? inArray(subscriptions.id, [...options.ids]) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd), asc(subscriptions.id))
    .limit(options.limit ?? 500);
  return options.skipLocked ? query.for('update', { skipLocked: true }) : query.for('update');
}

const ownerKey = (s: Pick<SubscriptionRow, 'customerId' | 'currencyId'>) => `${s.customerId}|${s.currencyId}`;

/** Plain rows (bulk path) and the rest (one-row path), read under the rows' locks. */
async function partition(tx: DbLike, due: SubscriptionRow[]) {
  const simple = due.filter(
    (s) => (s.status === 'active' || s.status === 'past_due') && !s.cancelAtPeriodEnd,
  );
  const simpleIds = new Set(simple.map((s) => s.id));
  const withCredit = new Set<string>();
  const billed = new Set<string>();
  const withUsage = new Set<string>();
  if (simple.length > 0) {
    // A customer with a balance takes the one-row path, which applies it under the balance row's lock.
    const credit = await tx
      .select({ customerId: customerBalances.customerId, currencyId: customerBalances.currencyId })
      .from(customerBalances)
      .where(
        and(
          inArray(customerBalances.customerId, [...new Set(simple.map((s) => s.customerId))]),
          sql`${customerBalances.balance} <> 0`,
        ),
      );
    for (const row of credit) withCredit.add(ownerKey(row));
    // A period whose cycle invoice exists already (the one-row path moves it on without a second one).
    const existing = await tx
      .select({ subscriptionId: invoices.subscriptionId, periodStart: invoices.periodStart })
      .from(invoices)
      .where(
        and(
          eq(invoices.billingReason, 'subscription_cycle'),
          sql`(${invoices.subscriptionId}, ${invoices.periodStart}) in (select * from unnest(${sql.param(
            simple.map((s) => s.id),
          )}::text[], ${sql.param(simple.map((s) => s.currentPeriodEnd.toISOString()))}::timestamptz[]))`,
        ),
      );
    for (const row of existing) billed.add(`${row.subscriptionId}|${row.periodStart?.getTime()}`);
    // Usage recorded in the ending period (on any item, removed ones too) is read per subscription.
    const used = await tx.execute<{ id: string }>(sql`
      select s.id from unnest(
        ${sql.param(simple.map((s) => s.id))}::text[],
        ${sql.param(simple.map((s) => s.currentPeriodStart.toISOString()))}::timestamptz[],
        ${sql.param(simple.map((s) => s.currentPeriodEnd.toISOString()))}::timestamptz[]
      ) as s(id, ps, pe)
      where exists (select 1 from ${usageRecords} u
        where u.subscription_id = s.id and u.timestamp >= s.ps and u.timestamp < s.pe)`);
    for (const row of used.rows) withUsage.add(row.id);
  }
  const plain: SubscriptionRow[] = [];
  const other: SubscriptionRow[] = [];
  for (const sub of due) {
    const isPlain =
      simpleIds.has(sub.id) &&
      !withCredit.has(ownerKey(sub)) &&
      !withUsage.has(sub.id) &&
      !billed.has(`${sub.id}|${sub.currentPeriodEnd.getTime()}`);
    (isPlain ? plain : other).push(sub);
  }
  return { plain, other };
}

async function pricesOf(tx: DbLike, subs: SubscriptionRow[], priceIds: string[]) {
  const byId = new Map<string, PriceRow>();
  for (const livemode of [false, true]) {
    if (!subs.some((s) => s.livemode === livemode)) continue;
    for (const row of await getPrices(tx, priceIds, livemode)) byId.set(row.id, row);
  }
  return byId;
}

async function renewPlain(
  ctx: Ctx,
  tx: DbLike,
  subs: SubscriptionRow[],
  options: BatchOptions,
): Promise<RenewOutcome[]> {
  if (subs.length === 0) return [];
  const { now } = options;
  const items = await itemsOfSubscriptions(
    tx,
    subs.map((s) => s.id),
  );
  const prices = await pricesOf(tx, subs, [...new Set([...items.values()].flat().map((i) => i.priceId))]);
  const planned: Planned[] = [];
  const fallback: SubscriptionRow[] = [];
  for (const sub of subs) {
    const rows = items.get(sub.id) ?? [];
    const priced = priceWith(prices, rows, sub.currencyId);
    if (priced.some((p) => p.metered) || isAdjusted(sub, priced)) {
      // Metered usage is read per subscription, a discount or tax is applied per invoice: the one-row path.
      fallback.push(sub);
      continue;
    }
    const period = nextPeriod(
      anchorOf(sub),
      { interval: sub.recurringInterval, intervalCount: sub.recurringIntervalCount },
      sub.currentPeriodEnd,
    );
    // No metered item and no usage in the ending period (partition): the licensed lines alone.
    const lines = await periodInvoiceLines(tx, sub, { items: priced, period, trial: false, metered: false });
    const invoice = invoiceValues(ctx, sub, { reason: 'subscription_cycle', now }, lines, newId('in'));
    const due = invoice.amountDue ?? 0n;
    const sendInvoice = sub.collectionMethod === 'send_invoice';
    const days = sub.daysUntilDue ?? ctx.services.config.BILLING_DAYS_UNTIL_DUE;
    Object.assign(invoice, {
      periodStart: period.start,
      periodEnd: period.end,
      startingBalance: 0n,
      appliedBalance: 0n,
      dueDate: due > 0n && sendInvoice ? new Date(now.getTime() + days * DAY_MS) : null,
      nextPaymentAttempt: due > 0n && !sendInvoice ? now : null,
    });
    planned.push({ sub, period, lines, invoice });
  }
  const outcomes: RenewOutcome[] = [];
  for (const sub of fallback) outcomes.push(await renewLocked(ctx, tx, sub, now));
  if (planned.length === 0) return outcomes;
  const updatedAt = new Date();
  await moveSubscriptions(tx, planned, {
    collectTask: options.queueCollect ? COLLECT_TASK : null,
    updatedAt,
  });
  const written = await writeRenewals(tx, planned, updatedAt);
  await ctx.services.bus.publishEvents(written.events, busClientOf(tx));
  const byId = new Map(written.invoices.map((w) => [w.id, w]));
  for (const p of planned) {
    const invoice = byId.get(p.invoice.id ?? '') as InvoiceRow;
    const subscription = written.subscriptions.get(p.sub.id) as SubscriptionRow;
    outcomes.push({ kind: 'renewed', subscription, invoice });
  }
  return outcomes;
}
