// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { json } from '../../../testing/fetchStub';
import { renderRoutes } from '../../../testing/renderRoutes';
import { fakeCurrency, fakeMethod, fakeSubscription } from '../logic/testFixtures';

const SLOW = { timeout: 12_000 };
const signedIn: HeaderSession = {
  initialized: true,
  user: { did: 'z1Buyer', role: 'guest', fullName: 'Bea', avatar: undefined },
};
const PAGE = '/payment/customer/subscription/sub_aaaaaaaa';

const tusd = fakeCurrency();
const teth = fakeCurrency({ id: 'pc_eth00000', symbol: 'TETH', payment_method_id: 'pm_bbbbbbbb' });
const local = fakeMethod({ payment_currencies: [tusd] });
const other = fakeMethod({ id: 'pm_bbbbbbbb', name: 'Other chain', payment_currencies: [teth] });

/** The subscription of one TUSD price, sold in TETH too when `withTeth`. */
function subscription(withTeth: boolean) {
  const sub = fakeSubscription();
  const [item] = sub.items;
  if (!item?.price) throw new Error('fixture without a price');
  const options = withTeth ? [{ currency_id: teth.id, unit_amount: '1000000' }] : [];
  return { ...sub, items: [{ ...item, price: { ...item.price, currency_options: options } }] };
}

let posts: unknown[] = [];
function serve(sub: ReturnType<typeof subscription>) {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/settings'))
        return json({ paymentMethods: [local, other], baseCurrency: tusd });
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        const { paymentCurrency: _c, paymentMethod: _m, latestInvoice: _l, ...plain } = sub;
        return json({ ...plain, currency_id: teth.id, default_payment_method_id: other.id });
      }
      return json(sub);
    }),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('payment method of future invoices', () => {
  it('opens a labelled dialog offering every method the plan is sold in, and saves the currency with its method', async () => {
    serve(subscription(true));
    renderRoutes(PAGE, { session: signedIn });
    const form = await screen.findByTestId('subscription-currency', {}, SLOW);
    expect(within(form).getByText(/Open and past-due invoices keep theirs/)).toBeTruthy();
    // No inline form: the choice is in a dialog.
    expect(within(form).queryByRole('radio')).toBeNull();
    const open = within(form).getByRole('button', { name: 'Change payment method' });
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Change payment method' });
    const save = within(dialog).getByTestId('currency-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'TETH · Other chain' }));
    await waitFor(() => expect(save.disabled).toBe(false));
    // Automatic payment needs an allowance in the new currency.
    expect(within(dialog).getByText(/grant one if you have not yet/)).toBeTruthy();
    fireEvent.click(save);
    await waitFor(() => expect(posts).toEqual([{ currency_id: teth.id, payment_method_id: other.id }]));
    expect(await screen.findByText('Future invoices will be made in TETH.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 15_000);

  it('closes on Escape without saving', async () => {
    serve(subscription(true));
    renderRoutes(PAGE, { session: signedIn });
    const form = await screen.findByTestId('subscription-currency', {}, SLOW);
    fireEvent.click(within(form).getByRole('button', { name: 'Change payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change payment method' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
  }, 15_000);

  it('is not offered when the plan is sold in one currency only', async () => {
    serve(subscription(false));
    renderRoutes(PAGE, { session: signedIn });
    await screen.findByTestId('subscription-actions', {}, SLOW);
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/settings'))).toBe(true),
    );
    expect(screen.queryByTestId('subscription-currency')).toBeNull();
  });
});
