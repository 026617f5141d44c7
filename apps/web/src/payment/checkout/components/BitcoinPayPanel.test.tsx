// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { BitcoinPaymentTarget } from '@payshelf/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import { CheckoutApi, type CheckoutView } from '../logic/api';
import { BitcoinPayPanel } from './BitcoinPayPanel';

afterEach(() => cleanup());

const TARGET: BitcoinPaymentTarget = {
  rail: 'bitcoin',
  network: 'regtest',
  address: 'bcrt1qexampleaddress0000000000000000000000',
  amount: '9900',
  uri: 'bitcoin:bcrt1qexampleaddress0000000000000000000000?amount=0.000099',
  confirmations: 2,
};

/** The checkout as the server answers it: the payment processing with `details` recorded on it. */
function panel(locale: 'en' | 'zh', details: Record<string, unknown>) {
  const api = new CheckoutApi('/payment', false);
  const view = {
    checkoutSession: { id: 'cs_test', status: 'open' },
    paymentIntent: { status: 'processing', payment_details: details },
  } as unknown as CheckoutView;
  api.retrieve = vi.fn(() => Promise.resolve(view)) as unknown as CheckoutApi['retrieve'];
  return render(
    <AppProviders i18n={createI18n(locale, resources)} queryClient={new QueryClient()}>
      <BitcoinPayPanel target={TARGET} api={api} sessionId="cs_test" onPaid={vi.fn()} testMode={false} />
    </AppProviders>,
  );
}

describe('BitcoinPayPanel', () => {
  it('says "confirming n/m" from the confirmations the server counted, in English and Chinese', async () => {
    panel('en', { tx_hash: 'ab'.repeat(32), confirmations: 1, confirmations_required: 2 });
    await waitFor(() =>
      expect(screen.getByTestId('bitcoin-status').textContent).toBe('Payment seen. Confirming 1/2…'),
    );
    expect(screen.getByTestId('bitcoin-status').dataset.kind).toBe('confirming');
    cleanup();
    panel('zh', { tx_hash: 'ab'.repeat(32), confirmations: 0, confirmations_required: 2 });
    await waitFor(() =>
      expect(screen.getByTestId('bitcoin-status').textContent).toBe('已看到付款。确认中 0/2…'),
    );
  });

  it('says seen while the server has not counted yet', async () => {
    panel('en', { tx_hash: 'ab'.repeat(32) });
    await waitFor(() => expect(screen.getByTestId('bitcoin-status').dataset.kind).toBe('seen'));
  });
});
