// The bulk writes of a batch renewal (renewal-batch.ts), two statements:
// 1. moveSubscriptions: the subscriptions moved to their next period and their collection jobs queued;
// 2. writeRenewals: the invoices numbered from one block of the mode's gapless sequence, their lines and
//    the events.
// The sequence's row lock (held to commit, so a rollback gives the numbers back) is taken only by the
// second statement: two processes' batches run their first statements side by side and queue only for
// the second.
import { customerTopic, subscriptionTopic } from '@payshelf/api';
import { sql } from 'drizzle-orm';
import { invoiceItems, invoices } from '../../../db/schema/index.js';
import { recordsetOf, rowsOf } from '../../shared/bulk-insert.js';
import type { DbLike } from '../../shared/db.js';
import { newId } from '../../shared/ids.js';
import { billedProductJsonSql } from '../billed-product.js';
import { invoiceNumberSql } from '../invoice-number.js';
import type { InvoiceRow, SubscriptionRow } from '../repo.js';
import type { BilledLine } from './lines.js';
import { invoiceJsonSql, subscriptionItemJsonSql, subscriptionJsonSql } from './renewal-batch-json.js';

/** One subscription of a batch: its next period, lines and invoice row (written by the batch). */
export interface Planned {
  sub: SubscriptionRow;
  period: { start: Date; end: Date };
  lines: BilledLine[];
  /** The invoice without its number (writeRenewals gives it one). */
  invoice: typeof invoices.$inferInsert;
}

/**
 * The first statement: the subscriptions moved to their next period with their new latest invoice
 * (written by writeRenewals in the same transaction), and, with `collectTask`, one keyed collection job
 * per open charge_automatically invoice (graphile-worker add_jobs, one call).
 */
export async function moveSubscriptions(
  tx: DbLike,
  planned: Planned[],
  options: { collectTask: string | null; updatedAt: Date },
): Promise<void> {
  const plan = JSON.stringify(
    planned.map((p) => ({
      sub_id: p.sub.id,
      invoice_id: p.invoice.id,
      ps: p.period.start.toISOString(),
      pe: p.period.end.toISOString(),
    })),
  );
  const jobs = options.collectTask
    ? planned.flatMap((p) => {
        const at = p.invoice.nextPaymentAttempt?.toISOString();
        if (p.invoice.status !== 'open' || !at) return [];
        const id = p.invoice.id ?? '';
        const payload = { kind: 'collect', id, at };
        return [
          { identifier: options.collectTask, payload, job_key: `collect:${id}:${at}`, max_attempts: 25 },
        ];
      })
    : [];
  const result = await tx.execute<{ moved: string }>(sql`
    with plan as (
      select * from json_to_recordset(${plan}::json) as p(sub_id text, invoice_id text, ps timestamptz,
        pe timestamptz)
    ),
    sub as (
      update subscriptions s
      set current_period_start = p.ps, current_period_end = p.pe, latest_invoice_id = p.invoice_id,
        updated_at = ${options.updatedAt.toISOString()}::timestamptz
      from plan p where s.id = p.sub_id
      returning 1
    ),
    jobs as (
      ${
        jobs.length === 0
          ? sql`select 1 where false`
          : sql`select 1 from graphile_worker.add_jobs(array(
              select json_populate_recordset(null::graphile_worker.job_spec, ${JSON.stringify(jobs)}::json)))`
      }
    )
    select (select count(*) from sub)::text as moved, (select count(*) from jobs) as _jobs`);
  if (Number(result.rows[0]?.moved) !== planned.length) {
    throw new Error('batch renewal: a locked subscription was not moved');
  }
}

/** What one batch statement wrote: the invoices as inserted (in no particular order). */
export interface Written {
  invoices: InvoiceRow[];
  subscriptions: Map<string, SubscriptionRow>;
  /** The events written, in order, with their relay topics (RealtimeBus.publishEvents). */
  events: Array<{ id: string; topics: string[]; event: string }>;
}

/**
 * The second statement: one block of each mode's gapless invoice sequence (the counter row stays locked
 * to commit), the invoices numbered from it in plan order (RETURNING, no read-back), their lines (with
 * the product texts they were billed with, as keepBilledProducts writes them), and three events per
 * renewal (invoice.created, invoice.paid or invoice.finalized, customer.subscription.updated) whose
 * objects are built in SQL from the rows written (the subscriptions as moveSubscriptions left them). The
 * caller relays the events by id.
 */
export async function writeRenewals(tx: DbLike, planned: Planned[], updatedAt: Date): Promise<Written> {
  const inv = recordsetOf(
    invoices,
    planned.map((p) => ({ ...p.invoice, number: undefined })),
  );
  const lines = recordsetOf(invoiceItems, planned.flatMap(lineRows));
  const relayed: Written['events'] = [];
  const plan = JSON.stringify(
    planned.map((p, ord) => {
      const ids = [newId('evt'), newId('evt'), newId('evt')] as const;
      const topics = [customerTopic(p.sub.customerId), subscriptionTopic(p.sub.id)];
      const paid = p.invoice.status === 'paid' ? 'invoice.paid' : 'invoice.finalized';
      for (const [k, event] of ['invoice.created', paid, 'customer.subscription.updated'].entries()) {
        relayed.push({ id: ids[k] ?? '', topics, event });
      }
      return {
        ord,
        sub_id: p.sub.id,
        invoice_id: p.invoice.id,
        livemode: p.sub.livemode,
        e0: ids[0],
        e1: ids[1],
        e2: ids[2],
      };
    }),
  );
  const result = await tx.execute<Record<string, unknown>>(sql`
    with plan as (
      select * from json_to_recordset(${plan}::json) as p(ord int, sub_id text, invoice_id text,
        livemode boolean, e0 text, e1 text, e2 text)
    ),
    counts as (select livemode, count(*) as n from plan group by livemode),
    seq as (
      insert into invoice_sequences (livemode, last_number) select livemode, n from counts
      on conflict (livemode) do update set last_number = invoice_sequences.last_number + excluded.last_number
      returning livemode, last_number
    ),
    numbered as (
      select p.invoice_id,
        s.last_number - c.n + row_number() over (partition by p.livemode order by p.ord) as n
      from plan p join seq s on s.livemode = p.livemode join counts c on c.livemode = p.livemode
    ),
    inv as (
      insert into invoices (${sql.raw(inv.names)}, number)
      select ${sql.raw(qualified(inv.names, 'r'))}, ${sql.raw(invoiceNumberSql('n.n'))}
      from json_populate_recordset(null::invoices, ${inv.json}::json) r
        join numbered n on n.invoice_id = r.id
      returning *
    ),
    li as (
      insert into invoice_items (${sql.raw(lines.names)}, metadata)
      select ${sql.raw(qualified(lines.names, 'r'))},
        case when p.id is null then '{}'::jsonb else ${sql.raw(billedProductJsonSql('p'))} end
      from json_populate_recordset(null::invoice_items, ${lines.json}::json) r
        left join prices pr on pr.id = r.price_id left join products p on p.id = pr.product_id
      returning 1
    ),
    sub as materialized (select s.* from subscriptions s join plan p on p.sub_id = s.id),
    items as materialized (
      select si.subscription_id,
        jsonb_agg(${sql.raw(subscriptionItemJsonSql('si'))} order by si.created_at, si.id) as items
      from subscription_items si where si.subscription_id in (select sub_id from plan)
      group by si.subscription_id
    ),
    ij as (select i.id, i.livemode, i.status, ${sql.raw(invoiceJsonSql('i'))} as obj from inv i),
    evs as (
      select p.ord, 0 as k, p.e0 as id, ij.livemode, 'invoice.created' as type, ij.id as object_id, ij.obj
      from ij join plan p on p.invoice_id = ij.id
      union all
      select p.ord, 1, p.e1, ij.livemode,
        case when ij.status = 'paid' then 'invoice.paid' else 'invoice.finalized' end, ij.id, ij.obj
      from ij join plan p on p.invoice_id = ij.id
      union all
      select p.ord, 2, p.e2, s.livemode, 'customer.subscription.updated', s.id,
        ${sql.raw(subscriptionJsonSql('s', `coalesce(it.items, '[]'::jsonb)`))}
      from sub s join plan p on p.sub_id = s.id left join items it on it.subscription_id = s.id
    ),
    ev as (
      insert into events (id, livemode, type, object_id, data)
      select id, livemode, type, object_id, jsonb_build_object('object', obj) from evs order by ord, k
      returning 1
    )
    select inv.*, (select count(*) from li) as _lines, (select count(*) from ev) as _events
    from inv`);
  const written = rowsOf(invoices, result.rows);
  if (written.length !== planned.length) throw new Error('batch renewal: a cycle invoice was written twice');
  const moved = new Map(
    planned.map((p) => [
      p.sub.id,
      {
        ...p.sub,
        currentPeriodStart: p.period.start,
        currentPeriodEnd: p.period.end,
        latestInvoiceId: p.invoice.id ?? null,
        updatedAt,
      },
    ]),
  );
  return { invoices: written, subscriptions: moved, events: relayed };
}

/** A recordset's quoted column list with each name qualified by `alias`. */
const qualified = (names: string, alias: string) =>
  names
    .split(', ')
    .map((name) => `${alias}.${name}`)
    .join(', ');

const lineRows = (p: Planned) =>
  p.lines.map((line) => ({
    id: newId('ii'),
    livemode: p.sub.livemode,
    invoiceId: p.invoice.id ?? '',
    priceId: line.priceId,
    description: line.description,
    quantity: line.quantity,
    amount: line.amount,
    periodStart: line.periodStart,
    periodEnd: line.periodEnd,
    proration: line.proration,
  }));
