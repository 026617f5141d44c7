import type { PaymentLink, PaymentLinkCreate, PaymentLinkUpdate } from '@payshelf/api';
import { donationLimits } from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';
import { loadPrices, resolveLineItems } from '../line-items/index.js';
import { requireCurrency } from '../methods/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { recordEvent } from '../shared/events.js';
import { definedOnly } from '../shared/expand.js';
import { newId } from '../shared/ids.js';
import { moneyRule } from '../shared/rules.js';
import { getLink, insertLink, updateLink, type LinkRow } from './repo.js';
import { checkoutUrl, expandLineItems, serializeLink } from './serialize.js';

export interface LinkView {
  db: Db;
  base: string;
  mount: string;
}

export async function linkObject(v: LinkView, row: LinkRow): Promise<PaymentLink> {
  const prices = await loadPrices(v.db, row.lineItems, row.livemode);
  const items = await expandLineItems(v.db, row.lineItems, prices, row.livemode);
  return serializeLink(row, items, checkoutUrl(v.base, v.mount, row.id));
}

export async function requireLink(db: Db, id: string, livemode: boolean | null): Promise<LinkRow> {
  const row = await getLink(db, id, livemode);
  if (!row) throw ApiError.of('payment_link_missing', { id: id.slice(0, 100) });
  return row;
}

/** Donation bounds are human decimals of the link's currency; they must parse in it. */
async function checkDonation(db: Db, input: PaymentLinkUpdate, currencyId: string, livemode: boolean) {
  if (!input.donation_settings) return;
  const currency = await requireCurrency(db, currencyId, livemode, 'currency_id');
  const settings = input.donation_settings;
  const limits = moneyRule('donation_settings.amount', () => donationLimits(settings, currency.decimal));
  if (limits.configuredMax !== null && limits.min > limits.configuredMax) {
    throw ApiError.of('minimum_over_maximum', {}, { param: 'donation_settings.amount.minimum' });
  }
}

function checkAfterCompletion(input: PaymentLinkUpdate): void {
  if (input.after_completion?.type === 'redirect' && !input.after_completion.redirect?.url) {
    throw ApiError.of('link_redirect_url_missing', {}, { param: 'after_completion.redirect.url' });
  }
}

export async function createLink(
  db: Db,
  livemode: boolean,
  input: PaymentLinkCreate,
  idem: string | null,
): Promise<LinkRow> {
  checkAfterCompletion(input);
  const { items, currencyId } = await resolveLineItems(db, livemode, input.line_items, input.currency_id);
  await checkDonation(db, input, currencyId, livemode);
  return db.transaction(async (tx) => {
    const row = await insertLink(tx, {
      id: newId('plink'),
      livemode,
      active: input.active ?? true,
      name: input.name ?? null,
      currencyId: input.currency_id ?? null,
      lineItems: items,
      afterCompletion: input.after_completion ?? { type: 'hosted_confirmation' },
      donationSettings: input.donation_settings ?? null,
      allowPromotionCodes: input.allow_promotion_codes ?? false,
      submitType: input.submit_type ?? (input.donation_settings ? 'donate' : 'auto'),
      crossSellBehavior: input.cross_sell_behavior ?? 'auto',
      billingAddressCollection: input.billing_address_collection ?? 'auto',
      phoneNumberCollection: input.phone_number_collection?.enabled ?? false,
      subscriptionData: input.subscription_data ?? null,
      metadata: input.metadata ?? {},
    });
    await recordEvent(tx, 'payment_link.created', row, idem);
    return row;
  });
}

export async function changeLink(
  db: Db,
  id: string,
  livemode: boolean,
  input: PaymentLinkUpdate,
  idem: string | null,
): Promise<LinkRow> {
  const existing = await requireLink(db, id, livemode);
  checkAfterCompletion(input);
  const currencyId = input.currency_id ?? existing.currencyId ?? undefined;
  const lines = input.line_items ? await resolveLineItems(db, livemode, input.line_items, currencyId) : null;
  const firstPrice = (await loadPrices(db, existing.lineItems, livemode)).get(
    existing.lineItems[0]?.price_id ?? '',
  );
  await checkDonation(db, input, lines?.currencyId ?? currencyId ?? firstPrice?.currencyId ?? '', livemode);
  return db.transaction(async (tx) => {
    const row = await updateLink(
      tx,
      id,
      livemode,
      definedOnly({
        active: input.active,
        name: input.name,
        currencyId: input.currency_id,
        lineItems: lines?.items,
        afterCompletion: input.after_completion,
        donationSettings: input.donation_settings,
        allowPromotionCodes: input.allow_promotion_codes,
        submitType: input.submit_type,
        crossSellBehavior: input.cross_sell_behavior,
        billingAddressCollection: input.billing_address_collection,
        phoneNumberCollection: input.phone_number_collection?.enabled,
        subscriptionData: input.subscription_data,
        metadata: input.metadata,
      }),
    );
    if (!row) throw ApiError.of('resource_missing', {});
    await recordEvent(tx, 'payment_link.updated', row, idem);
    return row;
  });
}
