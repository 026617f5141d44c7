// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { json } from '../../../testing/fetchStub';
import { renderRoutes } from '../../../testing/renderRoutes';
import { fakeCurrency, fakeMethod } from '../../portal/logic/testFixtures';
import { fakeAnswer, fakeSession } from '../logic/testFixtures';
import { rememberTopUp } from '../logic/topUpReturn';

// A checkout priced in a credit currency: the server's creditSufficient decides between paying from
// credit (the fast-pay dialog) and the insufficient-credit dialog, whose Top up opens the top-up
// checkout and, once that is paid, comes back to this checkout.
const SLOW = { timeout: 10_000 };
const signedIn: HeaderSession = {
  initialized: true,
  user: { did: 'z1Buyer', role: 'guest', fullName: 'Bea', avatar: undefined },
};
const CHECKOUT = '/payment/checkout/pay/cs_aaaaaaaa';
const credit = fakeCurrency({
  symbol: 'CRD',
  name: 'Credits',
  decimal: 6,
  type: 'credit',
  is_base_currency: false,
});
const customer = {
  id: 'cus_bea00001',
  object: 'customer',
  livemode: false,
  active: true,
  did: 'z1Buyer',
  name: 'Bea Buyer',
  email: 'bea@example.com',
  phone: null,
  address: null,
  description: null,
  metadata: {},
  delinquent: false,
  created_at: '2026-01-10T12:00:00.000Z',
  updated_at: '2026-01-10T12:00:00.000Z',
};

function serve(answer: Record<string, unknown>, session = fakeSession()) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/payment/api/checkout-sessions/retrieve/cs_aaaaaaaa') {
        return json({
          checkoutSession: session,
          paymentMethods: [fakeMethod({ payment_currencies: [credit] })],
        });
      }
      if (path === '/payment/api/customers/me') return json(customer);
      if (path === '/payment/api/checkout-sessions/cs_aaaaaaaa/submit' && init?.method === 'PUT') {
        return json(fakeAnswer(answer));
      }
      return json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'x' } }, 404);
    }),
  );
}

async function pressPay() {
  const pay = await screen.findByTestId('pay-button', {}, SLOW);
  await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
  await waitFor(() => expect(screen.getByDisplayValue('bea@example.com')).toBeTruthy());
  fireEvent.click(pay);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('credit checkout', () => {
  it('opens the insufficient-credit dialog; Top up opens the top-up checkout and remembers the way back', async () => {
    serve({ creditSufficient: false, creditTopUp: { payment_link_id: 'plink_topup' } });
    const { router } = renderRoutes(CHECKOUT, { session: signedIn });
    await pressPay();
    const dialog = await screen.findByTestId('credit-dialog', {}, SLOW);
    expect(within(dialog).getByText('Insufficient Credit')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('credit-top-up'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/checkout/link/plink_topup'));
    expect(JSON.parse(sessionStorage.getItem('payshelf.creditTopUp') ?? '{}')).toEqual({
      linkId: 'plink_topup',
      returnTo: CHECKOUT,
    });
  }, 30_000);

  it('has no Top up when no link sells the credit', async () => {
    serve({ creditSufficient: false, creditTopUp: null });
    renderRoutes(CHECKOUT, { session: signedIn });
    await pressPay();
    const dialog = await screen.findByTestId('credit-dialog', {}, SLOW);
    expect(within(dialog).queryByTestId('credit-top-up')).toBeNull();
  }, 30_000);

  it('offers paying from the credit balance when it covers the amount', async () => {
    serve({ creditSufficient: true });
    renderRoutes(CHECKOUT, { session: signedIn });
    await pressPay();
    const dialog = await screen.findByTestId('fast-pay-dialog', {}, SLOW);
    expect(dialog.textContent).toContain('from your credit balance');
  }, 30_000);

  it('returns from the paid top-up to the checkout that needed it', async () => {
    rememberTopUp(sessionStorage, 'plink_topup', CHECKOUT);
    serve(
      {},
      fakeSession({
        id: 'cs_aaaaaaaa',
        status: 'complete',
        payment_status: 'paid',
        payment_link_id: 'plink_topup',
      }),
    );
    renderRoutes('/payment/checkout/pay/cs_aaaaaaaa', { session: signedIn });
    const back = await screen.findByTestId('top-up-return', {}, SLOW);
    expect(back.getAttribute('href')).toBe(CHECKOUT);
    expect(back.textContent).toBe('Back to your purchase');
    expect(sessionStorage.getItem('payshelf.creditTopUp')).toBeNull();
  }, 30_000);
});
