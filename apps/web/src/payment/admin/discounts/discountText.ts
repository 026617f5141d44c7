// How the admin tables write a coupon's terms and a promotion code's restrictions.
import type { Coupon, PaymentCurrency, PromotionCode } from '@payshelf/api';
import type { TFunction } from 'i18next';
import { money } from '../../checkout/logic/format';

/** "10% off" or "5 TUSD off" (plus other currencies), and how long: "Once", "for 3 months". */
export function couponTerms(
  c: Coupon,
  currencies: readonly PaymentCurrency[],
  t: TFunction,
  locale: string,
): string {
  const amount = (units: string | null, currencyId: string | null) => {
    const currency = currencies.find((x) => x.id === currencyId);
    return units === null ? '' : currency ? money(BigInt(units), currency, locale) : units;
  };
  const off = c.percent_off
    ? t('payment.admin.coupons.percentText', { percent: c.percent_off })
    : t('payment.admin.coupons.amountText', {
        amount: [
          amount(c.amount_off, c.currency_id),
          ...c.currency_options.map((o) => amount(o.amount_off, o.currency_id)),
        ].join(' / '),
      });
  const duration =
    c.duration === 'repeating'
      ? t('payment.admin.coupons.durationText', { count: c.duration_in_months ?? 0 })
      : t(`payment.admin.coupons.durations.${c.duration}`);
  return `${off} · ${duration}`;
}

/** "3 / 100" or "3 / No limit". */
export function redemptionText(used: number, max: number | null, t: TFunction): string {
  return `${used} / ${max === null ? t('payment.admin.coupons.noLimit') : String(max)}`;
}

/** The code's restrictions, short: "First purchase · Min 10 TUSD · 1 per customer". */
export function restrictionText(
  p: PromotionCode,
  currencies: readonly PaymentCurrency[],
  t: TFunction,
  locale: string,
): string {
  const r = p.restrictions;
  const currency = currencies.find((c) => c.id === r.minimum_amount_currency_id);
  const parts = [
    r.first_time_transaction ? t('payment.admin.promotionCodes.firstTimeShort') : null,
    r.minimum_amount !== null
      ? t('payment.admin.promotionCodes.minimumShort', {
          amount: currency ? money(BigInt(r.minimum_amount), currency, locale) : r.minimum_amount,
        })
      : null,
    r.per_customer_limit !== null
      ? t('payment.admin.promotionCodes.perCustomerShort', { count: r.per_customer_limit })
      : null,
  ];
  return parts.filter((x) => x !== null).join(' · ');
}
