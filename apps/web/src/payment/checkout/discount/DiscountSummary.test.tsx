// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import { fetchStub, json } from '../../../testing/fetchStub';
import { fakeCurrency } from '../../portal/logic/testFixtures';
import { OrderSummary } from '../components/OrderSummary';
import { summaryTotals } from '../logic/adjustments';
import { CheckoutApi, type CheckoutSessionData } from '../logic/api';
import { fakeSession } from '../logic/testFixtures';
import type { SessionChanges } from '../useSessionChanges';
import { usePromotionCode } from './usePromotionCode';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TUSD = fakeCurrency();
const noChanges: SessionChanges = {
  busy: false,
  setQuantity: () => undefined,
  toggleUpsell: () => undefined,
  addCrossSell: () => undefined,
  removeCrossSell: () => undefined,
  setAmount: () => undefined,
};

/** 1.5 TUSD, 10% off with WELCOME10, VAT 20% included and a 8.25% sales tax on top. */
const discounted = fakeSession({
  allow_promotion_codes: true,
  amount_subtotal: '1500000',
  amount_total: '1461375',
  total_details: {
    amount_discount: '150000',
    amount_tax: '336375',
    amount_shipping: '0',
    breakdown: {
      discounts: [
        {
          amount: '150000',
          coupon_id: 'coupon_1',
          name: 'Welcome 10%',
          percent_off: '10',
          amount_off: null,
          promotion_code_id: 'promo_1',
          code: 'WELCOME10',
        },
      ],
      taxes: [
        { amount: '225000', tax_rate_id: 'txr_vat', display_name: 'VAT', percentage: '20', inclusive: true },
        {
          amount: '111375',
          tax_rate_id: 'txr_st',
          display_name: 'Sales tax',
          percentage: '8.25',
          inclusive: false,
        },
      ],
    },
  },
});
const plain = fakeSession({ allow_promotion_codes: true });

function Summary({ initial, locale = 'en' }: { initial: CheckoutSessionData; locale?: 'en' | 'zh' }) {
  const [session, setSession] = useState(initial);
  const promotion = usePromotionCode(new CheckoutApi('/payment', false), session.id, setSession);
  return (
    <OrderSummary
      session={session}
      currency={TUSD}
      amounts={{ lines: [1_500_000n], total: 1_500_000n }}
      totals={summaryTotals(session, TUSD.id, 1_500_000n)}
      promotion={session.allow_promotion_codes ? promotion : null}
      trial={null}
      locale={locale}
      changes={noChanges}
      crossSell={null}
      shaking={false}
      crossSellMissing={false}
      collapsible={false}
      disabled={false}
      onAmountValidity={() => undefined}
    />
  );
}

function show(session: CheckoutSessionData, locale: 'en' | 'zh' = 'en') {
  render(
    <AppProviders i18n={createI18n(locale, resources)} queryClient={new QueryClient()}>
      <Summary initial={session} locale={locale} />
    </AppProviders>,
  );
}

const texts = (id: string) => screen.queryAllByTestId(id).map((e) => e.textContent);

describe('summaryTotals', () => {
  it('takes the exact amounts and total from the server in the session currency', () => {
    const totals = summaryTotals(discounted, 'pc_usd00000', 1_500_000n);
    expect(totals.subtotal).toBe(1_500_000n);
    expect(totals.discounts.map((d) => d.amount)).toEqual([150_000n]);
    expect(totals.taxes.map((t) => [t.percentage, t.inclusive, t.amount])).toEqual([
      ['20', true, 225_000n],
      ['8.25', false, 111_375n],
    ]);
    expect(totals.total).toBe(1_461_375n);
    expect(totals.pending).toBe(false);
  });

  it('leaves the amounts to the payment in another currency, and adds no lines without adjustments', () => {
    const other = summaryTotals(discounted, 'pc_other000', 3_000_000n);
    expect(other.pending).toBe(true);
    expect(other.discounts.map((d) => d.amount)).toEqual([null]);
    expect(other.total).toBe(3_000_000n);
    expect(summaryTotals(plain, 'pc_usd00000', 1_500_000n)).toEqual({
      subtotal: null,
      discounts: [],
      taxes: [],
      total: 1_500_000n,
      pending: false,
    });
  });
});

describe('OrderSummary discount and tax lines', () => {
  it('shows the subtotal, the discount with its code, each tax and the server total', () => {
    show(discounted);
    expect(texts('subtotal-line')).toEqual(['Subtotal1.5 TUSD']);
    expect(texts('discount-line')).toEqual(['Discount: Welcome 10% (10% off)WELCOME10−0.15 TUSD']);
    expect(texts('tax-line')).toEqual(['VAT 20% (included)0.225 TUSD', 'Sales tax 8.25%0.111375 TUSD']);
    expect(screen.getByTestId('checkout-total').textContent).toBe('1.461375 TUSD');
    expect(screen.getByTestId('promotion-code-applied').textContent).toBe('Promotion code WELCOME10 applied');
  });

  it('writes the lines in Chinese', () => {
    show(discounted, 'zh');
    expect(texts('discount-line')).toEqual(['折扣：Welcome 10%（减 10%）WELCOME10−0.15 TUSD']);
    expect(texts('tax-line')[0]).toBe('VAT 20%（已含）0.225 TUSD');
  });

  it('shows no extra lines and no field when the session has no discount, tax or codes', () => {
    show(fakeSession());
    expect(texts('discount-line')).toEqual([]);
    expect(texts('subtotal-line')).toEqual([]);
    expect(screen.queryByTestId('promotion-code')).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('1.5 TUSD');
  });
});

describe('promotion code field', () => {
  it('keeps the refusal beside the field, then applies a good code and removes it', async () => {
    const { serve, calls } = fetchStub();
    serve(async (url) => {
      void url;
      const body = calls.length === 1 ? null : discounted;
      return body
        ? json(body)
        : json(
            {
              error: {
                type: 'invalid_request_error',
                code: 'promotion_code_invalid',
                message: 'No such promotion code',
                param: 'code',
              },
            },
            400,
          );
    });
    show(plain);
    fireEvent.click(screen.getByRole('button', { name: 'Add promotion code' }));
    const input = screen.getByLabelText('Promotion code');
    fireEvent.change(input, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No such promotion code'));
    expect(calls[0]?.pathname).toBe('/payment/api/checkout-sessions/cs_aaaaaaaa/promotion-code');
    expect(calls[0]?.searchParams.get('locale')).toBe('en');
    expect(texts('discount-line')).toEqual([]);

    fireEvent.change(input, { target: { value: 'WELCOME10' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(texts('discount-line')).toHaveLength(1));
    expect(screen.getByTestId('checkout-total').textContent).toBe('1.461375 TUSD');

    serve(() => json(plain));
    fireEvent.click(screen.getByRole('button', { name: 'Remove promotion code WELCOME10' }));
    await waitFor(() => expect(texts('discount-line')).toEqual([]));
    expect(screen.getByTestId('checkout-total').textContent).toBe('1.5 TUSD');
  });

  it('refuses an empty or malformed code without asking the server', async () => {
    const { serve, calls } = fetchStub();
    serve(() => json(discounted));
    show(plain, 'zh');
    fireEvent.click(screen.getByRole('button', { name: '添加优惠码' }));
    fireEvent.click(screen.getByRole('button', { name: '使用' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('请输入优惠码'));
    fireEvent.change(screen.getByLabelText('优惠码'), { target: { value: 'no spaces!' } });
    fireEvent.click(screen.getByRole('button', { name: '使用' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('字母'));
    expect(calls).toHaveLength(0);
  });
});
