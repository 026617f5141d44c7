import { describe, expect, it } from 'vitest';
import { fakeCurrency, fakeMethod, fakeSubscription } from '../logic/testFixtures';
import { currencyChoices } from './currencyOptions';

const tusd = fakeCurrency();
const teur = fakeCurrency({ id: 'pc_eur00000', symbol: 'TEUR', is_base_currency: false });
const teth = fakeCurrency({ id: 'pc_eth00000', symbol: 'TETH', payment_method_id: 'pm_bbbbbbbb' });
const local = fakeMethod({ payment_currencies: [tusd, teur] });
const other = fakeMethod({ id: 'pm_bbbbbbbb', name: 'Other chain', payment_currencies: [teth] });

/** A subscription of one item priced in TUSD with the given currency options. */
function subscriptionWithOptions(optionIds: string[]) {
  const sub = fakeSubscription();
  const [item] = sub.items;
  if (!item?.price) throw new Error('fixture without a price');
  const price = {
    ...item.price,
    currency_options: optionIds.map((currency_id) => ({ currency_id, unit_amount: '1000000' })),
  };
  return { ...sub, items: [{ ...item, price }] };
}

describe('currencyChoices', () => {
  it('offers the currencies every price is sold in, each with its method', () => {
    const choices = currencyChoices(subscriptionWithOptions([teth.id]), [local, other]);
    expect(choices.map((c) => [c.currency.symbol, c.method.name])).toEqual([
      ['TUSD', 'Local chain'],
      ['TETH', 'Other chain'],
    ]);
  });

  it('leaves out inactive currencies and methods, and currencies a price is not sold in', () => {
    const inactive = fakeMethod({ id: 'pm_bbbbbbbb', active: false, payment_currencies: [teth] });
    const choices = currencyChoices(subscriptionWithOptions([teth.id, 'pc_missing0']), [
      fakeMethod({ payment_currencies: [tusd, { ...teur, active: false }] }),
      inactive,
    ]);
    expect(choices.map((c) => c.currency.symbol)).toEqual(['TUSD']);
  });

  it('offers nothing when an item has no price to read', () => {
    const sub = fakeSubscription();
    const items = sub.items.map((i) => ({ ...i, price: null }));
    expect(currencyChoices({ items }, [local, other])).toEqual([]);
  });
});
