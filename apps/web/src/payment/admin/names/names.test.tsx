// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import type { Subscription } from '@payshelf/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { renderRoutes } from '../../../testing/renderRoutes';
import { fakeCurrency, fakeMethod } from '../../portal/logic/testFixtures';

// Admin tables show a person's name, not the raw customer id, and statuses in the page's language.
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
  status: 'trialing',
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

const intent = {
  id: 'pi_abcdefgh1234',
  object: 'payment_intent',
  livemode: false,
  status: 'succeeded',
  amount: '1000000',
  amount_received: '1000000',
  currency_id: 'pc_usd00000',
  payment_method_id: 'pm_aaaaaaaa',
  customer_id: sub.customer_id,
  checkout_session_id: null,
  invoice_id: null,
  description: null,
  last_payment_error: null,
  payment_details: { network: 'eip155:31337' },
  metadata: {},
  created_at: T,
  updated_at: T,
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const p = new URL(String(input), 'http://localhost').pathname;
      if (p === '/payment/api/payment-intents') {
        return json({ object: 'list', data: [intent], has_more: false, url: '/payment-intents' });
      }
      if (p === '/payment/api/payment-methods') {
        return json({ object: 'list', data: [fakeMethod()], has_more: false, url: '/payment-methods' });
      }
      if (p === '/payment/api/payment-currencies') {
        return json({ object: 'list', data: [fakeCurrency()], has_more: false, url: '/payment-currencies' });
      }
      if (p === '/payment/api/subscriptions') {
        return json({ object: 'list', data: [sub], has_more: false, url: '/subscriptions' });
      }
      if (p === `/payment/api/customers/${sub.customer_id}`) return json(customer);
      if (p === `/payment/api/customers/${sub.customer_id}/activity`) {
        return json({ customer_id: sub.customer_id, balances: [], payments: [], refunds: [], events: [] });
      }
      if (p === '/payment/api/invoices') return json({ list: [], count: 0, subscription: null });
      if (p.endsWith('/upcoming-invoice')) {
        return json({ error: { type: 'not_found_error', code: 'resource_missing', message: 'none' } }, 404);
      }
      return json({ object: 'list', data: [], has_more: false, url: '/x' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('names and statuses in admin tables', () => {
  it('lists a subscription by its customer name, the id kept as the link title', async () => {
    renderRoutes('/payment/admin/subscriptions', { session: owner });
    const link = await screen.findByText('Carol', {}, SLOW);
    expect(link.closest('a')?.getAttribute('title')).toBe(sub.customer_id);
    expect(link.closest('a')?.getAttribute('href')).toBe(`/payment/admin/customers/${sub.customer_id}`);
  }, 20_000);

  it('lists a payment by its method name and customer name, not pm_, chain or cus_ ids', async () => {
    renderRoutes('/payment/admin/payments', { session: owner });
    const table = await screen.findByTestId('payments-table', {}, SLOW);
    await within(table).findByText('Local chain', {}, SLOW);
    await within(table).findByText('Carol', {}, SLOW);
    expect(table.textContent).not.toMatch(/pm_|eip155|cus_/);
  }, 20_000);

  it('shows the customer page statuses in Chinese', async () => {
    renderRoutes(`/payment/admin/customers/${sub.customer_id}`, { session: owner, locale: 'zh' });
    const rows = await screen.findByTestId('customer-subscriptions-table', {}, SLOW);
    await within(rows).findByText('试用中', {}, SLOW);
    expect(rows.textContent).not.toContain('trialing');
  }, 20_000);
});
