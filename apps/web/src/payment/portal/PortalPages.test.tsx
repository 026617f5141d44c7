// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../platform/session/useHeaderSession';
import { fetchStub, json } from '../../testing/fetchStub';
import { renderRoutes } from '../../testing/renderRoutes';
import { fakeInvoiceDetail, fakeMethod, fakeSubscription, TX_HASH } from './logic/testFixtures';

const SLOW = { timeout: 12_000 };
const signedIn: HeaderSession = {
  initialized: true,
  user: { did: 'z1Buyer', role: 'guest', fullName: 'Bea', avatar: undefined },
};

const { serve, calls } = fetchStub();
const apiError = (status: number, code: string, message: string) =>
  json({ error: { type: 'invalid_request_error', code, message } }, status);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('invoice page', () => {
  it('asks a visitor to sign in, with the header sign-in button returning here, and asks nothing of the API', async () => {
    serve(() => json({}));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa');
    const prompt = await screen.findByTestId('portal-sign-in', {}, SLOW);
    expect(prompt.textContent).toContain('Sign in to continue');
    const button = within(prompt).getByTestId('sign-in-button');
    expect(button.getAttribute('href')).toBe(
      '/.well-known/service/login?redirect=%2Fpayment%2Fcustomer%2Finvoice%2Fin_aaaaaaaa',
    );
    expect(calls.filter((u) => u.pathname.startsWith('/payment/api'))).toEqual([]);
  });

  it('shows placeholders while the invoice loads', async () => {
    serve(() => new Promise<Response>(() => undefined));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    await screen.findByTestId('portal-skeleton', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invoice');
  });

  it('shows a paid invoice: number, status, reason, amounts, line and the transaction link', async () => {
    serve((url) =>
      url.pathname === '/payment/api/invoices/in_aaaaaaaa' ? json(fakeInvoiceDetail()) : json({}, 404),
    );
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-0001' }, SLOW);
    expect(screen.getByTestId('invoice-status').textContent).toBe('Paid');
    expect(screen.getByTestId('detail-billing-reason').textContent).toBe('One-time purchase');
    expect(screen.getByTestId('detail-total').textContent).toBe('9.9 TUSD');
    expect(screen.getByTestId('detail-amount-paid').textContent).toBe('9.9 TUSD');
    expect(screen.getByTestId('detail-amount-remaining').textContent).toBe('0 TUSD');
    const line = screen.getByTestId('invoice-line');
    expect(
      within(line)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['E-book', '1', '9.9 TUSD']);
    const tx = screen.getByTestId('transaction-link');
    expect(tx.getAttribute('href')).toBe(`https://explorer.example/tx/${TX_HASH}`);
    expect(tx.getAttribute('target')).toBe('_blank');
    expect(tx.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('detail-payer').textContent).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(screen.getByTestId('detail-method').textContent).toBe('Local chain');
    expect(screen.queryByTestId('invoice-subscription-link')).toBeNull();
    expect(
      calls.find((u) => u.pathname.startsWith('/payment/api/invoices'))?.searchParams.get('livemode'),
    ).toBe('false');
  });

  it('asks in live mode when live mode was chosen', async () => {
    localStorage.setItem('livemode', 'true');
    serve(() => json(fakeInvoiceDetail({ livemode: true })));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    await screen.findByTestId('invoice-status', {}, SLOW);
    expect(
      calls.find((u) => u.pathname.startsWith('/payment/api/invoices'))?.searchParams.get('livemode'),
    ).toBe('true');
  });

  it('finds a test-mode invoice opened in live mode, and switches the app to test mode', async () => {
    localStorage.setItem('livemode', 'true');
    serve((url) =>
      url.searchParams.get('livemode') === 'false'
        ? json(fakeInvoiceDetail())
        : apiError(404, 'resource_missing', "No such invoice: 'in_aaaaaaaa'"),
    );
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    await screen.findByTestId('invoice-status', {}, SLOW);
    const modes = calls
      .filter((u) => u.pathname.startsWith('/payment/api/invoices'))
      .map((u) => u.searchParams.get('livemode'));
    expect(modes).toEqual(['true', 'false']);
    expect(localStorage.getItem('livemode')).toBe('false');
  });

  it('says not found when neither mode has the invoice', async () => {
    serve(() => apiError(404, 'resource_missing', "No such invoice: 'in_aaaaaaaa'"));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    await screen.findByTestId('portal-not-found', {}, SLOW);
    expect(localStorage.getItem('livemode')).toBeNull();
  });

  it('speaks Chinese', async () => {
    serve(() =>
      json(fakeInvoiceDetail({ billing_reason: 'subscription_cycle', subscription_id: 'sub_aaaaaaaa' })),
    );
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn, locale: 'zh' });
    await screen.findByRole('heading', { level: 1, name: '账单 INV-0001' }, SLOW);
    expect(screen.getByTestId('invoice-status').textContent).toBe('已支付');
    expect(screen.getByTestId('detail-billing-reason').textContent).toBe('订阅续费');
    expect(screen.getByTestId('invoice-subscription-link').textContent).toBe('查看订阅');
  });

  it('names the card that paid a card invoice, in English and Chinese', async () => {
    const cardInvoice = fakeInvoiceDetail({
      metadata: {
        payment_details: {
          type: 'stripe',
          tx_hash: 'pi_local_1',
          payment_intent_id: 'pi_local_1',
          card_brand: 'visa',
          card_last4: '4242',
        },
      },
      paymentMethod: fakeMethod({
        type: 'stripe',
        name: 'Card (test)',
        settings: { stripe: { publishable_key: 'pk_test_x', secret_key: 'sk_test_…abcd' } },
      }),
    });
    serve(() => json(cardInvoice));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    expect((await screen.findByTestId('detail-card', {}, SLOW)).textContent).toBe('Visa ending in 4242');
    cleanup();
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn, locale: 'zh' });
    expect((await screen.findByTestId('detail-card', {}, SLOW)).textContent).toBe('Visa，尾号 4242');
  });

  it('shows no card row for a chain payment', async () => {
    serve(() => json(fakeInvoiceDetail()));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    await screen.findByTestId('detail-method', {}, SLOW);
    expect(screen.queryByTestId('detail-card')).toBeNull();
  });

  it('strikes a void amount through with the no payment required tooltip, focusable by keyboard', async () => {
    serve(() => json(fakeInvoiceDetail({ status: 'void', amount_paid: '0', amount_remaining: '0' })));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    expect((await screen.findByTestId('invoice-status', {}, SLOW)).textContent).toBe('Void');
    const total = within(screen.getByTestId('detail-total')).getByTestId('amount-struck');
    expect(total.textContent).toBe('9.9 TUSD');
    expect(total.getAttribute('tabindex')).toBe('0');
    // Focusable, so keyboard users reach the tooltip too (happy-dom has no :focus-visible; hover opens it).
    fireEvent.mouseOver(total);
    expect((await screen.findByRole('tooltip', {}, SLOW)).textContent).toBe('No payment required');
  });

  it('links to the subscription of a subscription invoice', async () => {
    serve((url) =>
      url.pathname.startsWith('/payment/api/invoices')
        ? json(fakeInvoiceDetail({ subscription_id: 'sub_aaaaaaaa', billing_reason: 'subscription_create' }))
        : json(fakeSubscription()),
    );
    const { router } = renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    fireEvent.click(await screen.findByTestId('invoice-subscription-link', {}, SLOW));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/payment/customer/subscription/sub_aaaaaaaa'),
    );
    await screen.findByTestId('subscription-status', {}, SLOW);
  });

  it('shows the not-found state for a 404 and the sign-in prompt for a 401', async () => {
    serve(() => apiError(404, 'resource_missing', 'No such invoice'));
    renderRoutes('/payment/customer/invoice/in_other000', { session: signedIn });
    expect((await screen.findByTestId('portal-not-found', {}, SLOW)).textContent).toContain(
      'This invoice could not be found',
    );
    cleanup();
    serve(() => apiError(401, 'unauthenticated', 'Sign in first'));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    await screen.findByTestId('portal-sign-in', {}, SLOW);
  });

  it("shows another failure's server message in an error alert, and tries again", async () => {
    let fail = true;
    serve(() => (fail ? apiError(503, 'unavailable', 'Database is restarting') : json(fakeInvoiceDetail())));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    const alert = await screen.findByTestId('portal-error', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('Could not load this page');
    expect(alert.textContent).toContain('Database is restarting');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('invoice-status', {}, SLOW);
  });
});

describe('subscription page', () => {
  it('shows a trialing plan: status, item price per month, trial end with days left, next payment, latest invoice', async () => {
    const trialEnd = new Date(Date.now() + 3 * 86_400_000 - 60_000).toISOString();
    serve(() =>
      json(
        fakeSubscription({
          status: 'trialing',
          trial_start: '2026-01-01T00:00:00.000Z',
          trial_end: trialEnd,
        }),
      ),
    );
    renderRoutes('/payment/customer/subscription/sub_aaaaaaaa', { session: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Subscription: Pro plan' }, SLOW);
    expect(screen.getByTestId('subscription-status').textContent).toBe('Trialing');
    const item = screen.getByTestId('subscription-item');
    expect(
      within(item)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Pro plan', '2', '10 TUSDper month']);
    expect(screen.getByTestId('detail-trial-end').textContent).toMatch(/\(3 days left\)$/);
    expect(screen.getByTestId('detail-next-payment').textContent).toMatch(/^10 TUSD on /);
    expect(screen.getByTestId('detail-method').textContent).toBe('Local chain');
    expect(screen.getByTestId('detail-currency').textContent).toBe('TUSD');
    const latest = screen.getByTestId('latest-invoice-link');
    expect(latest.textContent).toBe('View invoice INV-0001');
    expect(latest.getAttribute('href')).toBe('/payment/customer/invoice/in_aaaaaaaa');
  });

  it('words the trial in hours under a day, and in Chinese', async () => {
    const trialEnd = new Date(Date.now() + 5 * 3_600_000 - 60_000).toISOString();
    serve(() => json(fakeSubscription({ status: 'trialing', trial_end: trialEnd })));
    renderRoutes('/payment/customer/subscription/sub_aaaaaaaa', { session: signedIn, locale: 'zh' });
    expect((await screen.findByTestId('subscription-status', {}, SLOW)).textContent).toBe('试用中');
    expect(screen.getByTestId('detail-trial-end').textContent).toMatch(/（剩余 5 小时）$/);
    expect(screen.getByTestId('subscription-item').textContent).toContain('每月');
  });

  it("counts a test clock's trial from the clock's time and asks for the signed-in person's own", async () => {
    const onClock = { trial_end: '2031-03-13T00:00:00.000Z', clock_time: '2031-03-10T00:00:00.000Z' };
    serve(() => json({ ...fakeSubscription({ status: 'trialing' }), ...onClock }));
    renderRoutes('/payment/customer/subscription/sub_aaaaaaaa', { session: signedIn });
    await screen.findByTestId('subscription-status', {}, SLOW);
    expect(screen.getByTestId('detail-trial-end').textContent).toMatch(/\(3 days left\)$/);
    expect(
      calls.some(
        (c) => c.pathname.endsWith('/subscriptions/sub_aaaaaaaa') && c.searchParams.get('mine') === 'true',
      ),
    ).toBe(true);
  });

  it('shows a cancelled subscription without a next payment', async () => {
    serve(() => json(fakeSubscription({ status: 'canceled', ended_at: '2026-01-15T00:00:00.000Z' })));
    renderRoutes('/payment/customer/subscription/sub_aaaaaaaa', { session: signedIn });
    expect((await screen.findByTestId('subscription-status', {}, SLOW)).textContent).toBe('Canceled');
    expect(screen.getByTestId('detail-next-payment').textContent).toBe('No further payments');
    expect(screen.getByTestId('detail-ends')).toBeTruthy();
  });

  it('shows the not-found state for a subscription of someone else', async () => {
    serve(() => apiError(404, 'resource_missing', 'No such subscription'));
    renderRoutes('/payment/customer/subscription/sub_bbbbbbbb', { session: signedIn });
    expect((await screen.findByTestId('portal-not-found', {}, SLOW)).textContent).toContain(
      'This subscription could not be found',
    );
  });
});
