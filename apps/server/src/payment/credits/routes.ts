// The credit API; the contract is creditRoutes in @payshelf/api. A secret key or a signed-in
// owner/admin reads every customer's grants and transactions; any other signed-in user only their own
// customer's (another customer's grant answers as missing, a filter naming another customer is empty).
import { creditRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { ApiError } from '../../core/http/errors.js';
import { creditGrants } from '../../db/schema/index.js';
import { mayRead, scopeOf } from '../billing/index.js';
import { getMeter } from '../meters/index.js';
import { getCurrency, serializeCurrency } from '../methods/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { serve } from '../shared/route.js';
import { listGrants, listTransactions, type CreditTransactionRow } from './repo.js';
import { serializeGrant, serializeTransaction } from './serialize.js';
import { createGrant, requireGrant, voidGrant } from './service.js';

/**
 * The customer whose objects a list shows: the caller's own unless they read every customer's
 * (undefined: every customer's); null when the caller may see none.
 */
async function listCustomer(
  db: DbLike,
  caller: Caller,
  asked: string | undefined,
): Promise<string | undefined | null> {
  const scope = await scopeOf(db, caller);
  if (scope.all) return asked;
  if (!scope.customerId || (asked && asked !== scope.customerId)) return null;
  return scope.customerId;
}

async function transactionContext(db: DbLike, livemode: boolean, rows: readonly CreditTransactionRow[]) {
  const grantIds = [...new Set(rows.map((r) => r.creditGrantId))];
  const grants = grantIds.length
    ? await db.select().from(creditGrants).where(inArray(creditGrants.id, grantIds))
    : [];
  const meters = new Map<string, { id: string; event_name: string; unit: string }>();
  for (const id of new Set(rows.map((r) => r.meterId).filter((m): m is string => m !== null))) {
    const meter = await getMeter(db, id, livemode);
    if (meter) meters.set(id, { id, event_name: meter.eventName, unit: meter.unit });
  }
  return { grantNames: new Map(grants.map((g) => [g.id, g.name])), meters };
}

/**
 * Adds each object's credit currency (`paymentCurrency`, as SPEC's credit grant and transaction carry
 * it) so a page can format amounts; one lookup per currency of the page.
 */
async function withCurrencies<T extends { currency_id: string; livemode: boolean }>(
  db: DbLike,
  items: T[],
): Promise<(T & { paymentCurrency: ReturnType<typeof serializeCurrency> | null })[]> {
  const found = new Map<string, ReturnType<typeof serializeCurrency> | null>();
  for (const item of items) {
    const key = `${item.livemode}:${item.currency_id}`;
    if (found.has(key)) continue;
    const row = await getCurrency(db, item.currency_id, item.livemode);
    found.set(key, row ? serializeCurrency(row) : null);
  }
  return items.map((item) => ({
    ...item,
    paymentCurrency: found.get(`${item.livemode}:${item.currency_id}`) ?? null,
  }));
}

export function creditRoutesOf(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  const page = <T>(data: T[], total: number, q: { page: number; pageSize: number }, url: string) => ({
    object: 'list' as const,
    data,
    has_more: q.page * q.pageSize < total,
    url,
    count: total,
    page: q.page,
    pageSize: q.pageSize,
  });
  serve(app, ctx, creditRoutes.createGrant, async ({ caller, body }) =>
    serializeGrant(await createGrant(db, caller.livemode, body)),
  );
  serve(app, ctx, creditRoutes.voidGrant, async ({ caller, params }) =>
    serializeGrant(await voidGrant(db, params.id, caller.livemode)),
  );
  serve(app, ctx, creditRoutes.retrieveGrant, async ({ caller, params }) => {
    const grant = await getGrantFor(caller, params.id);
    const [shown] = await withCurrencies(db, [serializeGrant(grant)]);
    return shown ?? serializeGrant(grant);
  });
  const getGrantFor = async (caller: Caller, id: string) => {
    const grant = await requireGrant(db, id, caller.livemode);
    if (!mayRead(await scopeOf(db, caller), grant.customerId)) {
      throw ApiError.missing('credit_grant_missing', id);
    }
    return grant;
  };
  serve(app, ctx, creditRoutes.listGrants, async ({ caller, query, request }) => {
    const customer = await listCustomer(db, caller, query.customer_id);
    const url = request.url.split('?')[0] ?? '';
    if (customer === null) return page([], 0, query, url);
    const { rows, total } = await listGrants(db, caller.livemode, customer, query);
    return page(await withCurrencies(db, rows.map(serializeGrant)), total, query, url);
  });
  serve(app, ctx, creditRoutes.listTransactions, async ({ caller, query, request }) => {
    const customer = await listCustomer(db, caller, query.customer_id);
    const url = request.url.split('?')[0] ?? '';
    if (customer === null) return page([], 0, query, url);
    const { rows, total } = await listTransactions(db, caller.livemode, customer, query);
    const context = await transactionContext(db, caller.livemode, rows);
    const data = rows.map((r) => serializeTransaction(r, context));
    return page(await withCurrencies(db, data), total, query, url);
  });
}
