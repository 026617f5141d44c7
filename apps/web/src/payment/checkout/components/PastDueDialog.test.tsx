// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../header/session/useHeaderSession';
import { renderRoutes } from '../../../testing/renderRoutes';
import { fakeCurrency, fakeMethod } from '../../portal/logic/testFixtures';
import { fakeSession } from '../logic/testFixtures';

// A past-due customer presses Pay: the server answers CUSTOMER_LIMITED and the checkout offers the
// past-due invoices page (SPEC §8), with no error toast; Cancel gives the form back.
const SLOW = { timeout: 5000 };
const signedIn: HeaderSession = {
  initialized: true,
  user: { did: 'z1Buyer', role: 'guest', fullName: 'Bea', avatar: undefined },
};
const CHECKOUT = '/payment/checkout/pay/cs_aaaaaaaa?mode=inline';
const LIMITED_MESSAGE = 'You have past due invoices; pay them before a new purchase';

let submits = 0;
let calls: URL[] = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function serve() {
  submits = 0;
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      if (url.pathname === '/payment/api/checkout-sessions/retrieve/cs_aaaaaaaa') {
        return json({
          checkoutSession: fakeSession(),
          paymentMethods: [fakeMethod({ payment_currencies: [fakeCurrency()] })],
        });
      }
      if (url.pathname === '/payment/api/customers/me') {
        // The contract's prefill answer for a signed-in user without a customer yet (fallback=1).
        return json({
          object: 'customer',
          id: null,
          livemode: false,
          did: 'z1bea',
          name: 'Bea Buyer',
          email: 'bea@example.com',
          phone: null,
          address: null,
          metadata: {},
          fallback: true,
        });
      }
      if (url.pathname === '/payment/api/checkout-sessions/cs_aaaaaaaa/submit' && init?.method === 'PUT') {
        submits += 1;
        const error = { type: 'invalid_request_error', code: 'CUSTOMER_LIMITED', message: LIMITED_MESSAGE };
        return json({ error: { ...error, param: 'customer' } }, 400);
      }
      if (url.pathname === '/payment/api/invoices') return json({ list: [], count: 0, subscription: null });
      return json(
        { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'none' } },
        404,
      );
    }),
  );
}

/** Waits for the form (prefilled from the customer) and presses Pay. */
async function pressPay() {
  const pay = await screen.findByTestId('pay-button', {}, SLOW);
  await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
  await waitFor(() => expect(screen.getByDisplayValue('bea@example.com')).toBeTruthy());
  fireEvent.click(pay);
}

async function payAndGetLimited() {
  await pressPay();
  return screen.findByRole('dialog', { name: 'Past due invoices' }, SLOW);
}

beforeEach(() => {
  localStorage.clear();
  serve();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout of a past-due customer', () => {
  it('asks to view the past-due invoices instead of showing an error; Cancel gives the form back', async () => {
    renderRoutes(CHECKOUT, { session: signedIn });
    const dialog = await payAndGetLimited();
    expect(dialog.textContent).toContain(
      'You have invoices past their due date. Pay them before making a new purchase.',
    );
    expect(screen.queryByText(LIMITED_MESSAGE)).toBeNull();
    expect(screen.getByTestId('pay-button').hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('pay-button').hasAttribute('disabled')).toBe(false);

    // Trying again asks the server again, and the prompt comes back.
    await payAndGetLimited();
    expect(submits).toBe(2);
  });

  it('opens the past-due page, whose Back button returns to this checkout', async () => {
    const { router } = renderRoutes(CHECKOUT, { session: signedIn });
    const dialog = await payAndGetLimited();
    const view = within(dialog).getByRole('link', { name: 'View past due invoices' });
    const expected = `/payment/customer/invoice/past-due?referer=${encodeURIComponent(CHECKOUT)}`;
    expect(view.getAttribute('href')).toBe(expected);

    fireEvent.click(view);
    await screen.findByTestId('page-past-due-invoices', {}, SLOW);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(expected);
    expect(screen.getByTestId('past-due-back').getAttribute('href')).toBe(CHECKOUT);
    await screen.findByText('No past due invoices', {}, SLOW);
    expect(calls.some((u) => u.pathname === '/payment/api/invoices')).toBe(true);
  });

  it('speaks Chinese', async () => {
    renderRoutes(CHECKOUT, { session: signedIn, locale: 'zh' });
    await pressPay();
    const dialog = await screen.findByRole('dialog', { name: '逾期账单' }, SLOW);
    expect(within(dialog).getByRole('link', { name: '查看逾期账单' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeTruthy();
  });
});
