// @vitest-environment happy-dom
import type { SubscriptionDetail } from '@payshelf/api';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { json } from '../../../testing/fetchStub';
import { renderRoutes } from '../../../testing/renderRoutes';
import { fakeSubscription } from '../logic/testFixtures';

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

const OPTIONS = {
  object: 'list',
  data: [
    {
      price_id: 'price_pro00000',
      product_id: 'prod_aaaaaaaa',
      product_name: 'Team',
      product_metadata: { translations: { zh: { name: '团队版' } } },
      nickname: 'Pro',
      unit_amount: '30000000',
      same_product: true,
    },
  ],
};
const application = (due: string, applied = '0') => ({
  starting_balance: applied,
  applied_balance: applied,
  amount_due: due,
  ending_balance: '0',
});
const upcoming = (sub: SubscriptionDetail, proration: Record<string, unknown>) => ({
  object: 'upcoming_invoice',
  subscription_id: sub.id,
  customer_id: sub.customer_id,
  currency_id: sub.currency_id,
  billing_reason: 'subscription_cycle',
  period_start: '2026-02-01T00:00:00.000Z',
  period_end: '2026-03-01T00:00:00.000Z',
  next_payment_attempt: '2026-02-01T00:00:00.000Z',
  lines: [],
  subtotal: '30000000',
  total: '30000000',
  ...application('30000000'),
  proration: {
    proration_date: '2026-01-16T00:00:00.000Z',
    proration_behavior: 'create_prorations',
    lines: [],
    ...proration,
  },
});

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('change plan dialog', () => {
  it('previews the amount due and the credit applied, then changes as of the preview and goes to pay', async () => {
    const sub = fakeSubscription();
    const pending = {
      items: [{ price_id: 'price_pro00000', quantity: 1 }],
      invoice_id: 'in_update000',
      proration_date: '2026-01-16T00:00:00.000Z',
    };
    serve(({ url, method }) => {
      if (url.pathname.endsWith('/plan-options')) return json(OPTIONS);
      if (url.pathname.endsWith('/upcoming-invoice')) {
        return json(
          upcoming(sub, {
            net: '7500000',
            invoice: { total: '7500000', ...application('5000000', '2500000') },
            credit: '0',
            pending: true,
          }),
        );
      }
      return json(method === 'POST' ? { ...plain(sub), pending_update: pending } : sub);
    });
    renderRoutes(PAGE, { session: signedIn });
    fireEvent.click(await screen.findByTestId('subscription-change-plan', {}, SLOW));
    const dialog = await screen.findByTestId('plan-dialog');
    expect(within(dialog).getByRole('dialog').getAttribute('aria-labelledby')).toBe('plan-title');
    const option = await within(dialog).findByLabelText(/^Team \(Pro\) · 30 TUSD/, {}, SLOW);
    expect((within(dialog).getByTestId('plan-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(option);
    await waitFor(
      () =>
        expect(within(dialog).getByTestId('plan-preview').textContent).toBe(
          'Due now: 5 TUSD. 2.5 TUSD of your credit balance is applied. The new plan applies once this amount is paid.',
        ),
      SLOW,
    );
    const preview = calls.find((c) => c.url.pathname.endsWith('/upcoming-invoice'));
    // The plan changes; the quantity (2) stays.
    expect(preview?.url.searchParams.get('items')).toBe('price_pro00000:2');
    fireEvent.click(within(dialog).getByTestId('plan-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        items: [{ price_id: 'price_pro00000', quantity: 2 }],
        proration_date: '2026-01-16T00:00:00.000Z',
      }),
    );
    // A payment is due: the invoice page (the portal's pay flow) opens.
    await waitFor(() => expect(screen.queryByTestId('page-invoice')).not.toBeNull(), SLOW);
  }, 15_000);

  it('shows a downgrade’s credit, and that no plan is offered when there is none', async () => {
    const sub = fakeSubscription();
    let options: unknown = OPTIONS;
    serve(({ url }) => {
      if (url.pathname.endsWith('/plan-options')) return json(options);
      if (url.pathname.endsWith('/upcoming-invoice')) {
        return json(upcoming(sub, { net: '-2500000', invoice: null, credit: '2500000', pending: false }));
      }
      return json(sub);
    });
    renderRoutes(PAGE, { session: signedIn });
    fireEvent.click(await screen.findByTestId('subscription-change-plan', {}, SLOW));
    fireEvent.click(await screen.findByLabelText(/^Team \(Pro\)/, {}, SLOW));
    await waitFor(
      () =>
        expect(screen.getByTestId('plan-preview').textContent).toBe(
          'Credited to your balance now: 2.5 TUSD.',
        ),
      SLOW,
    );
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('plan-dialog')).toBeNull());
    options = { object: 'list', data: [] };
    cleanup();
    renderRoutes(PAGE, { session: signedIn });
    fireEvent.click(await screen.findByTestId('subscription-change-plan', {}, SLOW));
    expect((await screen.findByTestId('plan-none', {}, SLOW)).textContent).toBe(
      'No other plan is available for this subscription.',
    );
  }, 15_000);

  it('a change waiting for its invoice offers to pay it instead of another change', async () => {
    const sub = fakeSubscription({
      pending_update: {
        items: [{ price_id: 'price_pro00000', quantity: 1 }],
        invoice_id: 'in_update000',
        proration_date: '2026-01-16T00:00:00.000Z',
      },
    });
    serve(() => json(sub));
    renderRoutes(PAGE, { session: signedIn });
    const alert = await screen.findByTestId('plan-pending', {}, SLOW);
    expect(within(alert).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/payment/customer/invoice/in_update000',
    );
    expect(screen.queryByTestId('subscription-change-plan')).toBeNull();
  });

  it('speaks Chinese: the product’s zh name and what is due now', async () => {
    const sub = fakeSubscription();
    serve(({ url }) => {
      if (url.pathname.endsWith('/plan-options')) return json(OPTIONS);
      if (url.pathname.endsWith('/upcoming-invoice')) {
        return json(
          upcoming(sub, {
            net: '7500000',
            invoice: { total: '7500000', ...application('7500000') },
            credit: '0',
            pending: true,
          }),
        );
      }
      return json(sub);
    });
    renderRoutes(PAGE, { session: signedIn, locale: 'zh' });
    fireEvent.click(await screen.findByTestId('subscription-change-plan', {}, SLOW));
    const dialog = await screen.findByTestId('plan-dialog');
    expect(within(dialog).getByText('更换方案')).toBeTruthy();
    fireEvent.click(await within(dialog).findByLabelText(/^团队版 \(Pro\) · 30 TUSD/, {}, SLOW));
    await waitFor(
      () =>
        expect(within(dialog).getByTestId('plan-preview').textContent).toBe(
          '现在应付：7.5 TUSD。 支付此金额后新方案生效。',
        ),
      SLOW,
    );
    expect(within(dialog).getByTestId('plan-confirm').textContent).toBe('确认更换');
  }, 15_000);
});
