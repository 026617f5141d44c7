// Flow: the billing engine's due work. Every piece of work is found by a time stored on its row:
// renewals at current_period_end, collection attempts at next_payment_attempt, send_invoice invoices
// at due_date, the past-due grace at past_due_at + BILLING_PAST_DUE_GRACE_DAYS, an unpaid recovery 23
// hours after it began. Real time: a cron tick each minute queues one keyed job per piece (key = kind,
// row and due time), so it runs once however many processes tick; a crashed run is taken over by the
// job queue. Test clocks run the same pieces in time order inside POST /test-clocks/{id}/advance.
// Each piece re-checks under its row lock, so running one twice changes nothing.
import { invoiceDueNotice } from '@payshelf/api';
import {
  type InvoiceRow,
  expireGrace,
  expireIncomplete,
  markOverdue,
  renewDueBatch,
  renewSubscription,
  type RenewOutcome,
} from '../billing/index.js';
import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { crashPoint } from '../../core/chaos.js';
import { invoices, subscriptions } from '../../db/schema/index.js';
import { notify } from '../../platform/notifications/index.js';
import { getCustomer } from '../customers/index.js';
import type { PaymentContext } from '../shared/context.js';
import { collectInvoice } from './collect-invoice.js';
import { invoiceLink } from './invoice-notices.js';

export const WORK_KINDS = ['renew', 'collect', 'overdue', 'grace', 'expire'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
export interface Work {
  kind: WorkKind;
  id: string;
  at: Date;
}

/** An unpaid recovery (incomplete) expires this long after its period began. */
export const INCOMPLETE_EXPIRES_MS = 23 * 3_600_000;
const TICK_TASK = 'billing:tick';
const WORK_TASK = 'billing:work';

const clockIs = (
  column: typeof subscriptions.testClockId | typeof invoices.testClockId,
  clockId: string | null,
) => (clockId === null ? isNull(column) : eq(column, clockId));

function must(condition: SQL | undefined): SQL {
  if (!condition) throw new Error('empty condition');
  return condition;
}

/** Work due at or before `until` for the objects of `clockId` (null: the objects on real time), oldest first. */
export async function dueWork(
  ctx: PaymentContext,
  clockId: string | null,
  until: Date,
  limit = 500,
): Promise<Work[]> {
  const { db } = ctx;
  const config = ctx.services.config;
  const subClock = clockIs(subscriptions.testClockId, clockId);
  const renew = await db
    .select({ id: subscriptions.id, at: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(
      must(
        and(
          subClock,
          inArray(subscriptions.status, ['trialing', 'active', 'past_due', 'paused']),
          lte(subscriptions.currentPeriodEnd, until),
        ),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit);
  const invClock = clockIs(invoices.testClockId, clockId);
  const collect = await db
    .select({ id: invoices.id, at: invoices.nextPaymentAttempt })
    .from(invoices)
    .where(must(and(invClock, eq(invoices.status, 'open'), lte(invoices.nextPaymentAttempt, until))))
    .orderBy(asc(invoices.nextPaymentAttempt))
    .limit(limit);
  const overdue = await db
    .select({ id: invoices.id, at: invoices.dueDate })
    .from(invoices)
    .where(
      must(
        and(
          invClock,
          eq(invoices.status, 'open'),
          eq(invoices.attemptCount, 0),
          isNull(invoices.nextPaymentAttempt),
          sql`${invoices.subscriptionId} is not null`,
          lte(invoices.dueDate, until),
        ),
      ),
    )
    .limit(limit);
  const graceAt = sql<Date>`${subscriptions.pastDueAt} + make_interval(days => ${config.BILLING_PAST_DUE_GRACE_DAYS})`;
  const grace =
    config.BILLING_PAST_DUE_ACTION === 'keep'
      ? []
      : await db
          .select({ id: subscriptions.id, at: graceAt.mapWith((v: string | Date) => new Date(v)) })
          .from(subscriptions)
          .where(must(and(subClock, eq(subscriptions.status, 'past_due'), sql`${graceAt} <= ${until}`)))
          .limit(limit);
  const expireAt = sql<Date>`${subscriptions.currentPeriodStart} + make_interval(secs => ${INCOMPLETE_EXPIRES_MS / 1000})`;
  const expire = await db
    .select({ id: subscriptions.id, at: expireAt.mapWith((v: string | Date) => new Date(v)) })
    .from(subscriptions)
    .where(must(and(subClock, eq(subscriptions.status, 'incomplete'), sql`${expireAt} <= ${until}`)))
    .limit(limit);
  const all: Work[] = [];
  const add = (kind: WorkKind, rows: Array<{ id: string; at: Date | null }>) => {
    for (const r of rows) if (r.at) all.push({ kind, id: r.id, at: r.at });
  };
  add('renew', renew);
  add('collect', collect);
  add('overdue', overdue);
  add('grace', grace);
  add('expire', expire);
  return all.sort(
    (a, b) => a.at.getTime() - b.at.getTime() || WORK_KINDS.indexOf(a.kind) - WORK_KINDS.indexOf(b.kind),
  );
}

/** Tells the customer (bell) that a send_invoice invoice waits for payment, with a link to pay it. */
export async function notifyInvoiceDue(ctx: PaymentContext, invoice: InvoiceRow): Promise<void> {
  const customer = await getCustomer(ctx.db, invoice.customerId, invoice.livemode);
  if (!customer?.did) return;
  // Stored as a message key with parameters; the web renders it in the reader's language.
  const notice = invoiceDueNotice(
    invoice.number ?? invoice.id,
    invoice.dueDate?.toISOString().slice(0, 10) ?? 'now',
    invoiceLink(ctx, invoice.id),
  );
  await notify(ctx.services, { receiver: customer.did, severity: 'info', ...notice });
}

export interface RunOptions {
  /** How long a collection waits for its pull to confirm (test clocks: until it settles). */
  waitMs?: number;
}

/** Runs one piece of due work at billing time `now`. */
export async function runWork(
  ctx: PaymentContext,
  work: Work,
  now: Date,
  options: RunOptions = {},
): Promise<void> {
  const waitMs = options.waitMs ?? 0;
  switch (work.kind) {
    case 'renew': {
      const outcome = await renewSubscription(ctx, work.id, now);
      crashPoint('renew:after-commit-before-collect');
      await afterRenewal(ctx, outcome, now, { waitMs });
      return;
    }
    case 'collect':
      await collectInvoice(ctx, work.id, { now, waitMs });
      return;
    case 'overdue':
      await markOverdue(ctx, work.id, now);
      return;
    case 'grace':
      await expireGrace(ctx, work.id, now);
      return;
    case 'expire':
      await expireIncomplete(ctx, work.id, now);
      return;
  }
}

/**
 * After a renewal committed: a send_invoice invoice's notice, and (test clocks, one-row renewals) the
 * collection of a charge_automatically one. `queued`: the collection job was queued with the renewal.
 */
export async function afterRenewal(
  ctx: PaymentContext,
  outcome: RenewOutcome,
  now: Date,
  options: RunOptions & { queued?: boolean } = {},
): Promise<void> {
  if (outcome.kind !== 'renewed' || outcome.invoice?.status !== 'open') return;
  if (outcome.subscription.collectionMethod === 'send_invoice') await notifyInvoiceDue(ctx, outcome.invoice);
  else if (!options.queued)
    await collectInvoice(ctx, outcome.invoice.id, { now, waitMs: options.waitMs ?? 0 });
}

/** Subscriptions renewed per transaction by the real-time tick and by test clock advances. */
export const RENEWAL_BATCH = 500;

/** Batch loops one process runs side by side on a tick (each its own transaction and connection). */
export const RENEWAL_LOOPS = 2;

/**
 * The real-time renewals due at `now`, a batch per transaction until none is left, by RENEWAL_LOOPS
 * loops at once: each takes due rows no other loop or process holds (SKIP LOCKED), so they split the
 * work, and one loop's writes overlap another's reads and planning. A process that dies mid-batch rolls
 * its batch back and the next tick (any process) renews it. The collection jobs are queued inside each
 * batch.
 */
export async function renewDueNow(
  ctx: Pick<PaymentContext, 'db' | 'services'>,
  now: Date,
  after: (outcome: RenewOutcome) => Promise<void> = async () => undefined,
): Promise<number> {
  const loop = async () => {
    let renewed = 0;
    for (;;) {
      const outcomes = await renewDueBatch(ctx, {
        clockId: null,
        now,
        limit: RENEWAL_BATCH,
        skipLocked: true,
        queueCollect: true,
      });
      crashPoint('renew:after-commit-before-collect');
      for (const outcome of outcomes) await after(outcome);
      renewed += outcomes.length;
      if (outcomes.length < RENEWAL_BATCH) return renewed;
    }
  };
  const counts = await Promise.all(Array.from({ length: RENEWAL_LOOPS }, loop));
  return counts.reduce((a, b) => a + b, 0);
}

export function registerBillingJobs(ctx: PaymentContext): void {
  const { jobs } = ctx.services;
  const work = z.object({ kind: z.enum(WORK_KINDS), id: z.string(), at: z.string() });
  jobs.define(WORK_TASK, work, async (payload) => {
    await runWork(ctx, { ...payload, at: new Date(payload.at) }, new Date());
  });
  jobs.define(TICK_TASK, z.object({}).passthrough(), async () => {
    const now = new Date();
    // A send_invoice invoice's notice after its batch committed (collections were queued in it).
    await renewDueNow(ctx, now, (outcome) => afterRenewal(ctx, outcome, now, { queued: true }));
    for (const piece of await dueWork(ctx, null, now)) {
      if (piece.kind === 'renew') continue;
      const at = piece.at.toISOString();
      await jobs.enqueue(
        WORK_TASK,
        { kind: piece.kind, id: piece.id, at },
        { key: `${piece.kind}:${piece.id}:${at}` },
      );
    }
  });
  jobs.schedule('* * * * *', TICK_TASK);
}
