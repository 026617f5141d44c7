// @vitest-environment happy-dom
import type { InvoiceListItem } from '@payshelf/api';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { json } from '../../../testing/fetchStub';
import { renderRoutes } from '../../../testing/renderRoutes';
import { fakeCurrency, fakeInvoice, fakeMethod } from '../logic/testFixtures';
import { fakeAnswer, fakeSession } from '../../checkout/logic/testFixtures';

// A past-due customer presses Pay: the server answers CUSTOMER_LIMITED and the checkout opens the
// portal's overdue dialog for that customer (per currency Pay now / View now), with no error toast.
// Once nothing remains overdue, the refused submission is sent again by itself and the checkout goes on.
const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const signedIn: HeaderSession = {
  initialized: true,
  user: { did: 'z1Buyer', role: 'guest', fullName: 'Bea', avatar: undefined },
};
const CHECKOUT = '/payment/checkout/pay/cs_aaaaaaaa?mode=inline';
const LIMITED_MESSAGE = 'You have past due invoices; pay them before a new purchase';
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
  delinquent: true,
  created_at: DATE,
  updated_at: DATE,
};
const overdueInvoice: InvoiceListItem = {
  ...fakeInvoice({ id: 'in_usd00001', number: 'INV-000001', status: 'open', due_date: DATE }),
  amount_remaining: '2500000',
  paymentCurrency: fakeCurrency(),
  paymentMethod: fakeMethod(),
};
const overdueAnswer = (owed: boolean) => ({
  summary: owed
    ? { [overdueInvoice.currency_id]: { amount: '2500000', currency: fakeCurrency(), method: fakeMethod() } }
    : {},
  invoices: owed ? [overdueInvoice] : [],
  subscription: null,
  subscriptionCount: owed ? 1 : 0,
  customer,
});

let submits = 0;
let calls: URL[] = [];
/** Whether the customer still owes when the dialog asks; the first submit is always refused. */
let owes = true;

function serve() {
  submits = 0;
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      const path = url.pathname;
      if (path === '/payment/api/checkout-sessions/retrieve/cs_aaaaaaaa') {
        return json({
          checkoutSession: fakeSession(submits > 1 ? { status: 'complete', payment_status: 'paid' } : {}),
          paymentMethods: [fakeMethod({ payment_currencies: [fakeCurrency()] })],
        });
      }
      if (path === '/payment/api/customers/me') return json(customer);
      if (path === '/payment/api/customers/cus_bea00001/overdue/invoices') return json(overdueAnswer(owes));
      if (path === '/payment/api/checkout-sessions/cs_aaaaaaaa/submit' && init?.method === 'PUT') {
        submits += 1;
        if (submits === 1 || owes) {
          const error = { type: 'invalid_request_error', code: 'CUSTOMER_LIMITED', message: LIMITED_MESSAGE };
          return json({ error: { ...error, param: 'customer' } }, 400);
        }
        return json(
          fakeAnswer({ checkoutSession: fakeSession({ status: 'complete', payment_status: 'paid' }) }),
        );
      }
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

beforeEach(() => {
  localStorage.clear();
  owes = true;
  serve();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout of a past-due customer', () => {
  it(
    'opens the overdue dialog of this customer instead of an error; Close gives the form back',
    async () => {
      renderRoutes(CHECKOUT, { session: signedIn });
      await pressPay();
      const row = await screen.findByTestId(`overdue-row-${overdueInvoice.currency_id}`, {}, SLOW);
      const dialog = screen.getByRole('dialog', { name: 'Overdue invoices' });
      expect(dialog.contains(row)).toBe(true);
      expect(row.textContent).toContain('2.5 TUSD');
      expect(within(row).getByRole('button', { name: 'Pay now' })).toBeTruthy();
      // View now opens the past-due page, whose Back button returns to this checkout.
      expect(within(row).getByRole('link', { name: 'View now' }).getAttribute('href')).toBe(
        `/payment/customer/invoice/past-due?referer=${encodeURIComponent(CHECKOUT)}`,
      );
      expect(screen.queryByText(LIMITED_MESSAGE)).toBeNull();
      expect(screen.getByTestId('pay-button').hasAttribute('disabled')).toBe(true);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByTestId('pay-button').hasAttribute('disabled')).toBe(false);
      expect(submits).toBe(1);
    },
    TEST_TIMEOUT,
  );

  it(
    'sends the refused submission again once nothing is overdue, and the checkout completes',
    async () => {
      renderRoutes(CHECKOUT, { session: signedIn });
      // Paid meanwhile (in another tab, or by the wallet): the dialog finds nothing left.
      owes = false;
      await pressPay();
      await screen.findByText('Thank you!', {}, SLOW);
      expect(submits).toBe(2);
      expect(calls.some((u) => u.pathname === '/payment/api/customers/cus_bea00001/overdue/invoices')).toBe(
        true,
      );
    },
    TEST_TIMEOUT,
  );

  it(
    'speaks Chinese',
    async () => {
      renderRoutes(CHECKOUT, { session: signedIn, locale: 'zh' });
      await pressPay();
      const row = await screen.findByTestId(`overdue-row-${overdueInvoice.currency_id}`, {}, SLOW);
      expect(screen.getByRole('dialog', { name: '逾期账单' }).contains(row)).toBe(true);
      expect(within(row).getByRole('button', { name: '立即支付' })).toBeTruthy();
    },
    TEST_TIMEOUT,
  );
});
