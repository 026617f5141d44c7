import { describe, expect, it } from 'vitest';
import { paymentStatusShown } from './pay.js';

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
