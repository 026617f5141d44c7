// Stock reservations: a submitted checkout holds its units so two customers can never both pay for
// the last one. Submit reserves with one conditional UPDATE per tracked price (sold + reserved + q <=
// available, atomic under the row lock the UPDATE takes); completion turns the hold into sold; expiry,
// a change of the items or the next submit give it back. A session whose payment is already in flight
// (intent processing or succeeded) keeps its hold even past its expiry, so the payment that completes
// it never oversells.
//
// Lock order: price rows first (in id order), then stock_reservations rows. Every path that deletes
// holds (its own, or idle ones of other sessions) locks the prices they are of before it deletes them,
// so a returning buyer giving back their hold and a newcomer freeing an expired one can never wait on
// each other in opposite orders (which PostgreSQL ends by aborting one of them).
import { ExceedInventoryError } from '@payshelf/money';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { checkoutSessions, paymentIntents, prices, stockReservations } from '../../db/schema/index.js';
import type { StoredLineItem } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';
import { asApiError } from '../shared/rules.js';

interface Held {
  priceId: string;
  quantity: number;
}

/** Units per effective price (the upsell price when the customer switched to it). */
export function unitsByPrice(items: ReadonlyArray<StoredLineItem>): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const item of items) {
    const id = item.upsell_price_id ?? item.price_id;
    wanted.set(id, (wanted.get(id) ?? 0) + item.quantity);
  }
  return wanted;
}

/** Locks the price rows (in id order, which ORDER BY makes the locking order). */
async function lockPrices(tx: DbLike, ids: Iterable<string>): Promise<void> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return;
  await tx
    .select({ id: prices.id })
    .from(prices)
    .where(inArray(prices.id, sorted))
    .orderBy(prices.id)
    .for('update');
}

/** The prices a session holds units of. */
async function heldPriceIds(tx: DbLike, sessionId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ priceId: stockReservations.priceId })
    .from(stockReservations)
    .where(eq(stockReservations.checkoutSessionId, sessionId));
  return rows.map((r) => r.priceId);
}

/** Gives held units back to their prices (in price id order, the order reservations lock them in). */
async function giveBack(tx: DbLike, held: Held[]): Promise<void> {
  const total = new Map<string, number>();
  for (const h of held) total.set(h.priceId, (total.get(h.priceId) ?? 0) + h.quantity);
  for (const id of [...total.keys()].sort()) {
    const q = total.get(id) ?? 0;
    await tx
      .update(prices)
      .set({ quantityReserved: sql`greatest(${prices.quantityReserved} - ${q}, 0)` })
      .where(eq(prices.id, id));
  }
}

/**
 * Deletes the matching reservations of sessions no longer holding stock (closed or past expiry, and
 * no payment in flight) and gives their units back. Correlated per reservation, so it reads only the
 * sessions and intents of the reservations it looks at.
 */
async function releaseIdle(tx: DbLike, filter: SQL): Promise<void> {
  const s = checkoutSessions;
  const i = paymentIntents;
  const idle = sql`EXISTS (SELECT 1 FROM ${s} WHERE ${s.id} = ${stockReservations.checkoutSessionId}
    AND (${s.status} <> 'open' OR ${s.expiresAt} <= now())
    AND NOT EXISTS (SELECT 1 FROM ${i} WHERE ${i.id} = ${s.paymentIntentId}
      AND ${i.status} IN ('processing', 'succeeded')))`;
  const held = await tx
    .delete(stockReservations)
    .where(and(filter, idle))
    .returning({ priceId: stockReservations.priceId, quantity: stockReservations.quantity });
  await giveBack(tx, held);
}

/** Releases what an expired (or otherwise closed) session holds, unless its payment is in flight. */
export async function releaseExpiredStock(tx: DbLike, sessionId: string): Promise<void> {
  await lockPrices(tx, await heldPriceIds(tx, sessionId));
  await releaseIdle(tx, eq(stockReservations.checkoutSessionId, sessionId));
}

/** Deletes the session's holds and gives their units back; its prices must be locked already. */
async function dropHolds(tx: DbLike, sessionId: string): Promise<void> {
  const held = await tx
    .delete(stockReservations)
    .where(eq(stockReservations.checkoutSessionId, sessionId))
    .returning({ priceId: stockReservations.priceId, quantity: stockReservations.quantity });
  await giveBack(tx, held);
}

/** Releases everything the session holds (its items changed, or it is submitted again). */
export async function releaseStock(tx: DbLike, sessionId: string): Promise<void> {
  await lockPrices(tx, await heldPriceIds(tx, sessionId));
  await dropHolds(tx, sessionId);
}

/**
 * Holds the session's units of every price with tracked stock (quantity_available > 0), replacing
 * what it held before; EXCEED_INVENTORY when another checkout holds or bought what is left.
 */
export async function reserveStock(
  tx: DbLike,
  session: { id: string; lineItems: StoredLineItem[] },
): Promise<void> {
  const wanted = unitsByPrice(session.lineItems);
  const ids = [...wanted.keys()].sort();
  const tracked =
    ids.length === 0
      ? []
      : await tx
          .select({ id: prices.id })
          .from(prices)
          .where(and(inArray(prices.id, ids), gt(prices.quantityAvailable, 0)));
  const trackedIds = tracked.map((t) => t.id).sort();
  // Prices first (what it held and what it will hold), then the reservations (the lock order above).
  await lockPrices(tx, [...(await heldPriceIds(tx, session.id)), ...trackedIds]);
  await dropHolds(tx, session.id);
  if (trackedIds.length === 0) return;
  // Holds of sessions that expired without paying stop counting before anyone is refused.
  await releaseIdle(tx, inArray(stockReservations.priceId, trackedIds));
  for (const id of trackedIds) {
    const q = wanted.get(id) ?? 0;
    if (q <= 0) continue;
    const [held] = await tx
      .update(prices)
      .set({ quantityReserved: sql`${prices.quantityReserved} + ${q}` })
      .where(
        and(
          eq(prices.id, id),
          sql`${prices.quantitySold} + ${prices.quantityReserved} + ${q} <= ${prices.quantityAvailable}`,
        ),
      )
      .returning({ id: prices.id });
    if (!held) throw await exceeded(tx, id, q);
    await tx.insert(stockReservations).values({ checkoutSessionId: session.id, priceId: id, quantity: q });
  }
}

async function exceeded(tx: DbLike, priceId: string, requested: number): Promise<unknown> {
  const [row] = await tx
    .select({ available: prices.quantityAvailable, sold: prices.quantitySold, held: prices.quantityReserved })
    .from(prices)
    .where(eq(prices.id, priceId));
  const remaining = row ? Math.max(row.available - row.sold - row.held, 0) : 0;
  return asApiError(new ExceedInventoryError(requested, remaining), 'line_items');
}

/** At completion: the held units become sold (completion counts them sold); the hold goes away. */
export async function sellReservedStock(tx: DbLike, sessionId: string): Promise<void> {
  await releaseStock(tx, sessionId);
}
