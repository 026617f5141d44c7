// @vitest-environment happy-dom
import type { SubscriptionDetail } from '@payshelf/api';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { json } from '../../../testing/fetchStub';
import { renderRoutes } from '../../../testing/renderRoutes';
import { fakeInvoiceDetail, fakeSubscription } from '../logic/testFixtures';

const SLOW = { timeout: 12_000 };
const signedIn: HeaderSession = {
  initialized: true,
  user: { did: 'z1Buyer', role: 'guest', fullName: 'Bea', avatar: undefined },
};
const PAGE = '/payment/customer/subscription/sub_aaaaaaaa';

interface Call {
  url: URL;
  method: string;
  body: unknown;
}
let calls: Call[] = [];

/** Answers each call from `answer`, remembering method and body (the actions are POSTs). */
function serve(answer: (call: Call) => Response) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const call = {
        url: new URL(String(input), 'http://localhost'),
        method: init?.method ?? 'GET',
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
}
const plain = (sub: SubscriptionDetail) => {
  const { paymentCurrency: _c, paymentMethod: _m, latestInvoice: _l, ...rest } = sub;
  return rest;
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('subscription actions', () => {
  it('cancels at the period end with a feedback reason and a comment', async () => {
    const sub = fakeSubscription();
    serve(({ method }) => json(method === 'POST' ? plain({ ...sub, cancel_at_period_end: true }) : sub));
    renderRoutes(PAGE, { session: signedIn });
    fireEvent.click(await screen.findByTestId('subscription-cancel', {}, SLOW));
    const dialog = await screen.findByTestId('cancel-dialog');
    fireEvent.click(within(dialog).getByLabelText('It is too expensive'));
    fireEvent.change(within(dialog).getByTestId('cancel-comment'), { target: { value: 'Later maybe' } });
    fireEvent.click(within(dialog).getByTestId('cancel-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/payment/api/subscriptions/sub_aaaaaaaa/cancel');
    // The portal's call: only the signed-in person's own subscription, even for the owner.
    expect(post?.url.searchParams.get('mine')).toBe('true');
    expect(post?.body).toEqual({ at_period_end: true, feedback: 'too_expensive', comment: 'Later maybe' });
  }, 15_000);

  it('cancels a trial now', async () => {
    const sub = fakeSubscription({ status: 'trialing', trial_end: '2026-02-01T00:00:00.000Z' });
    serve(({ method }) => json(method === 'POST' ? plain({ ...sub, status: 'canceled' }) : sub));
    renderRoutes(PAGE, { session: signedIn });
    fireEvent.click(await screen.findByTestId('subscription-cancel', {}, SLOW));
    expect(screen.getByText('Your free trial ends now.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cancel-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ at_period_end: false }),
    );
  });

  it('resumes one set to cancel at the period end', async () => {
    const sub = fakeSubscription({ cancel_at_period_end: true });
    serve(({ method }) => json(method === 'POST' ? plain({ ...sub, cancel_at_period_end: false }) : sub));
    renderRoutes(PAGE, { session: signedIn });
    fireEvent.click(await screen.findByTestId('subscription-resume', {}, SLOW));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe(
        '/payment/api/subscriptions/sub_aaaaaaaa/resume',
      ),
    );
  });

  it("says 'Plan updates are not available' when the server has no upcoming-invoice preview", async () => {
    const sub = fakeSubscription();
    serve(({ url }) =>
      url.pathname.endsWith('/upcoming-invoice')
        ? json(
            { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'Not Found' } },
            404,
          )
        : json(sub),
    );
    renderRoutes(PAGE, { session: signedIn });
    fireEvent.click(await screen.findByTestId('subscription-quantity', {}, SLOW));
    expect((await screen.findByTestId('plan-updates-unavailable', {}, SLOW)).textContent).toBe(
      'Plan updates are not available',
    );
    expect((screen.getByTestId('quantity-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows what a quantity change bills now (not the renewal) and bills it as of the preview', async () => {
    const sub = fakeSubscription();
    const application = (due: string) => ({
      starting_balance: '0',
      applied_balance: '0',
      amount_due: due,
      ending_balance: '0',
    });
    const upcoming = {
      object: 'upcoming_invoice',
      subscription_id: sub.id,
      customer_id: sub.customer_id,
      currency_id: sub.currency_id,
      billing_reason: 'subscription_cycle',
      period_start: '2026-02-01T00:00:00.000Z',
      period_end: '2026-03-01T00:00:00.000Z',
      next_payment_attempt: '2026-02-01T00:00:00.000Z',
      lines: [],
      subtotal: '15000000',
      total: '15000000',
      ...application('15000000'),
      proration: {
        proration_date: '2026-01-16T00:00:00.000Z',
        proration_behavior: 'create_prorations',
        lines: [],
        net: '2500000',
        invoice: { total: '2500000', ...application('2500000') },
        credit: '0',
        pending: true,
      },
    };
    serve(({ url, method }) =>
      url.pathname.endsWith('/upcoming-invoice')
        ? json(upcoming)
        : json(method === 'POST' ? plain(sub) : sub),
    );
    renderRoutes(PAGE, { session: signedIn });
    fireEvent.click(await screen.findByTestId('subscription-quantity', {}, SLOW));
    fireEvent.change(await screen.findByTestId('quantity-input'), { target: { value: '3' } });
    await waitFor(
      () =>
        expect(screen.getByTestId('quantity-preview').textContent).toBe(
          'Due now: 2.5 TUSD The change applies once this amount is paid.',
        ),
      SLOW,
    );
    expect(screen.getByTestId('quantity-renewal').textContent).toMatch(/^Then 15 TUSD from /);
    fireEvent.click(screen.getByTestId('quantity-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        quantity: 3,
        proration_date: '2026-01-16T00:00:00.000Z',
      }),
    );
  }, 15_000);

  it('links to the invoice history of this subscription', async () => {
    serve(() => json(fakeSubscription()));
    renderRoutes(PAGE, { session: signedIn });
    const link = await screen.findByTestId('subscription-invoices', {}, SLOW);
    expect(link.getAttribute('href')).toBe('/payment/customer/invoices?subscription_id=sub_aaaaaaaa');
  });
});

describe('invoice actions', () => {
  it('offers Pay for an open invoice and always the PDF', async () => {
    serve(() => json(fakeInvoiceDetail({ status: 'open', amount_paid: '0', amount_remaining: '2500000' })));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    expect((await screen.findByTestId('invoice-pay', {}, SLOW)).textContent).toBe('Pay this invoice');
    expect(screen.getByTestId('invoice-pdf').getAttribute('href')).toBe(
      '/payment/api/invoices/in_aaaaaaaa/pdf?livemode=false&mine=true&locale=en',
    );
  });

  it('offers no Pay for a paid invoice', async () => {
    serve(() => json(fakeInvoiceDetail()));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    await screen.findByTestId('invoice-pdf', {}, SLOW);
    expect(screen.queryByTestId('invoice-pay')).toBeNull();
  });
});
