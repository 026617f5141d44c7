// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import { fakeSession } from '../logic/testFixtures';
import { CheckoutComplete } from './CheckoutComplete';

afterEach(cleanup);

function complete(over: Parameters<typeof fakeSession>[0]) {
  return render(
    <AppProviders i18n={createI18n('en', resources)} queryClient={new QueryClient()}>
      <MemoryRouter>
        <CheckoutComplete session={fakeSession({ status: 'complete', ...over })} mountPoint="/payment" />
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
});
