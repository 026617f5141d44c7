import type { Invoice, InvoiceListItem } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { summarise } from './summary';
import { fakeCurrency, fakeInvoice, fakeMethod } from './testFixtures';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const ETH = fakeCurrency({ id: 'pc_eth00000', symbol: 'ETH', decimal: 18 });

function item(over: Partial<Invoice>): InvoiceListItem {
  const invoice = fakeInvoice({
    currency_id: 'pc_usd00000',
    created_at: '2026-03-01T00:00:00Z',
    amount_paid: '0',
    ...over,
  });
  return {
    ...invoice,
    paymentCurrency: invoice.currency_id === ETH.id ? ETH : fakeCurrency(),
    paymentMethod: fakeMethod(),
  };
}

describe('portal summary', () => {
  it('adds paid this year, open and past due per currency, exactly and never across currencies', () => {
    const rows = summarise(
      [
        item({ id: 'in_1', status: 'paid', amount_paid: '9900000', amount_remaining: '0' }),
        // Paid last year: not in this year's total.
        item({ id: 'in_2', status: 'paid', amount_paid: '5', created_at: '2025-12-31T23:59:59Z' }),
        item({ id: 'in_3', status: 'open', amount_remaining: '100', due_date: '2026-07-01T00:00:00Z' }),
        item({ id: 'in_4', status: 'open', amount_remaining: '7', due_date: '2026-06-01T00:00:00Z' }),
        item({
          id: 'in_5',
          status: 'uncollectible',
          amount_remaining: '3',
          due_date: '2026-05-01T00:00:00Z',
        }),
        item({ id: 'in_6', status: 'void', amount_paid: '0', amount_remaining: '999' }),
        item({
          id: 'in_7',
          status: 'paid',
          currency_id: ETH.id,
          amount_paid: '1000000000000000001',
          amount_remaining: '0',
        }),
      ],
      NOW,
      new Set(['in_4', 'in_5']),
    );
    expect(rows.map((r) => [r.currencyId, r.paidThisYear, r.open, r.pastDue])).toEqual([
      ['pc_usd00000', 9_900_000n, 100n, 10n],
      ['pc_eth00000', 1_000_000_000_000_000_001n, 0n, 0n],
    ]);
  });

  it('counts as past due exactly the invoices the server names, whatever the browser clock says', () => {
    // A test clock's invoice: due long after the real date, past due on its clock.
    const onClock = item({
      id: 'in_c',
      status: 'open',
      amount_remaining: '40',
      due_date: '2031-04-13T00:00:00Z',
    });
    // Due before the browser's date but not named by the server: not past due.
    const notNamed = item({
      id: 'in_n',
      status: 'open',
      amount_remaining: '2',
      due_date: '2026-01-01T00:00:00Z',
    });
    const [row] = summarise([onClock, notNamed], NOW, new Set(['in_c']));
    expect(row).toMatchObject({ pastDue: 40n, open: 2n });
  });
});
