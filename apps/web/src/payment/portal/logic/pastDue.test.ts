import type { InvoiceListItem } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { groupByCurrency, groupLabel, pastDuePath } from './pastDue';
import { fakeCurrency, fakeInvoice, fakeMethod } from './testFixtures';

const ETH = fakeCurrency({ id: 'pc_eth00000', symbol: 'ETH', decimal: 18 });

function item(id: string, currency: 'usd' | 'eth', remaining: string): InvoiceListItem {
  return {
    ...fakeInvoice({
      id,
      status: 'open',
      currency_id: currency === 'usd' ? 'pc_usd00000' : ETH.id,
      amount_remaining: remaining,
    }),
    paymentCurrency: currency === 'usd' ? fakeCurrency() : ETH,
    paymentMethod: fakeMethod(),
  };
}

describe('past-due page data', () => {
  it('builds the page address with the page to return to', () => {
    expect(pastDuePath('/payment', '/payment/checkout/pay/cs_1?mode=inline')).toBe(
      '/payment/customer/invoice/past-due?referer=%2Fpayment%2Fcheckout%2Fpay%2Fcs_1%3Fmode%3Dinline',
    );
    expect(pastDuePath('/', '/checkout/pay/cs_1')).toBe(
      '/customer/invoice/past-due?referer=%2Fcheckout%2Fpay%2Fcs_1',
    );
  });

  it('groups by currency in list order and adds up what is still owed, exactly', () => {
    const groups = groupByCurrency([
      item('in_1', 'eth', '900000000000000001'),
      item('in_2', 'usd', '2500000'),
      item('in_3', 'eth', '100000000000000000'),
    ]);
    expect(groups.map((g) => [g.currencyId, g.owed, g.invoices.map((i) => i.id)])).toEqual([
      ['pc_eth00000', 1_000_000_000_000_000_001n, ['in_1', 'in_3']],
      ['pc_usd00000', 2_500_000n, ['in_2']],
    ]);
    expect(groupByCurrency([])).toEqual([]);
  });

  it('labels a group by currency and method', () => {
    const [group] = groupByCurrency([item('in_1', 'usd', '1')]);
    expect(group && groupLabel(group)).toBe('TUSD · Local chain');
    expect(groupLabel({ currencyId: 'pc_gone', currency: null, method: null })).toBe('pc_gone');
  });
});
