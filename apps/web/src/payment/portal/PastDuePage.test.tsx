// @vitest-environment happy-dom
import type { InvoiceListItem } from '@payshelf/api';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../platform/session/useHeaderSession';
import { fetchStub, json } from '../../testing/fetchStub';
import { renderRoutes } from '../../testing/renderRoutes';
import { fakeCurrency, fakeInvoice, fakeMethod } from './logic/testFixtures';

const SLOW = { timeout: 12_000 };
const signedIn: HeaderSession = {
  initialized: true,
  user: { did: 'z1Buyer', role: 'guest', fullName: 'Bea', avatar: undefined },
};
const REFERER = '/payment/checkout/pay/cs_aaaaaaaa?mode=inline';
const PAGE = `/payment/customer/invoice/past-due?referer=${encodeURIComponent(REFERER)}`;
const DUE = '2026-01-10T12:00:00.000Z';
const ETH = fakeCurrency({ id: 'pc_eth00000', symbol: 'ETH', decimal: 18, maximum_precision: 6 });

function pastDue(id: string, number: string, over: Partial<InvoiceListItem> = {}): InvoiceListItem {
  return {
    ...fakeInvoice({
      id,
      number,
      status: 'open',
      amount_paid: '0',
      amount_remaining: '2500000',
      due_date: DUE,
    }),
    paymentCurrency: fakeCurrency(),
    paymentMethod: fakeMethod(),
    ...over,
  };
}
const ethInvoice = pastDue('in_eth00001', 'INV-000003', {
  currency_id: ETH.id,
  status: 'uncollectible',
  amount_remaining: '1500000000000000000',
  paymentCurrency: ETH,
});

const { serve, calls } = fetchStub();
const listOf = (list: InvoiceListItem[], count = list.length) => json({ list, count, subscription: null });
const apiCalls = () => calls.filter((u) => u.pathname.startsWith('/payment/api'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('past-due invoices page', () => {
  it('lists the past-due invoices by currency, with the amount owed in each and links to each invoice', async () => {
    serve(() =>
      listOf([pastDue('in_usd00001', 'INV-000001'), ethInvoice, pastDue('in_usd00002', 'INV-000002')]),
    );
    renderRoutes(PAGE, { session: signedIn });
    const summary = await screen.findByTestId('past-due-summary', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Past due invoices');
    expect(within(summary).getByTestId('detail-owed-pc_usd00000').textContent).toBe('5 TUSD');
    expect(within(summary).getByTestId('detail-owed-pc_eth00000').textContent).toBe('1.5 ETH');
    expect(summary.textContent).toContain('TUSD · Local chain');

    const usd = screen.getByTestId('past-due-pc_usd00000');
    expect(within(usd).getByRole('heading').textContent).toBe('TUSD · Local chain');
    const rows = within(usd).getAllByTestId('past-due-invoice');
    const cells = rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
    expect(cells.map(([number, , status, amount]) => [number, status, amount])).toEqual([
      ['INV-000001', 'Open', '2.5 TUSD'],
      ['INV-000002', 'Open', '2.5 TUSD'],
    ]);
    // The due date shows as a local date and time.
    const day = new Date(DUE).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    expect(cells[0]?.[1]).toMatch(new RegExp(`^${day}, \\d{1,2}:\\d{2}\\s?[AP]M$`));
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/payment/customer/invoice/in_usd00001');
    const eth = within(screen.getByTestId('past-due-pc_eth00000')).getByTestId('past-due-invoice');
    expect(within(eth).getByText('Uncollectible')).toBeTruthy();
    expect(within(eth).getByText('1.5 ETH')).toBeTruthy();

    expect(screen.getByTestId('past-due-back').getAttribute('href')).toBe(REFERER);
    const [call] = apiCalls();
    expect(call?.pathname).toBe('/payment/api/invoices');
    expect(Object.fromEntries(call?.searchParams ?? [])).toMatchObject({
      past_due: 'true',
      livemode: 'false',
      include_staking: 'true',
      page: '1',
    });
  });

  it('offers Pay now per currency (the overdue answer of this customer)', async () => {
    const usd = pastDue('in_usd00001', 'INV-000001');
    serve((url) =>
      url.pathname === '/payment/api/invoices'
        ? listOf([usd])
        : json({
            summary: {
              [usd.currency_id]: { amount: '2500000', currency: fakeCurrency(), method: fakeMethod() },
            },
            invoices: [usd],
            subscription: null,
            subscriptionCount: 0,
            customer: {
              id: usd.customer_id,
              object: 'customer',
              livemode: false,
              active: true,
              did: null,
              name: 'Bea',
              email: null,
              phone: null,
              address: null,
              description: null,
              metadata: {},
              delinquent: true,
              created_at: DUE,
              updated_at: DUE,
            },
          }),
    );
    renderRoutes(PAGE, { session: signedIn });
    const row = await screen.findByTestId(`overdue-row-${usd.currency_id}`, {}, SLOW);
    expect(within(row).getByTestId('overdue-pay').textContent).toBe('Pay now');
    expect(within(row).getByTestId('overdue-view').textContent).toBe('View now');
    expect(
      apiCalls().some((u) => u.pathname === `/payment/api/customers/${usd.customer_id}/overdue/invoices`),
    ).toBe(true);
  });

  it('opens an invoice from the list', async () => {
    serve((url) =>
      url.pathname === '/payment/api/invoices'
        ? listOf([pastDue('in_usd00001', 'INV-000001')])
        : json({ error: { type: 'api_error', code: 'api_error', message: 'not here' } }, 500),
    );
    const { router } = renderRoutes(PAGE, { session: signedIn });
    fireEvent.click(await screen.findByRole('link', { name: 'INV-000001' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/customer/invoice/in_usd00001'));
  });

  it('reads every page of a long list', async () => {
    serve((url) =>
      url.searchParams.get('page') === '1'
        ? listOf([pastDue('in_usd00001', 'INV-000001')], 2)
        : listOf([pastDue('in_usd00002', 'INV-000002')], 2),
    );
    renderRoutes(PAGE, { session: signedIn });
    const summary = await screen.findByTestId('past-due-summary', {}, SLOW);
    expect(within(summary).getByTestId('detail-owed-pc_usd00000').textContent).toBe('5 TUSD');
    expect(screen.getAllByTestId('past-due-invoice')).toHaveLength(2);
    const listCalls = apiCalls().filter((u) => u.pathname === '/payment/api/invoices');
    expect(listCalls.map((u) => u.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('says there are none, with the way back', async () => {
    localStorage.setItem('livemode', 'true');
    serve(() => listOf([]));
    renderRoutes(PAGE, { session: signedIn });
    const empty = await screen.findByTestId('empty-state', {}, SLOW);
    expect(empty.textContent).toContain('No past due invoices');
    expect(screen.getByTestId('past-due-back').getAttribute('href')).toBe(REFERER);
    expect(apiCalls()[0]?.searchParams.get('livemode')).toBe('true');
  });

  it('asks a visitor to sign in and asks nothing of the API', async () => {
    serve(() => listOf([]));
    renderRoutes(PAGE);
    const prompt = await screen.findByTestId('portal-sign-in', {}, SLOW);
    expect(prompt.textContent).toContain('Sign in to see your past due invoices.');
    expect(within(prompt).getByTestId('sign-in-button').getAttribute('href')).toBe(
      `/.well-known/service/login?redirect=${encodeURIComponent(PAGE)}`,
    );
    expect(screen.getByTestId('past-due-back').getAttribute('href')).toBe(REFERER);
    expect(apiCalls()).toEqual([]);
  });

  it('shows an error with a retry, then the list', async () => {
    let fail = true;
    serve(() =>
      fail
        ? json({ error: { type: 'api_error', code: 'api_error', message: 'Database unavailable' } }, 500)
        : listOf([pastDue('in_usd00001', 'INV-000001')]),
    );
    renderRoutes(PAGE, { session: signedIn });
    const alert = await screen.findByTestId('portal-error', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Database unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('past-due-summary', {}, SLOW);
  });

  it('offers the way back only to a page of this site', async () => {
    serve(() => listOf([]));
    renderRoutes('/payment/customer/invoice/past-due?referer=https%3A%2F%2Fevil.example%2F', {
      session: signedIn,
    });
    await screen.findByTestId('empty-state', {}, SLOW);
    expect(screen.queryByTestId('past-due-back')).toBeNull();
  });

  it('speaks Chinese', async () => {
    serve(() => listOf([pastDue('in_usd00001', 'INV-000001')]));
    renderRoutes(PAGE, { session: signedIn, locale: 'zh' });
    const summary = await screen.findByTestId('past-due-summary', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('逾期账单');
    expect(summary.textContent).toContain('逾期金额');
    expect(screen.getByRole('columnheader', { name: '到期日' })).toBeTruthy();
    expect(screen.getByText('待支付')).toBeTruthy();
    expect(screen.getByTestId('past-due-back').textContent).toBe('返回');
  });
});
