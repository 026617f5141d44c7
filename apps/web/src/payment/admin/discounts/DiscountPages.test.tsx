// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Coupon, PromotionCode, TaxRate } from '@payshelf/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { renderRoutes } from '../../../testing/renderRoutes';
import { fakePrice } from '../../checkout/logic/testFixtures';
import { fakeCurrency, fakeProduct } from '../../portal/logic/testFixtures';
import type { FieldIssue } from '../forms/issues';
import { timeField } from './discountForms';

const SLOW = { timeout: 12_000 };
const owner: HeaderSession = {
  initialized: true,
  user: { did: 'z1Owner', role: 'owner', fullName: 'Ada', avatar: undefined },
};
const AT = '2026-01-01T00:00:00.000Z';
const TUSD = fakeCurrency();
const coupon: Coupon = {
  id: 'coupon_abcdefgh',
  object: 'coupon',
  livemode: false,
  name: 'Welcome 10%',
  percent_off: '10',
  amount_off: null,
  currency_id: null,
  currency_options: [],
  duration: 'repeating',
  duration_in_months: 3,
  max_redemptions: 100,
  times_redeemed: 3,
  redeem_by: null,
  applies_to: null,
  valid: true,
  metadata: {},
  created_at: AT,
  updated_at: AT,
};
const code: PromotionCode = {
  id: 'promo_abcdefgh',
  object: 'promotion_code',
  livemode: false,
  code: 'WELCOME10',
  coupon_id: coupon.id,
  active: true,
  expires_at: null,
  max_redemptions: null,
  times_redeemed: 1,
  restrictions: {
    first_time_transaction: true,
    minimum_amount: '10000000',
    minimum_amount_currency_id: TUSD.id,
    per_customer_limit: 1,
  },
  metadata: {},
  created_at: AT,
  updated_at: AT,
};
const rate: TaxRate = {
  id: 'txr_abcdefgh',
  object: 'tax_rate',
  livemode: false,
  active: false,
  display_name: 'Sales tax',
  description: null,
  percentage: '8.25',
  inclusive: false,
  jurisdiction: 'CA',
  country: 'US',
  state: null,
  metadata: {},
  created_at: AT,
  updated_at: AT,
};

let calls: Array<{ url: URL; init: RequestInit | undefined }> = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const list = (data: unknown[]) => json({ object: 'list', data, has_more: false, url: '/x' });
const bodies = (method: string, path: string) =>
  calls
    .filter((c) => c.init?.method === method && c.url.pathname === path)
    .map((c): unknown => JSON.parse(String(c.init?.body)));

/** The API of these pages: lists, creates echo the body back with an id, updates flip `active`. */
function serve() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, init });
      const p = url.pathname;
      const method = init?.method ?? 'GET';
      if (p === '/payment/api/payment-currencies') return list([TUSD]);
      if (p === '/payment/api/products') return list([]);
      if (p === '/payment/api/products/prod_aaaaaaaa') return json(fakeProduct('E-book'));
      if (p === '/payment/api/prices') return method === 'POST' ? json(fakePrice()) : list([]);
      if (p === '/payment/api/coupons')
        return method === 'POST' ? json({ ...coupon, name: 'New' }) : list([coupon]);
      if (p === '/payment/api/promotion-codes') return method === 'POST' ? json(code) : list([code]);
      if (p === `/payment/api/promotion-codes/${code.id}`) return json({ ...code, active: false });
      if (p === '/payment/api/tax-rates') return method === 'POST' ? json(rate) : list([rate]);
      if (p === `/payment/api/tax-rates/${rate.id}`) return json({ ...rate, active: true });
      return new Response('{}', { status: 404 });
    }),
  );
}

async function pick(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  localStorage.clear();
  serve();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('coupon admin page', () => {
  it('lists coupons with their terms and redemptions, and is a tab of the admin', async () => {
    renderRoutes('/payment/admin/coupons', { session: owner });
    const table = await screen.findByTestId('coupons-table', {}, SLOW);
    await within(table).findByText('Welcome 10%');
    expect(within(table).getByText('10% off · for 3 months')).toBeTruthy();
    expect(within(table).getByText('3 / 100')).toBeTruthy();
    for (const tab of ['Coupons', 'Promotion codes', 'Tax rates']) {
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    }
  });

  it('creates a percentage coupon, refusing an empty percentage first', async () => {
    renderRoutes('/payment/admin/coupons', { session: owner });
    fireEvent.click(await screen.findByTestId('coupon-create', {}, SLOW));
    const dialog = await screen.findByTestId('coupon-dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Spring' } });
    fireEvent.click(within(dialog).getByTestId('coupon-dialog-submit'));
    await within(dialog).findByText('Required');
    expect(bodies('POST', '/payment/api/coupons')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/^Percentage off/), { target: { value: '12.5' } });
    fireEvent.change(within(dialog).getByLabelText(/^Max redemptions/), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByTestId('coupon-dialog-submit'));
    await waitFor(() => expect(bodies('POST', '/payment/api/coupons')).toHaveLength(1));
    expect(bodies('POST', '/payment/api/coupons')[0]).toEqual({
      name: 'Spring',
      percent_off: '12.5',
      duration: 'once',
      max_redemptions: 50,
    });
  }, 20_000);

  it('creates an amount-off coupon in the currency’s smallest unit, repeating for some months', async () => {
    renderRoutes('/payment/admin/coupons', { session: owner });
    fireEvent.click(await screen.findByTestId('coupon-create', {}, SLOW));
    const dialog = await screen.findByTestId('coupon-dialog');
    await pick(dialog, 'Discount type', 'Fixed amount off');
    fireEvent.change(await within(dialog).findByLabelText(/^Amount off/), { target: { value: '2.5' } });
    await pick(dialog, 'Duration', 'Repeating');
    fireEvent.change(await within(dialog).findByLabelText(/^Months/), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByTestId('coupon-dialog-submit'));
    await waitFor(() => expect(bodies('POST', '/payment/api/coupons')).toHaveLength(1));
    expect(bodies('POST', '/payment/api/coupons')[0]).toEqual({
      currency_id: TUSD.id,
      amount_off: '2500000',
      currency_options: [],
      duration: 'repeating',
      duration_in_months: 6,
    });
  }, 20_000);
});

describe('promotion code admin page', () => {
  it('lists codes with coupon and restrictions, creates one and deactivates it', async () => {
    renderRoutes('/payment/admin/promotion-codes', { session: owner });
    const table = await screen.findByTestId('promotion-codes-table', {}, SLOW);
    await within(table).findByText('WELCOME10');
    await within(table).findByText('Welcome 10%');
    expect(within(table).getByText('First purchase · Min 10 TUSD · 1 per customer')).toBeTruthy();

    fireEvent.click(screen.getByTestId('promotion-code-create'));
    const dialog = await screen.findByTestId('promotion-code-dialog');
    await pick(dialog, 'Coupon', 'Welcome 10%');
    fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'SPRING-26' } });
    fireEvent.click(within(dialog).getByLabelText('First-time customers only'));
    fireEvent.change(within(dialog).getByLabelText(/^Limit per customer/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByTestId('promotion-code-dialog-submit'));
    await waitFor(() => expect(bodies('POST', '/payment/api/promotion-codes')).toHaveLength(1));
    expect(bodies('POST', '/payment/api/promotion-codes')[0]).toEqual({
      coupon_id: coupon.id,
      code: 'SPRING-26',
      restrictions: { first_time_transaction: true, per_customer_limit: 2 },
    });
    await waitFor(() => expect(screen.queryByTestId('promotion-code-dialog')).toBeNull());

    fireEvent.click(within(table).getByTestId('deactivate-button'));
    await waitFor(() =>
      expect(bodies('PUT', `/payment/api/promotion-codes/${code.id}`)).toEqual([{ active: false }]),
    );
  }, 20_000);
});

describe('tax rate admin page', () => {
  it('lists rates in Chinese, creates an inclusive rate with its exact percentage and activates one', async () => {
    renderRoutes('/payment/admin/tax-rates', { session: owner, locale: 'zh' });
    const table = await screen.findByTestId('tax-rates-table', {}, SLOW);
    await within(table).findByText('Sales tax');
    expect(within(table).getByText('8.25%')).toBeTruthy();
    expect(within(table).getByText('不含税')).toBeTruthy();
    expect(within(table).getByText('CA · US')).toBeTruthy();

    fireEvent.click(screen.getByTestId('tax-rate-create'));
    const dialog = await screen.findByTestId('tax-rate-dialog');
    fireEvent.change(within(dialog).getByLabelText(/^显示名称/), { target: { value: 'VAT' } });
    fireEvent.change(within(dialog).getByLabelText(/^百分比/), { target: { value: '19.000001' } });
    await pick(dialog, '计税方式', '含税');
    fireEvent.change(within(dialog).getByLabelText(/^国家/), { target: { value: 'de' } });
    fireEvent.click(within(dialog).getByTestId('tax-rate-dialog-submit'));
    await waitFor(() => expect(bodies('POST', '/payment/api/tax-rates')).toHaveLength(1));
    expect(bodies('POST', '/payment/api/tax-rates')[0]).toEqual({
      display_name: 'VAT',
      percentage: '19.000001',
      inclusive: true,
      country: 'DE',
    });
    await waitFor(() => expect(screen.queryByTestId('tax-rate-dialog')).toBeNull());

    fireEvent.click(within(table).getByTestId('activate-button'));
    await waitFor(() =>
      expect(bodies('PUT', `/payment/api/tax-rates/${rate.id}`)).toEqual([{ active: true }]),
    );
  }, 20_000);

  it('reads a datetime-local value as an instant and refuses nonsense', () => {
    const issues: FieldIssue[] = [];
    expect(timeField('', 'x', [])).toBeUndefined();
    expect(timeField('2026-12-31T23:59', 'x', [])).toBe(new Date('2026-12-31T23:59').toISOString());
    expect(timeField('soon', 'redeem_by', issues)).toBeUndefined();
    expect(issues).toEqual([{ path: 'redeem_by', key: 'invalid' }]);
  });
});

describe('tax rates on a price', () => {
  it('sends the chosen active rates with a new price', async () => {
    const active = { ...rate, active: true };
    const base = vi.mocked(fetch);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/payment/api/tax-rates') {
          calls.push({ url, init });
          return list([active]);
        }
        return base(input, init);
      }),
    );
    renderRoutes('/payment/admin/products/prod_aaaaaaaa', { session: owner });
    const create = await screen.findByTestId('price-create', {}, SLOW);
    // Enabled once the (active) product has loaded.
    await waitFor(() => expect(create.hasAttribute('disabled')).toBe(false), SLOW);
    fireEvent.click(create);
    const dialog = await screen.findByTestId('price-dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Amount/ }), { target: { value: '9.9' } });
    await pick(dialog, 'Tax rates', 'Sales tax 8.25% (Exclusive)');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(within(dialog).getByTestId('price-dialog-submit'));
    await waitFor(() => expect(bodies('POST', '/payment/api/prices')).toHaveLength(1));
    expect(bodies('POST', '/payment/api/prices')[0]).toMatchObject({
      unit_amount: '9900000',
      tax_rates: [rate.id],
    });
    expect(
      calls.find((c) => c.url.pathname === '/payment/api/tax-rates')?.url.searchParams.get('active'),
    ).toBe('true');
  }, 20_000);
});
