// @vitest-environment happy-dom
import type { Invoice, InvoiceListItem } from '@payshelf/api';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
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
const { serve, calls } = fetchStub();

const item = (over: Partial<Invoice>): InvoiceListItem => ({
  ...fakeInvoice(over),
  paymentCurrency: fakeCurrency(),
  paymentMethod: fakeMethod(),
});

/** The signed-in customer, on a test clock frozen at `clock` (null: real time). */
const me = (clock: string | null) => ({
  id: 'cus_aaaaaaaa',
  object: 'customer',
  livemode: false,
  active: true,
  did: 'z1Buyer',
  name: 'Bea',
  email: null,
  phone: null,
  address: null,
  description: null,
  metadata: {},
  delinquent: false,
  test_clock: clock ? 'clock_aaaaaaaa' : null,
  clock_time: clock,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

/** Two paid invoices made on the customer's clock: one in 2030, one in 2031. */
const invoices = [
  item({ id: 'in_2031', amount_paid: '3000000', created_at: '2031-02-01T00:00:00.000Z' }),
  item({ id: 'in_2030', amount_paid: '5000000', created_at: '2030-12-15T00:00:00.000Z' }),
];

function answer(clock: string | null) {
  serve((url) => {
    if (url.pathname === '/payment/api/customers/me') return json(me(clock));
    if (url.pathname === '/payment/api/subscriptions')
      return json({ object: 'list', data: [], has_more: false, url: '/subscriptions' });
    if (url.pathname === '/payment/api/invoices') {
      const all = !url.searchParams.get('status') && !url.searchParams.get('past_due');
      const list = all ? invoices : [];
      return json({ list, count: list.length, subscription: null });
    }
    return json({}, 404);
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('portal home on a test clock', () => {
  it("counts 'Paid this year' in the year of the customer's clock, not the real calendar", async () => {
    answer('2031-04-20T00:00:00.000Z');
    renderRoutes('/payment/customer', { session: signedIn });
    const summary = await screen.findByTestId('portal-summary', {}, SLOW);
    const paid = within(summary).getByText('Paid this year').parentElement;
    // Only the 2031 invoice: the 2030 one is last year on the clock.
    await waitFor(() => expect(paid?.textContent).toBe('Paid this year3 TUSD'));
    expect(calls.find((u) => u.pathname === '/payment/api/customers/me')?.searchParams.get('livemode')).toBe(
      'false',
    );
  });

  it('counts from the real time when the customer is on no clock', async () => {
    answer(null);
    renderRoutes('/payment/customer', { session: signedIn });
    const summary = await screen.findByTestId('portal-summary', {}, SLOW);
    const paid = within(summary).getByText('Paid this year').parentElement;
    // Both were made after this real year began (they lie in the future).
    await waitFor(() => expect(paid?.textContent).toBe('Paid this year8 TUSD'));
  });
});
