import { describe, expect, it } from 'vitest';
import { refundableOf, refundUnits } from './refundAmount';

describe('refund amount', () => {
  it('sends no amount for the whole rest, exact units for a part, refuses 0, too much and bad text', () => {
    expect(refundUnits('', 6, 5n)).toEqual({});
    expect(refundUnits('1.5', 6, 2_000_000n)).toEqual({ amount: '1500000' });
    expect(refundUnits('2.000001', 6, 2_000_000n)).toBeNull();
    expect(refundUnits('0', 6, 10n)).toBeNull();
    expect(refundUnits('abc', 6, 10n)).toBeNull();
    expect(refundUnits('', 6, 0n)).toBeNull();
  });

  it('counts refunds of that payment except failed and canceled ones', () => {
    const refunds = [
      { payment_intent_id: 'pi_1', amount: '300', status: 'pending' },
      { payment_intent_id: 'pi_1', amount: '100', status: 'failed' },
      { payment_intent_id: 'pi_2', amount: '999', status: 'succeeded' },
    ];
    expect(refundableOf('1000', refunds, 'pi_1')).toBe(700n);
    expect(refundableOf('500', refunds, 'pi_2')).toBe(0n);
  });
});
