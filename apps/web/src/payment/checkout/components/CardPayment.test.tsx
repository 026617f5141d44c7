// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { StripePaymentTarget } from '@payshelf/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import { CardPayment } from './CardPayment';

afterEach(() => {
  cleanup();
});

const TARGET: StripePaymentTarget = {
  rail: 'stripe',
  payment_intent_id: 'pi_test',
  client_secret: 'pi_test_secret_x',
  publishable_key: 'pk_test_x',
  tx_ref: `0x${'70'.repeat(32)}`,
  amount: '1999',
  currency: 'USD',
  js_url: null,
};

/**
 * A Stripe.js double on the page (loadStripe keeps the first one it finds, so there is one): the card
 * form mounts; confirmPayment answers the queued results in turn.
 */
const results: unknown[] = [];
const element = {
  mount: vi.fn(),
  on: vi.fn(),
  off: vi.fn(),
  update: vi.fn(),
  destroy: vi.fn(),
  unmount: vi.fn(),
};
const stripe = {
  elements: () => ({ create: () => element, getElement: () => element, update: vi.fn() }),
  createToken: vi.fn(),
  createPaymentMethod: vi.fn(),
  confirmCardPayment: vi.fn(),
  confirmPayment: vi.fn(() => Promise.resolve(results.shift())),
  registerAppInfo: vi.fn(),
  _registerWrapper: vi.fn(),
};
Object.assign(window, { Stripe: Object.assign(() => stripe, { version: 'endive' }) });

function fakeStripe(answers: unknown[]) {
  results.splice(0, results.length, ...answers);
  stripe.confirmPayment.mockClear();
  return stripe;
}

function show(onPaid: (txRef: string) => Promise<void>, locale: 'en' | 'zh' = 'en') {
  return render(
    <AppProviders i18n={createI18n(locale, resources)} queryClient={new QueryClient()}>
      <CardPayment target={TARGET} amount="$19.99" locale={locale} onPaid={onPaid} onCancel={vi.fn()} />
    </AppProviders>,
  );
}

describe('CardPayment', () => {
  it('shows a declined card with a retry, then posts the payment once it succeeds', async () => {
    const stripe = fakeStripe([
      { error: { type: 'card_error', message: 'Your card was declined.' } },
      { paymentIntent: { id: 'pi_test', status: 'succeeded' } },
    ]);
    const onPaid = vi.fn(() => Promise.resolve());
    show(onPaid);
    const pay = await screen.findByRole('button', { name: 'Pay $19.99' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    expect(onPaid).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(TARGET.tx_ref));
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(2);
  });

  it('after a failed post, trying again posts again without charging again (zh)', async () => {
    const stripe = fakeStripe([{ paymentIntent: { id: 'pi_test', status: 'succeeded' } }]);
    const onPaid = vi
      .fn<(txRef: string) => Promise<void>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce(undefined);
    show(onPaid, 'zh');
    const pay = await screen.findByRole('button', { name: '支付 $19.99' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect((await screen.findByRole('alert')).textContent).toContain('银行卡支付未成功');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(2));
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
  });
});
