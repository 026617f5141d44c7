import { describe, expect, it } from 'vitest';
import { checkoutBillingAddress, paymentStatusShown } from './pay.js';

describe('paymentStatusShown', () => {
  it('reads a closed attempt whose transfer or pull failed as failed', () => {
    const error = { code: 'insufficient_allowance', message: 'no allowance' };
    expect(paymentStatusShown({ status: 'canceled', last_payment_error: error })).toBe('failed');
  });
  it('keeps every other status as it is', () => {
    expect(paymentStatusShown({ status: 'canceled', last_payment_error: null })).toBe('canceled');
    const error = { message: 'rejected' };
    expect(paymentStatusShown({ status: 'requires_action', last_payment_error: error })).toBe(
      'requires_action',
    );
    expect(paymentStatusShown({ status: 'succeeded', last_payment_error: null })).toBe('succeeded');
  });
});

describe('the checkout billing address', () => {
  const full = { country: 'US', state: 'CA', line1: '1 Main St', city: 'SF', postal_code: '94105' };

  it('takes a full address, or the card form country and postal code with the other lines empty', () => {
    expect(checkoutBillingAddress.parse(full)).toMatchObject({ country: 'us', line1: '1 Main St' });
    const postal = { country: 'US', state: '', line1: '', city: '', postal_code: '94107' };
    expect(checkoutBillingAddress.parse(postal)).toMatchObject({ postal_code: '94107', line1: '' });
  });

  it('names each missing line of a partly filled address, and always needs the postal code', () => {
    const partly = checkoutBillingAddress.safeParse({ ...full, line1: '', city: ' ' });
    expect(partly.success).toBe(false);
    expect(partly.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['city', 'line1']);
    expect(partly.error?.issues[0]?.message).toBe('payment.checkout.required');
    expect(checkoutBillingAddress.safeParse({ ...full, postal_code: '' }).success).toBe(false);
  });
});
