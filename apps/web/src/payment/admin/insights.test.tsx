// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../platform/session/useHeaderSession';
import { renderRoutes } from '../../testing/renderRoutes';
import { fakeCurrency } from '../portal/logic/testFixtures';

const SLOW = { timeout: 20_000 };
const AT = '2026-03-02T10:00:00.000Z';
const owner: HeaderSession = {
  initialized: true,
  user: { did: 'z1Owner', role: 'owner', fullName: 'Olivia', avatar: undefined },
};
const tusd = fakeCurrency();

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;
let calls: Array<{ url: URL; init: RequestInit | undefined }> = [];
function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, init });
      return handler(url, init) ?? new Response('{}', { status: 404 });
    }),
  );
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const list = (data: unknown[]) => json({ object: 'list', data, has_more: false, url: '/x' });

const payment = {
  id: 'pi_paid0001',
  object: 'payment_intent',
  livemode: false,
  status: 'succeeded',
  amount: '5000000',
  amount_received: '5000000',
  currency_id: tusd.id,
  payment_method_id: null,
  customer_id: 'cus_carol001',
  checkout_session_id: null,
  invoice_id: null,
  description: null,
  last_payment_error: null,
  payment_details: null,
  metadata: {},
  created_at: AT,
  updated_at: AT,
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('admin overview', () => {
  it(
    'draws revenue as an SVG with a text alternative and lists past due and recent payments',
    { timeout: 30_000 },
    async () => {
      serve((url) =>
        url.pathname === '/payment/api/overview'
          ? json({
              from: '2026-03-01',
              to: '2026-03-02',
              currencies: [{ id: tusd.id, symbol: 'TUSD', decimal: 6, name: 'Test USD' }],
              revenue: [{ date: '2026-03-02', currency_id: tusd.id, amount: '5000000' }],
              subscriptions: [{ date: '2026-03-02', currency_id: tusd.id, mrr: '10000000', active: 2 }],
              past_due: [{ currency_id: tusd.id, amount: '2500000', count: 1 }],
              recent_payments: [payment],
            })
          : undefined,
      );
      renderRoutes('/payment/admin', { session: owner });
      const page = await screen.findByTestId('page-admin-overview', {}, SLOW);
      const chart = await within(page).findByTestId(`chart-revenue-${tusd.id}`);
      expect(within(chart).getByRole('img').textContent).toContain('Revenue per day in TUSD, last 30 days');
      expect(within(chart).getByRole('table', { hidden: true }).textContent).toContain('5 TUSD');
      expect(within(page).getByTestId('overview-past-due').textContent).toContain('2.5 TUSD');
      expect(within(page).getByTestId('overview-recent').textContent).toContain('cus_carol001');
      expect(
        calls.find((c) => c.url.pathname === '/payment/api/overview')?.url.searchParams.get('days'),
      ).toBe('30');
    },
  );
});

describe('admin customer page', () => {
  it(
    'offers no Refund for a payment with nothing to refund (a 0 TUSD trial)',
    { timeout: 30_000 },
    async () => {
      const zero = { ...payment, id: 'pi_zerotrial', amount: '0', amount_received: '0' };
      serve((url) => {
        const p = url.pathname.replace('/payment/api', '');
        if (p === '/customers/cus_dave001')
          return json({
            id: 'cus_dave001',
            object: 'customer',
            livemode: false,
            active: true,
            did: null,
            name: 'Dave',
            email: 'dave@example.com',
            phone: null,
            address: null,
            description: null,
            metadata: {},
            delinquent: false,
            created_at: AT,
            updated_at: AT,
          });
        if (p === '/customers/cus_dave001/activity')
          return json({
            customer_id: 'cus_dave001',
            balances: [],
            payments: [payment, zero],
            refunds: [],
            events: [],
          });
        if (p === '/payment-currencies') return list([tusd]);
        if (p === '/subscriptions') return list([]);
        if (p === '/invoices') return json({ list: [], count: 0, subscription: null });
        return undefined;
      });
      renderRoutes('/payment/admin/customers/cus_dave001', { session: owner });
      await screen.findByTestId(`refund-${payment.id}`, {}, SLOW);
      expect(screen.queryByTestId('refund-pi_zerotrial')).toBeNull();
    },
  );

  it('refunds part of a payment with a reason', { timeout: 30_000 }, async () => {
    const customer = {
      id: 'cus_carol001',
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
      created_at: AT,
      updated_at: AT,
    };
    serve((url, init) => {
      const p = url.pathname.replace('/payment/api', '');
      if (p === '/customers/cus_carol001') return json(customer);
      if (p === '/customers/cus_carol001/activity')
        return json({ customer_id: customer.id, balances: [], payments: [payment], refunds: [], events: [] });
      if (p === '/payment-currencies') return list([tusd]);
      if (p === '/subscriptions') return list([]);
      if (p === '/invoices') return json({ list: [], count: 0, subscription: null });
      if (p === '/refunds' && init?.method === 'POST') {
        return json({
          id: 're_1',
          object: 'refund',
          livemode: false,
          status: 'pending',
          type: 'refund',
          reason: 'duplicate',
          amount: '1500000',
          currency_id: tusd.id,
          payment_intent_id: payment.id,
          invoice_id: null,
          customer_id: customer.id,
          metadata: {},
          created_at: AT,
          updated_at: AT,
        });
      }
      return undefined;
    });
    renderRoutes('/payment/admin/customers/cus_carol001', { session: owner });
    fireEvent.click(await screen.findByTestId(`refund-${payment.id}`, {}, SLOW));
    const amount = await screen.findByTestId('refund-amount');
    fireEvent.change(amount, { target: { value: '9' } });
    expect((screen.getByTestId('refund-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '1.5' } });
    fireEvent.mouseDown(within(screen.getByTestId('refund-reason')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Duplicate' }));
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      payment_intent_id: payment.id,
      reason: 'duplicate',
      amount: '1500000',
    });
  });
});

describe('donations integration page', () => {
  it('is for owners and admins: a member sees the 403 page', { timeout: 30_000 }, async () => {
    serve(() => undefined);
    const member: HeaderSession = {
      initialized: true,
      user: { did: 'z1M', role: 'member', fullName: 'M', avatar: undefined },
    };
    renderRoutes('/payment/integrations/donations', { session: member });
    await screen.findByTestId('error-page-403', {}, SLOW);
  });

  it('refuses beneficiary shares that do not add up to 100 before saving', { timeout: 30_000 }, async () => {
    const record = {
      id: 'setting_1',
      object: 'setting',
      livemode: false,
      type: 'donate',
      mount_location: 'plink_tip00001',
      description: null,
      component_did: null,
      active: true,
      settings: { amount: { presets: ['1', '5'], custom: true }, beneficiaries: [] },
      created_at: AT,
      updated_at: AT,
    };
    serve((url) => (url.pathname === '/payment/api/donation-settings' ? list([record]) : undefined));
    renderRoutes('/payment/integrations/donations?location=plink_tip00001', { session: owner, locale: 'zh' });
    const editor = await screen.findByTestId('donation-editor', {}, SLOW);
    fireEvent.click(within(editor).getByTestId('add-beneficiary'));
    fireEvent.change(within(editor).getByTestId('beneficiary-name-0'), { target: { value: 'Author' } });
    fireEvent.change(within(editor).getByTestId('beneficiary-share-0'), { target: { value: '70' } });
    expect(within(editor).getByTestId('shares-sum').textContent).toBe('份额合计 70%，必须为 100%。');
    fireEvent.click(within(editor).getByTestId('donation-save'));
    await within(editor).findByTestId('donation-problem');
    expect(calls.some((c) => c.init?.method === 'PUT')).toBe(false);
  });
});
