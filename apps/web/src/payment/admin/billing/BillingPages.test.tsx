// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Invoice, PaymentIntent, Subscription } from '@payshelf/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { renderRoutes } from '../../../testing/renderRoutes';
import { invoiceActions, plusOneMonth, subscriptionActions, txOf } from './billingView';

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
const inv: Invoice = {
  id: 'in_abcdefgh1234',
  object: 'invoice',
  livemode: false,
  number: 'INV-0001',
  status: 'open',
  billing_reason: 'subscription_cycle',
  customer_id: sub.customer_id,
  subscription_id: sub.id,
  currency_id: sub.currency_id,
  payment_method_id: null,
  payment_intent_id: null,
  checkout_session_id: null,
  subtotal: '1000000',
  total: '1000000',
  amount_due: '1000000',
  amount_paid: '0',
  amount_remaining: '1000000',
  description: null,
  period_start: T,
  period_end: sub.current_period_end,
  due_date: null,
  attempt_count: 0,
  next_payment_attempt: null,
  attempts: [],
  test_clock_id: null,
  metadata: {},
  created_at: T,
  updated_at: T,
};

const listed = { ...inv, paymentCurrency: null, paymentMethod: null };

let calls: Array<{ url: URL; init: RequestInit | undefined }> = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const list = (data: unknown[]) => json({ object: 'list', data, has_more: false, url: '/x' });
const missing = () =>
  json({ error: { type: 'not_found_error', code: 'resource_missing', message: 'No such route' } }, 404);

function serve(handler: (url: URL, init: RequestInit | undefined) => Response | undefined) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, init });
      return handler(url, init) ?? list([]);
    }),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('billing view rules', () => {
  it('offers the actions the engine accepts', () => {
    expect(subscriptionActions({ status: 'active', cancel_at_period_end: false })).toEqual([
      'pause',
      'cancel',
    ]);
    expect(subscriptionActions({ status: 'active', cancel_at_period_end: true })).toEqual([
      'resume',
      'cancel',
    ]);
    expect(subscriptionActions({ status: 'canceled', cancel_at_period_end: false })).toEqual(['recover']);
    expect(subscriptionActions({ status: 'paused', cancel_at_period_end: false })).toEqual([
      'unpause',
      'cancel',
    ]);
    expect(invoiceActions({ status: 'paid' })).toEqual([]);
    expect(invoiceActions({ status: 'uncollectible' })).toEqual(['pay', 'markPaid', 'void']);
  });

  it('links a transaction only to an http explorer, and adds a calendar month', () => {
    expect(txOf({ tx_hash: '0xabc', explorer_url: 'javascript:alert(1)' })).toEqual({ hash: '0xabc' });
    expect(txOf({ tx_hash: '0xabc', explorer_url: 'https://x.example/tx/0xabc' })?.url).toBe(
      'https://x.example/tx/0xabc',
    );
    expect(txOf({})).toBeNull();
    expect(plusOneMonth(new Date(2027, 0, 31, 9, 30).toISOString())).toBe('2027-02-28T09:30');
  });
});

describe('billing admin pages', () => {
  it('searches subscriptions after a 300 ms pause and links each row to its page', async () => {
    serve((url) => (url.pathname === '/payment/api/subscriptions' ? list([sub]) : undefined));
    renderRoutes('/payment/admin/subscriptions', { session: owner });
    const table = await screen.findByTestId('subscriptions-table', {}, SLOW);
    const link = await within(table).findByRole('link', { name: sub.id });
    expect(link.getAttribute('href')).toBe(`/payment/admin/subscriptions/${sub.id}`);
    fireEvent.change(screen.getByLabelText('Search by customer, ID or description'), {
      target: { value: 'ada' },
    });
    const searched = () => calls.filter((c) => c.url.searchParams.get('q') === 'ada');
    expect(searched()).toHaveLength(0);
    await waitFor(() => expect(searched().length).toBeGreaterThan(0), { timeout: 2000 });
  }, 15_000);

  it('cancels at the period end with a feedback reason; no upcoming preview on this server is shown as a note', async () => {
    serve((url, init) => {
      const p = url.pathname;
      if (p === `/payment/api/subscriptions/${sub.id}/upcoming-invoice`) return missing();
      if (p === `/payment/api/subscriptions/${sub.id}/events`) return json({ object: 'list', data: [] });
      if (p === `/payment/api/subscriptions/${sub.id}/cancel`)
        return json({ ...sub, cancel_at_period_end: true });
      if (p === `/payment/api/subscriptions/${sub.id}` && init?.method !== 'POST') {
        return json({ ...sub, paymentCurrency: null, paymentMethod: null, latestInvoice: null });
      }
      if (p === '/payment/api/invoices') return json({ list: [listed], count: 1, subscription: null });
      return undefined;
    });
    renderRoutes(`/payment/admin/subscriptions/${sub.id}`, { session: owner, locale: 'zh' });
    await screen.findByTestId('subscription-facts', {}, SLOW);
    await waitFor(() =>
      expect(screen.getByTestId('upcoming-invoice').textContent).toBe('暂无下一张账单：此订阅无法预览。'),
    );
    await within(screen.getByTestId('subscription-invoices')).findByText('INV-0001');
    fireEvent.click(screen.getByTestId('subscription-cancel'));
    const feedback = await screen.findByRole('combobox', { name: '原因' });
    fireEvent.mouseDown(feedback);
    fireEvent.click(await screen.findByRole('option', { name: '价格太高' }));
    fireEvent.click(screen.getByTestId('cancel-confirm'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/cancel'))).toBe(true));
    const post = calls.find((c) => c.url.pathname.endsWith('/cancel'));
    expect(JSON.parse(String(post?.init?.body))).toEqual({ at_period_end: true, feedback: 'too_expensive' });
  }, 15_000);

  it('lists invoices by page with the export link carrying the filters', async () => {
    serve((url) =>
      url.pathname === '/payment/api/invoices'
        ? json({ list: [listed], count: 1, subscription: null })
        : undefined,
    );
    renderRoutes('/payment/admin/invoices', { session: owner });
    const table = await screen.findByTestId('invoices-table', {}, SLOW);
    await within(table).findByText('INV-0001');
    const first = calls.find((c) => c.url.pathname === '/payment/api/invoices');
    expect(first?.url.searchParams.get('page')).toBe('1');
    expect(first?.url.searchParams.get('pageSize')).toBe('10');
    const href = screen.getByTestId('invoices-export').getAttribute('href') ?? '';
    expect(href.startsWith('/payment/api/exports/invoices.csv?livemode=false')).toBe(true);
  }, 15_000);

  it('names the card that paid a card payment beside its method, in English and Chinese', async () => {
    const paid: PaymentIntent = {
      id: 'pi_abcdefgh1234',
      object: 'payment_intent',
      livemode: false,
      status: 'succeeded',
      amount: '990',
      amount_received: '990',
      currency_id: 'pc_card00000000',
      payment_method_id: 'pm_card00000000',
      customer_id: sub.customer_id,
      checkout_session_id: null,
      invoice_id: inv.id,
      description: null,
      last_payment_error: null,
      payment_details: { type: 'stripe', tx_hash: 'pi_local_1', card_brand: 'visa', card_last4: '4242' },
      metadata: {},
      created_at: T,
      updated_at: T,
    };
    serve((url) => (url.pathname === '/payment/api/payment-intents' ? list([paid]) : undefined));
    renderRoutes('/payment/admin/payments', { session: owner });
    const table = await screen.findByTestId('payments-table', {}, SLOW);
    await within(table).findByText(/ · Visa ending in 4242$/, {}, SLOW);
    cleanup();
    renderRoutes('/payment/admin/payments', { session: owner, locale: 'zh' });
    const zhTable = await screen.findByTestId('payments-table', {}, SLOW);
    await within(zhTable).findByText(/ · Visa，尾号 4242$/, {}, SLOW);
  }, 15_000);

  it("names proration lines by product and in the admin's language, not the engine's English", async () => {
    const team = {
      name: 'Team plan',
      description: null,
      metadata: { translations: { zh: { name: '团队版' } } },
    };
    const line = (id: string, amount: string) => ({
      id,
      object: 'invoice_item' as const,
      price_id: 'price_team',
      description: amount.startsWith('-') ? 'Unused time' : 'Remaining time',
      quantity: 1,
      amount,
      period_start: T,
      period_end: sub.current_period_end,
      proration: true,
      billed_product: team,
    });
    serve((url) =>
      url.pathname === `/payment/api/invoices/${inv.id}`
        ? json({
            ...listed,
            billing_reason: 'subscription_update',
            lines: [line('ii_old', '-500000'), line('ii_new', '900000')],
          })
        : undefined,
    );
    renderRoutes(`/payment/admin/invoices/${inv.id}`, { session: owner, locale: 'zh' });
    await screen.findByText('团队版: 未使用时间 (按比例)', {}, SLOW);
    expect(screen.getByText('团队版: 剩余时间 (按比例)')).toBeTruthy();
    expect(screen.queryByText(/Unused time|Remaining time/)).toBeNull();
  }, 15_000);

  it('shows the bill-to details typed at checkout beside the customer record', async () => {
    const details = { name: 'Somebody Else', email: 'else@example.com', phone: null, address: null };
    serve((url) =>
      url.pathname === `/payment/api/invoices/${inv.id}`
        ? json({ ...listed, lines: [], customer_details: details })
        : undefined,
    );
    renderRoutes(`/payment/admin/invoices/${inv.id}`, { session: owner });
    const facts = await screen.findByTestId('invoice-facts', {}, SLOW);
    expect(within(facts).getByText('Bill to')).toBeTruthy();
    expect(within(facts).getByText('Somebody Else · else@example.com')).toBeTruthy();
  }, 15_000);
});
