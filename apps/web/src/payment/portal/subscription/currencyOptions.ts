import type { PaymentCurrency, PaymentMethod, SubscriptionDetail } from '@payshelf/api';

/** One currency future invoices can be made in, with the payment method it belongs to. */
export interface CurrencyChoice {
  currency: PaymentCurrency;
  method: PaymentMethod;
}

/**
 * The currencies a subscription can be billed in: active, of an active method, and sold in by every
 * item's price (its own currency or one of its currency options). The subscription's current currency
 * is among them whenever it is still offered.
 */
export function currencyChoices(
  sub: Pick<SubscriptionDetail, 'items'>,
  methods: readonly PaymentMethod[],
): CurrencyChoice[] {
  const priced = sub.items.map((item) =>
    item.price
      ? new Set([item.price.currency_id, ...(item.price.currency_options ?? []).map((o) => o.currency_id)])
      : null,
  );
  if (priced.length === 0 || priced.some((ids) => ids === null)) return [];
  return methods
    .filter((method) => method.active)
    .flatMap((method) =>
      (method.payment_currencies ?? [])
        .filter((currency) => currency.active && priced.every((ids) => ids?.has(currency.id)))
        .map((currency) => ({ currency, method })),
    );
}
