// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { fetchStub, json } from '../../../testing/fetchStub';
import { renderRoutes } from '../../../testing/renderRoutes';
import { fakeCurrency, fakeMethod, TX_HASH } from '../logic/testFixtures';

const SLOW = { timeout: 8000 };
const signedIn: HeaderSession = {
  initialized: true,
  user: { did: 'z1Buyer', role: 'guest', fullName: 'Bea', avatar: undefined },
};
const AT = '2026-01-05T00:00:00.000Z';
const payment = {
  id: 'pi_aaaaaaaa',
  object: 'payment_intent',
  livemode: false,
  status: 'succeeded',
  amount: '2500000',
  amount_received: '2500000',
  currency_id: 'pc_usd00000',
  payment_method_id: 'pm_aaaaaaaa',
  customer_id: 'cus_aaaaaaaa',
  checkout_session_id: null,
  invoice_id: 'in_aaaaaaaa',
  description: 'Invoice INV-1',
  last_payment_error: null,
  payment_details: { tx_hash: TX_HASH },
  metadata: {},
  created_at: AT,
  updated_at: AT,
  paymentCurrency: fakeCurrency(),
  paymentMethod: fakeMethod(),
};
const refund = {
  id: 're_aaaaaaaa',
  object: 'refund',
  livemode: false,
  status: 'succeeded',
  type: 'refund',
  reason: 'requested_by_customer',
  amount: '1000000',
  currency_id: 'pc_usd00000',
  payment_intent_id: 'pi_aaaaaaaa',
  invoice_id: null,
  customer_id: 'cus_aaaaaaaa',
  metadata: {},
  created_at: AT,
  updated_at: AT,
  paymentCurrency: fakeCurrency(),
  paymentMethod: fakeMethod(),
};
const { serve } = fetchStub();

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('payments and refunds page', () => {
  it('lists payments with status and transaction, and refunds with their reason', async () => {
    serve((url) =>
      url.pathname.endsWith('/portal/payments')
        ? json({ list: [payment], count: 1 })
        : json({ list: [refund], count: 1 }),
    );
    renderRoutes('/payment/customer/payments', { session: signedIn });
    const paid = await screen.findByTestId('payments-row', {}, SLOW);
    expect(paid.textContent).toContain('2.5 TUSD');
    expect(paid.textContent).toContain('Succeeded');
    expect(paid.textContent).toContain(TX_HASH);
    const back = await screen.findByTestId('refunds-row', {}, SLOW);
    expect(within(back).getByText('Refunded')).toBeTruthy();
    expect(back.textContent).toContain('Requested by you');
  }, 20_000);
});
