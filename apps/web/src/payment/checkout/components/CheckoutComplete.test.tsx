// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import { fakeSession } from '../logic/testFixtures';
import { CheckoutComplete, SUCCESS_REDIRECT_MS } from './CheckoutComplete';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function complete(over: Parameters<typeof fakeSession>[0], message?: string, locale: 'en' | 'zh' = 'en') {
  return render(
    <AppProviders i18n={createI18n(locale, resources)} queryClient={new QueryClient()}>
      <MemoryRouter>
        <CheckoutComplete
          session={fakeSession({ status: 'complete', ...over })}
          mountPoint="/payment"
          message={message}
        />
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
});
