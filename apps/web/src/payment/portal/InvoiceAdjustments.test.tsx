// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../platform/session/useHeaderSession';
import { fetchStub, json } from '../../testing/fetchStub';
import { renderRoutes } from '../../testing/renderRoutes';
import { fakeInvoiceDetail } from './logic/testFixtures';

const SLOW = { timeout: 12_000 };
const signedIn: HeaderSession = {
  initialized: true,
  user: { did: 'z1Buyer', role: 'guest', fullName: 'Bea', avatar: undefined },
};
const { serve } = fetchStub();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** 9.9 TUSD, 10% off with WELCOME10, then a 8.25% sales tax on the discounted 8.91 TUSD. */
const discounted = fakeInvoiceDetail({
  subtotal: '9900000',
  total: '9645075',
  total_discount: '990000',
  total_tax: '735075',
  total_breakdown: {
    discounts: [
      {
        amount: '990000',
        coupon_id: 'coupon_1',
        name: 'Welcome 10%',
        percent_off: '10',
        amount_off: null,
        promotion_code_id: 'promo_1',
        code: 'WELCOME10',
      },
    ],
    taxes: [
      {
        amount: '735075',
        tax_rate_id: 'txr_1',
        display_name: 'Sales tax',
        percentage: '8.25',
        inclusive: false,
      },
    ],
  },
});

const texts = (id: string) => screen.queryAllByTestId(id).map((e) => e.textContent);

describe('invoice page discount and tax lines', () => {
  it('shows the subtotal, the discount with its code, the tax and the exact total', async () => {
    serve(() => json(discounted));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    await screen.findByTestId('invoice-adjustments', {}, SLOW);
    expect(texts('subtotal-line')).toEqual(['Subtotal9.9 TUSD']);
    expect(texts('discount-line')).toEqual(['Discount: Welcome 10% (10% off)WELCOME10−0.99 TUSD']);
    expect(texts('tax-line')).toEqual(['Sales tax 8.25%0.735075 TUSD']);
    expect(screen.getByTestId('invoice-adjusted-total').textContent).toBe('9.645075 TUSD');
  });

  it('speaks Chinese, with an inclusive tax marked as included', async () => {
    const inclusive = structuredClone(discounted);
    const tax = inclusive.total_breakdown?.taxes[0];
    if (tax) tax.inclusive = true;
    serve(() => json(inclusive));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn, locale: 'zh' });
    await screen.findByTestId('invoice-adjustments', {}, SLOW);
    expect(texts('discount-line')).toEqual(['折扣：Welcome 10%（减 10%）WELCOME10−0.99 TUSD']);
    expect(texts('tax-line')).toEqual(['Sales tax 8.25%（已含）0.735075 TUSD']);
  });

  it('adds nothing to an invoice without discount or tax', async () => {
    serve(() => json(fakeInvoiceDetail()));
    renderRoutes('/payment/customer/invoice/in_aaaaaaaa', { session: signedIn });
    await screen.findByTestId('invoice-line', {}, SLOW);
    expect(screen.queryByTestId('invoice-adjustments')).toBeNull();
  });
});
