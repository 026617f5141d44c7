// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { json } from '../../../testing/fetchStub';
import { renderRoutes } from '../../../testing/renderRoutes';
import { fakeAnswer, fakeSession } from '../logic/testFixtures';
import { fakeCurrency, fakeMethod } from '../../portal/logic/testFixtures';

// Issue 20 item 3: what a signed-in customer types at checkout belongs to that checkout; the page asks
// the server to save it to the account ("Save these details to my account") only when ticked.
const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const signedIn: HeaderSession = {
  initialized: true,
  user: { did: 'z1Buyer', role: 'guest', fullName: 'Bea', avatar: undefined },
};
const CHECKOUT = '/payment/checkout/pay/cs_aaaaaaaa?mode=inline';
const DATE = '2026-01-10T12:00:00.000Z';
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
  created_at: DATE,
  updated_at: DATE,
};

let bodies: Array<Record<string, unknown>> = [];

beforeEach(() => {
  localStorage.clear();
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/payment/api/checkout-sessions/retrieve/cs_aaaaaaaa') {
        return json({
          checkoutSession: fakeSession(),
          paymentMethods: [fakeMethod({ payment_currencies: [fakeCurrency()] })],
        });
      }
      if (path === '/payment/api/customers/me') return json(customer);
      if (path === '/payment/api/checkout-sessions/cs_aaaaaaaa/submit' && init?.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return json(
          fakeAnswer({ checkoutSession: fakeSession({ status: 'complete', payment_status: 'paid' }) }),
        );
      }
      return json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'x' } }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Waits for the prefilled form, types another name, optionally ticks the box, and pays. */
async function payAs(name: string, save: boolean) {
  const pay = await screen.findByTestId('pay-button', {}, SLOW);
  await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
  const field = await screen.findByDisplayValue('Bea Buyer', {}, SLOW);
  fireEvent.change(field, { target: { value: name } });
  const box = screen.getByRole('checkbox', { name: 'Save these details to my account' });
  expect((box as HTMLInputElement).checked).toBe(false);
  if (save) fireEvent.click(box);
  fireEvent.click(pay);
  await waitFor(() => expect(bodies).toHaveLength(1), SLOW);
}

describe('checkout contact details of a signed-in customer', () => {
  it(
    'pays with the typed name without asking to save it',
    async () => {
      renderRoutes(CHECKOUT, { session: signedIn });
      await payAs('Gift For Carol', false);
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toMatchObject({ customer_name: 'Gift For Carol' });
      expect(bodies[0]).not.toHaveProperty('customer_update');
    },
    TEST_TIMEOUT,
  );

  it(
    'asks to save them when the box is ticked',
    async () => {
      renderRoutes(CHECKOUT, { session: signedIn });
      await payAs('Bea Renamed', true);
      expect(bodies[0]).toMatchObject({ customer_name: 'Bea Renamed', customer_update: 'replace' });
    },
    TEST_TIMEOUT,
  );
});
