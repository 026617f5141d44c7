// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Subscription } from '@payshelf/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { renderRoutes } from '../../../testing/renderRoutes';

// "Refund last payment" on the admin subscription page: confirmed in a dialog with a refund reason,
// one POST to the subscription's refund-last-payment route, a success or the server's error on screen.
const SLOW = { timeout: 12_000 };
const owner: HeaderSession = {
  initialized: true,
  user: { did: 'z1Owner', role: 'owner', fullName: 'Ada', avatar: undefined },
};
const T = '2027-01-15T12:00:00.000Z';
const sub: Subscription = {
  id: 'sub_abcdefgh1234',
  object: 'subscription',
  livemode: false,
  status: 'active',
  customer_id: 'cus_abcdefgh1234',
  currency_id: 'pc_abcdefgh1234',
  default_payment_method_id: null,
  collection_method: 'send_invoice',
  description: null,
  items: [],
  start_date: T,
  current_period_start: T,
  current_period_end: '2027-02-15T12:00:00.000Z',
  trial_start: null,
  trial_end: null,
  cancel_at_period_end: false,
  cancel_at: null,
  canceled_at: null,
  ended_at: null,
  latest_invoice_id: null,
  checkout_session_id: null,
  billing_cycle_anchor: T,
  payer: null,
  days_until_due: 7,
  cancelation_details: null,
  test_clock_id: null,
  metadata: {},
  created_at: T,
  updated_at: T,
};
const PATH = `/payment/api/subscriptions/${sub.id}/refund-last-payment`;
const refund = {
  id: 're_abcdefgh1234',
  object: 'refund',
  livemode: false,
  status: 'pending',
  type: 'refund',
  reason: 'duplicate',
  amount: '1000000',
  currency_id: sub.currency_id,
  payment_intent_id: 'pi_abcdefgh1234',
  invoice_id: null,
  customer_id: sub.customer_id,
  description: null,
  failure_reason: null,
  metadata: {},
  created_at: T,
  updated_at: T,
};

/** A canceled subscription: its last payment can still be refunded from the customer page. */
const ended: Subscription = { ...sub, status: 'canceled', canceled_at: T, ended_at: T };
const customer = {
  id: sub.customer_id,
  object: 'customer',
  livemode: false,
  active: true,
  did: null,
  name: 'Carol',
  email: 'carol@example.com',
  phone: null,
  address: null,
  description: null,
  metadata: {},
  delinquent: false,
  created_at: T,
  updated_at: T,
};

let posts: unknown[] = [];
let answer: () => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function serve() {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const p = url.pathname;
      if (p === PATH && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return answer();
      }
      if (p === `/payment/api/subscriptions/${sub.id}` && init?.method !== 'POST') {
        return json({ ...sub, paymentCurrency: null, paymentMethod: null, latestInvoice: null });
      }
      if (p === '/payment/api/invoices') return json({ list: [], count: 0, subscription: null });
      if (p === '/payment/api/subscriptions') {
        return json({ object: 'list', data: [ended], has_more: false, url: '/subscriptions' });
      }
      if (p === `/payment/api/customers/${sub.customer_id}`) return json(customer);
      if (p === `/payment/api/customers/${sub.customer_id}/activity`) {
        return json({ customer_id: sub.customer_id, balances: [], payments: [], refunds: [], events: [] });
      }
      if (p.endsWith('/upcoming-invoice')) {
        return json({ error: { type: 'not_found_error', code: 'resource_missing', message: 'none' } }, 404);
      }
      return json({ object: 'list', data: [], has_more: false, url: '/x' });
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  answer = () => json(refund);
  serve();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDialog(name: string) {
  fireEvent.click(await screen.findByTestId(`refund-last-${sub.id}`, {}, SLOW));
  return screen.findByRole('dialog', { name });
}

describe('refund last payment', () => {
  it('asks first, sends the chosen reason, and says it is done', async () => {
    renderRoutes(`/payment/admin/subscriptions/${sub.id}`, { session: owner });
    const dialog = await openDialog(`Refund the last payment of ${sub.id}?`);
    expect(dialog.textContent).toContain('everything not refunded yet, to the account that paid it');
    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);

    const again = await openDialog(`Refund the last payment of ${sub.id}?`);
    const reason = within(again).getByRole('combobox', { name: 'Reason' });
    expect(reason.textContent).toBe('Requested by admin');
    fireEvent.mouseDown(reason);
    fireEvent.click(await screen.findByRole('option', { name: 'Duplicate' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Refund' }));
    await screen.findByText('Refund created; it is sent back through the payment’s rail.', {}, SLOW);
    expect(posts).toEqual([{ reason: 'duplicate' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 40_000);

  it('is on each subscription row of the customer page, a canceled one too', async () => {
    renderRoutes(`/payment/admin/customers/${sub.customer_id}`, { session: owner });
    const rows = await screen.findByTestId('customer-subscriptions-table', {}, SLOW);
    // A canceled subscription offers no cancel or pause, only the refund.
    await within(rows).findByTestId(`refund-last-${sub.id}`, {}, SLOW);
    expect(within(rows).queryByTestId(`sub-pause-${sub.id}`)).toBeNull();
    const dialog = await openDialog(`Refund the last payment of ${sub.id}?`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await screen.findByText('Refund created; it is sent back through the payment’s rail.', {}, SLOW);
    expect(posts).toEqual([{ reason: 'requested_by_admin' }]);
  }, 40_000);

  it('keeps the dialog and shows the server’s reason when nothing can be refunded, in Chinese', async () => {
    answer = () =>
      json(
        {
          error: {
            type: 'invalid_request_error',
            code: 'refund_no_payment',
            message: '此订阅没有可退款的成功付款',
          },
        },
        400,
      );
    renderRoutes(`/payment/admin/subscriptions/${sub.id}`, { session: owner, locale: 'zh' });
    expect((await screen.findByTestId(`refund-last-${sub.id}`, {}, SLOW)).textContent).toBe(
      '退还最近一笔付款',
    );
    const dialog = await openDialog(`退还 ${sub.id} 的最近一笔付款？`);
    fireEvent.click(within(dialog).getByRole('button', { name: '退款' }));
    await screen.findByText('此订阅没有可退款的成功付款', {}, SLOW);
    expect(posts).toEqual([{ reason: 'requested_by_admin' }]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  }, 40_000);
});
