// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import { checkoutSlots } from '../../pages/checkoutSlots';
import { fakeSession } from '../logic/testFixtures';
import { CheckoutSlotsProvider } from '../slots';
import { CheckoutComplete, SUCCESS_REDIRECT_MS } from './CheckoutComplete';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const TUSD = { decimal: 6, symbol: 'TUSD', maximum_precision: 6 };

function complete(
  over: Parameters<typeof fakeSession>[0],
  message?: string,
  locale: 'en' | 'zh' = 'en',
  currency: typeof TUSD | null = null,
) {
  return render(
    <AppProviders i18n={createI18n(locale, resources)} queryClient={new QueryClient()}>
      <MemoryRouter>
        <CheckoutSlotsProvider value={checkoutSlots}>
          <CheckoutComplete
            session={fakeSession({ status: 'complete', ...over })}
            mountPoint="/payment"
            message={message}
            currency={currency}
          />
        </CheckoutSlotsProvider>
      </MemoryRouter>
    </AppProviders>,
  );
}

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('the completed checkout', () => {
  it('links the invoice of a one-time purchase', () => {
    complete({ invoice_id: 'in_aaaaaaaa' });
    expect(hrefOf('View invoice')).toBe('/payment/customer/invoice/in_aaaaaaaa');
    expect(screen.queryByRole('link', { name: /View subscription/ })).toBeNull();
  });

  it('links the subscription and its first invoice', () => {
    complete({ invoice_id: 'in_aaaaaaaa', subscription_id: 'sub_aaaaaaaa', subscriptions: ['sub_aaaaaaaa'] });
    expect(hrefOf('View subscription')).toBe('/payment/customer/subscription/sub_aaaaaaaa');
    expect(hrefOf('View invoice')).toBe('/payment/customer/invoice/in_aaaaaaaa');
  });

  it('links every subscription when the plan bills on several intervals, first one first', () => {
    complete({
      invoice_id: 'in_aaaaaaaa',
      subscription_id: 'sub_monthly1',
      subscriptions: ['sub_monthly1', 'sub_yearly11'],
    });
    expect(hrefOf('View subscription 1')).toBe('/payment/customer/subscription/sub_monthly1');
    expect(hrefOf('View subscription 2')).toBe('/payment/customer/subscription/sub_yearly11');
  });

  it('thanks a donor once: a custom message that repeats the title is not shown twice (en and zh)', () => {
    complete({ submit_type: 'donate' }, 'Thank you!');
    expect(screen.getByRole('heading').textContent).toBe('Thank you for your support!');
    expect(screen.getByText('Your donation has been received.')).toBeTruthy();
    expect(screen.queryByText('Thank you!')).toBeNull();
    cleanup();
    complete({ submit_type: 'donate' }, 'Thanks a lot, see you at the meetup');
    expect(screen.getByText('Thanks a lot, see you at the meetup')).toBeTruthy();
    cleanup();
    complete({ submit_type: 'donate' }, '感谢您的支持', 'zh');
    expect(screen.getByRole('heading').textContent).toBe('感谢您的支持！');
    expect(screen.getByText('您的捐赠已收到。')).toBeTruthy();
  });

  it('goes to an http(s) success_url, never to a javascript: or data: one', () => {
    vi.useFakeTimers();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    for (const url of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>1</script>',
      'JaVaScRiPt:1',
    ]) {
      complete({ success_url: url });
      expect(screen.queryByText('Taking you back to the seller…')).toBeNull();
      act(() => vi.advanceTimersByTime(SUCCESS_REDIRECT_MS + 10));
      cleanup();
    }
    expect(assign).not.toHaveBeenCalled();
    complete({ success_url: 'https://shop.example/thanks' });
    act(() => vi.advanceTimersByTime(SUCCESS_REDIRECT_MS + 10));
    expect(assign).toHaveBeenCalledWith('https://shop.example/thanks');
  });

  it('offers a trial the allowance its renewals pull from, in words, as the portal does (en and zh)', async () => {
    const offer = {
      amount: '60000000',
      per_period: '5000000',
      periods: 12,
      span: { unit: 'month', count: 12 },
      currency_id: 'pc_tusd',
      spender: '0x00000000000000000000000000000000000000aa',
      request: { chainId: 31337, to: '0x00000000000000000000000000000000000000bb', value: '0', data: '0x' },
    };
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            object: 'subscription_allowance',
            subscription_id: 'sub_trial111',
            payer: null,
            remaining: '0',
            needed: '5000000',
            covers: false,
            offer,
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    const trial = {
      mode: 'subscription' as const,
      subscription_id: 'sub_trial111',
      subscriptions: ['sub_trial111'],
    };
    complete(trial, undefined, 'en', TUSD);
    expect(
      await screen.findByRole('button', { name: 'Grant or renew allowance' }, { timeout: 12_000 }),
    ).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(
      '/payment/api/subscriptions/sub_trial111/allowance',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Grant or renew allowance' }));
    expect((await screen.findByTestId('allowance-offer-words')).textContent).toBe(
      'Allows up to 60 TUSD, about 12 months of this plan.',
    );
    cleanup();
    complete(trial, undefined, 'zh', TUSD);
    expect(await screen.findByTestId('subscription-allowance', {}, { timeout: 12_000 })).toBeTruthy();
    expect(screen.queryByText(/Grant or renew/)).toBeNull();
  });

  it('asks nothing about an allowance after a one-time purchase', () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    complete({ mode: 'payment', invoice_id: 'in_aaaaaaaa' }, undefined, 'en', TUSD);
    expect(screen.queryByTestId('subscription-allowance')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
