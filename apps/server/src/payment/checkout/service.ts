import type { CheckoutSessionCreate } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import type { StoredSubscriptionData } from '../../db/schema/index.js';
import { releaseExpiredStock } from '../catalog/index.js';
import { requireCustomer } from '../customers/index.js';
import type { LinkRow } from '../links/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { recordEvent } from '../shared/events.js';
import { catalogCacheOf } from '../shared/catalog-cache.js';
import { newId } from '../shared/ids.js';
import { nowSeconds } from '../shared/time.js';
import { resolveLineItems, sessionTotals } from '../line-items/index.js';
import { checkTaxRateIds, releaseRedemption } from '../discounts/index.js';
import { sessionAdjustments, totalColumns } from './adjustments.js';
import {
  getSession,
  insertSessionWithEvent,
  updateSession,
  type InsertDurability,
  type SessionInsert,
  type SessionRow,
} from './repo.js';
import { sessionCacheOf } from './session-cache.js';
import { closeExpiredIntent } from './expired-intent.js';

/** Stripe's window: a session lives 24 hours by default, at least 30 minutes. */
const DEFAULT_TTL_SECONDS = 24 * 3600;
const MIN_TTL_SECONDS = 30 * 60;

function modeFor(requested: CheckoutSessionCreate['mode'], recurring: boolean): SessionRow['mode'] {
  const derived = recurring ? 'subscription' : 'payment';
  if (!requested || requested === derived) return derived;
  if (requested === 'setup' && recurring) return 'setup';
  throw ApiError.of('checkout_mode_mismatch', { requested, derived }, { param: 'mode' });
}

function expiry(requested: number | undefined): Date {
  const now = nowSeconds();
  if (
    requested !== undefined &&
    (requested < now + MIN_TTL_SECONDS || requested > now + DEFAULT_TTL_SECONDS)
  ) {
    throw ApiError.of('checkout_expires_at_range', {}, { param: 'expires_at' });
  }
  return new Date((requested ?? now + DEFAULT_TTL_SECONDS) * 1000);
}

type ResolvedLines = Awaited<ReturnType<typeof resolveLineItems>>;

interface Draft {
  lines: ResolvedLines;
  mode?: CheckoutSessionCreate['mode'];
  subscriptionData: StoredSubscriptionData | null;
  rest: Omit<
    SessionInsert,
    'id' | 'livemode' | 'mode' | 'currencyId' | 'lineItems' | 'amountSubtotal' | 'amountTotal' | 'expiresAt'
  >;
  expiresAt?: number;
}

async function insertDraft(
  db: Db,
  livemode: boolean,
  d: Draft,
  idem: string | null,
  durability: InsertDurability = 'sync',
): Promise<SessionRow> {
  const { items, prices, currencyId, recurring } = d.lines;
  const mode = modeFor(d.mode, recurring);
  const adjustments = await sessionAdjustments(
    db,
    { livemode, couponId: null, promotionCodeId: null, taxRateIds: d.rest.taxRateIds ?? [] },
    items,
    prices,
  );
  const totals = sessionTotals(items, prices, currencyId, d.subscriptionData, adjustments);
  // The session and its event in one statement (one round trip, both or neither).
  // Object.assign rather than a spread: a spread followed by this many keys is slow in V8 (tens of µs
  // per start). The draft's other fields never name these keys.
  const values: SessionInsert = Object.assign(
    {
      id: newId('cs'),
      livemode,
      mode,
      currencyId,
      lineItems: items,
      ...totalColumns(totals),
      subscriptionData: d.subscriptionData,
      expiresAt: expiry(d.expiresAt),
    },
    d.rest,
  );
  return insertSessionWithEvent(db, values, 'checkout.session.created', idem, durability);
}

export async function createSession(
  db: Db,
  livemode: boolean,
  input: CheckoutSessionCreate,
  idem: string | null,
) {
  if (input.customer_id) await requireCustomer(db, input.customer_id, livemode, 'customer_id');
  const taxRateIds = input.tax_rates ? await checkTaxRateIds(db, input.tax_rates, livemode, 'tax_rates') : [];
  return insertDraft(
    db,
    livemode,
    {
      lines: await resolveLineItems(db, livemode, input.line_items, input.currency_id),
      mode: input.mode,
      subscriptionData: input.subscription_data ?? null,
      expiresAt: input.expires_at,
      rest: {
        customerId: input.customer_id ?? null,
        customerEmail: input.customer_email ?? null,
        successUrl: input.success_url ?? null,
        cancelUrl: input.cancel_url ?? null,
        submitType: input.submit_type ?? 'auto',
        crossSellBehavior: input.cross_sell_behavior ?? 'auto',
        billingAddressCollection: input.billing_address_collection ?? 'auto',
        phoneNumberCollection: input.phone_number_collection?.enabled ?? false,
        allowPromotionCodes: input.allow_promotion_codes ?? false,
        taxRateIds,
        metadata: input.metadata ?? {},
      },
    },
    idem,
  );
}

/**
 * A link's line items read as resolveLineItems reads merchant input. The checks and prices depend only
 * on the link and the catalog, so the result is kept in the catalog cache (cleared on any catalog change)
 * per link version; each start gets line items with ids of its own. A refused link is checked again on
 * every start (a failed check is not kept).
 */
async function linkLines(db: Db, link: LinkRow): Promise<ResolvedLines> {
  const resolve = () =>
    resolveLineItems(
      db,
      link.livemode,
      link.lineItems.map((i) => ({
        price_id: i.price_id,
        quantity: i.quantity,
        ...(i.adjustable_quantity ? { adjustable_quantity: i.adjustable_quantity } : {}),
        ...(i.custom_amount !== null ? { custom_amount: i.custom_amount } : {}),
      })),
      link.currencyId ?? undefined,
    );
  const cache = catalogCacheOf(db);
  if (!cache) return resolve();
  const kept = await cache.one(db, 'checkout-link-lines', `${link.id}:${link.updatedAt.getTime()}`, resolve);
  return { ...kept, items: kept.items.map((item) => ({ ...item, id: newId('li') })) };
}

/**
 * checkout-sessions/start/{plink}: a fresh session with the link's items and options. Its insert commits
 * asynchronously (repo.ts, InsertDurability): nothing is paid yet, and a session a PostgreSQL crash loses
 * is replaced by a new one on the visitor's next load (the page resumes a remembered session only while
 * retrieve finds it open).
 */
export async function createFromLink(db: Db, link: LinkRow, customerId: string | null): Promise<SessionRow> {
  if (!link.active) throw ApiError.of('payment_link_inactive', {});
  return insertDraft(
    db,
    link.livemode,
    {
      lines: await linkLines(db, link),
      subscriptionData: link.subscriptionData,
      rest: {
        paymentLinkId: link.id,
        customerId,
        successUrl:
          link.afterCompletion.type === 'redirect' ? (link.afterCompletion.redirect?.url ?? null) : null,
        submitType: link.submitType,
        crossSellBehavior: link.crossSellBehavior,
        billingAddressCollection: link.billingAddressCollection,
        phoneNumberCollection: link.phoneNumberCollection,
        allowPromotionCodes: link.allowPromotionCodes,
        metadata: link.metadata,
      },
    },
    null,
    'async',
  );
}

/** Reads a session, turning an open one past expires_at into expired on the way. */
export async function readSession(db: Db, id: string, livemode: boolean | null): Promise<SessionRow> {
  const row = await getSession(db, id, livemode);
  if (!row) throw ApiError.of('checkout_session_missing', { id: id.slice(0, 100) });
  if (row.status === 'open' && row.expiresAt.getTime() <= Date.now())
    return expireSession(db, row, null, false);
  return row;
}

/**
 * The checkout page's read (retrieve): from the session cache, which is only ever used for what is shown
 * to the client. An open session past expires_at is expired from PostgreSQL's row, never a cached one.
 */
export async function readSessionForView(db: Db, id: string): Promise<SessionRow> {
  const cache = sessionCacheOf(db);
  const row = cache ? await cache.get(id, () => getSession(db, id, null)) : await getSession(db, id, null);
  if (!row) throw ApiError.of('checkout_session_missing', { id: id.slice(0, 100) });
  if (row.status === 'open' && row.expiresAt.getTime() <= Date.now()) return readSession(db, id, null);
  return row;
}

/**
 * `now`: a merchant expires it early, so expires_at moves to now (the page reads expiry from it). The
 * status is decided on the locked row: a payment completing at the same moment is never overwritten
 * with `expired` (whichever commits first wins, and the other sees its result).
 */
export async function expireSession(
  db: Db,
  row: SessionRow,
  idem: string | null,
  now = true,
): Promise<SessionRow> {
  const refuseComplete = () => ApiError.of('checkout_complete_not_expirable', {});
  if (row.status === 'complete') throw refuseComplete();
  if (row.status === 'expired') return row;
  return db.transaction(async (tx) => {
    const current = await getSession(tx, row.id, null, true);
    if (!current) throw ApiError.of('checkout_session_missing', { id: row.id });
    if (current.status === 'complete') throw refuseComplete();
    if (current.status === 'expired') return current;
    const updated = await updateSession(tx, row.id, {
      status: 'expired',
      ...(now ? { expiresAt: new Date() } : {}),
    });
    await recordEvent(tx, 'checkout.session.expired', updated, idem);
    await closeExpiredIntent(tx, updated);
    await releaseExpiredStock(tx, row.id);
    await releaseRedemption(tx, row.id);
    return updated;
  });
}
