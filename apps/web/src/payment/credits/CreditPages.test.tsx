// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../platform/session/useHeaderSession';
import { fetchStub, json } from '../../testing/fetchStub';
import { renderRoutes } from '../../testing/renderRoutes';
import { rangeQuery } from './dateRange';
import { fakeGrant, fakeTransaction } from './testFixtures';

const SLOW = { timeout: 12_000 };
const session = (role: string): HeaderSession => ({
  initialized: true,
  user: { did: 'z1Buyer', role, fullName: 'Bea', avatar: undefined },
});
const { serve, calls } = fetchStub();

const me = {
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
  test_clock: null,
  clock_time: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const page = <T,>(data: T[]) => ({
  object: 'list',
  data,
  has_more: false,
  url: '/x',
  count: data.length,
  page: 1,
  pageSize: 10,
});

const grants = [
  fakeGrant({ id: 'cgr_paid0001', remaining_amount: '48500' }),
  fakeGrant({
    id: 'cgr_promo001',
    name: 'Welcome credit',
    category: 'promotional',
    amount: '1000',
    remaining_amount: '1000',
    status: 'pending',
    expires_at: '2036-01-01T00:00:00.000Z',
    applicability_config: { scope: { prices: ['price_ai'] } },
  }),
];
const moves = [fakeTransaction({ id: 'ctx_1' }), fakeTransaction({ id: 'ctx_2', credit_amount: '500' })];

function answer() {
  serve((url) => {
    switch (url.pathname) {
      case '/payment/api/customers/me':
        return json(me);
      case '/payment/api/credit-grants':
        return json(page(grants));
      case '/payment/api/credit-grants/cgr_paid0001':
        return json(grants[0]);
      case '/payment/api/credit-transactions':
        return json(page(moves));
      case '/payment/api/subscriptions':
        return json({ object: 'list', data: [], has_more: false, url: '/subscriptions' });
      case '/payment/api/invoices':
        return json({ list: [], count: 0, subscription: null });
      default:
        return json(
          { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'x' } },
          404,
        );
    }
  });
}

/** Narrow screens (under 600 px) match `max-width` queries of MUI's `down('sm')`. */
function screenWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max ? px <= Number(max[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    };
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('credit balance on the portal home', () => {
  it('shows the available credit per currency and links to the credits page', async () => {
    answer();
    renderRoutes('/payment/customer', { session: session('guest') });
    const panel = await screen.findByTestId('portal-credit-balance', {}, SLOW);
    expect(within(panel).getByTestId('credit-available').textContent).toBe('485 CRD');
    expect(within(panel).getByText('Not yet in effect').nextSibling?.textContent).toBe('10 CRD');
    expect(within(panel).getByRole('link', { name: 'Credits' }).getAttribute('href')).toBe(
      '/payment/customer/credits',
    );
    const asked = calls.find((u) => u.pathname === '/payment/api/credit-grants');
    expect(asked?.searchParams.get('customer_id')).toBe('cus_aaaaaaaa');
    expect(asked?.searchParams.get('status')).toBe('granted,pending');
  });
});

describe('credit grant page', () => {
  it('shows the grant, its status chip and its transactions (no meter event column for a customer)', async () => {
    answer();
    renderRoutes('/payment/customer/credit-grant/cgr_paid0001', { session: session('guest') });
    await screen.findByRole('heading', { level: 1, name: 'AI credits' }, SLOW);
    expect(screen.getByTestId('credit-status').textContent).toBe('Granted');
    expect(screen.getByTestId('detail-amount').textContent).toBe('500 CRD');
    expect(screen.getByTestId('detail-remaining').textContent).toBe('485 CRD');
    expect(screen.getByTestId('detail-category').textContent).toBe('Paid');
    expect(screen.getByTestId('detail-expires').textContent).toBe('Never');
    expect(screen.getByTestId('detail-scope').textContent).toBe('General: any metered use');
    const rows = await screen.findAllByTestId('credit-transaction-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('15 CRD')).toBeTruthy();
    expect(screen.queryByText('Meter event')).toBeNull();
    const asked = calls.find((u) => u.pathname === '/payment/api/credit-transactions');
    expect(asked?.searchParams.get('credit_grant_id')).toBe('cgr_paid0001');
  });

  it('in Chinese', async () => {
    answer();
    renderRoutes('/payment/customer/credit-grant/cgr_paid0001', { session: session('guest'), locale: 'zh' });
    await screen.findAllByTestId('credit-transaction-row', {}, SLOW);
    expect(screen.getByTestId('credit-status').textContent).toBe('已发放');
    expect(screen.getByText('积分交易')).toBeTruthy();
  });
});

describe('credit transactions with a date range', () => {
  it('sends 00:00:00 of the first day to the end of the last (popover on desktop)', async () => {
    screenWidth(1280);
    answer();
    renderRoutes('/payment/customer/credits', { session: session('guest') });
    await screen.findAllByTestId('credit-grant-row', {}, SLOW);
    expect(screen.getAllByTestId('credit-status').map((c) => c.textContent)).toEqual(['Granted', 'Pending']);
    fireEvent.click(screen.getByTestId('credit-range-button'));
    const picker = await screen.findByRole('dialog', {}, SLOW);
    // A popover (paper) rather than a modal dialog's container.
    expect(picker.className).toContain('MuiPopover-paper');
    fireEvent.change(within(picker).getByTestId('credit-range-from'), { target: { value: '2026-05-03' } });
    fireEvent.change(within(picker).getByTestId('credit-range-to'), { target: { value: '2026-05-01' } });
    fireEvent.click(within(picker).getByTestId('credit-range-apply'));
    expect(within(picker).getByTestId('credit-range-invalid')).toBeTruthy();
    fireEvent.change(within(picker).getByTestId('credit-range-to'), { target: { value: '2026-05-04' } });
    fireEvent.click(within(picker).getByTestId('credit-range-apply'));
    const expected = rangeQuery({ from: '2026-05-03', to: '2026-05-04' });
    await waitFor(() => {
      const asked = calls.filter((u) => u.pathname === '/payment/api/credit-transactions').at(-1);
      expect(asked?.searchParams.get('start')).toBe(expected?.start);
      expect(asked?.searchParams.get('end')).toBe(expected?.end);
      expect(asked?.searchParams.get('customer_id')).toBe('cus_aaaaaaaa');
    });
    expect(screen.getByTestId('credit-range-button').textContent).toBe('May 3, 2026 – May 4, 2026');
  });

  it('opens a dialog on a narrow screen, and an owner sees the meter event column', async () => {
    screenWidth(390);
    answer();
    renderRoutes('/payment/customer/credits', { session: session('owner') });
    const rows = await screen.findAllByTestId('credit-transaction-row', {}, SLOW);
    const event = within(rows[0] as HTMLElement).getByTestId('credit-meter-event');
    expect(event.textContent).toBe('mev_aaaaaaaa');
    expect(within(event).getByRole('link').getAttribute('href')).toBe('/payment/admin/billing/mtr_aaaaaaaa');
    fireEvent.click(screen.getByTestId('credit-range-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a date range' }, SLOW);
    expect(dialog.className).toContain('MuiDialog-paper');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => {
      const asked = calls.filter((u) => u.pathname === '/payment/api/credit-transactions').at(-1);
      expect(asked?.searchParams.get('start')).toBeTruthy();
    });
  });
});
