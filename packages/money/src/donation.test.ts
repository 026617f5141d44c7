import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  DEFAULT_DONATION_MAXIMUM,
  DEFAULT_DONATION_MINIMUM,
  DONATION_PRESET_MAXIMUM_FACTOR,
  checkDonationAmount,
  donationLimits,
  initialDonationChoice,
} from './donation.js';
import type { DonationSettings } from './donation.js';
import { AmountInvalidError, AmountPrecisionError, DonationAmountError } from './errors.js';

const E18 = 10n ** 18n;
const presets = (...values: string[]): DonationSettings => ({ amount: { presets: values } });

describe('donationLimits', () => {
  it('defaults to 0..100 without settings or presets', () => {
    expect([DEFAULT_DONATION_MINIMUM, DEFAULT_DONATION_MAXIMUM, DONATION_PRESET_MAXIMUM_FACTOR]).toEqual([
      '0',
      '100',
      5n,
    ]);
    const expected = { presets: [], min: 0n, configuredMax: null, max: 100n * E18 };
    expect(donationLimits(undefined, 18)).toEqual(expected);
    expect(donationLimits(null, 18)).toEqual(expected);
    expect(donationLimits({}, 18)).toEqual(expected);
    expect(donationLimits({ amount: { presets: [] } }, 2)).toEqual({ ...expected, max: 10_000n });
  });

  it('defaults the upper bound to five times the largest preset, in any order', () => {
    expect(donationLimits(presets('1', '10', '5'), 2)).toEqual({
      presets: [100n, 1000n, 500n],
      min: 0n,
      configuredMax: null,
      max: 5000n,
    });
    expect(donationLimits(presets('0.000000000000000001'), 18).max).toBe(5n);
  });

  it('uses the configured minimum and maximum', () => {
    const limits = donationLimits({ amount: { presets: ['1'], minimum: '0.5', maximum: '20' } }, 6);
    expect(limits).toEqual({
      presets: [1_000_000n],
      min: 500_000n,
      configuredMax: 20_000_000n,
      max: 20_000_000n,
    });
  });

  it('treats blank strings as not set', () => {
    const limits = donationLimits({ amount: { presets: ['', ' 2 '], minimum: '', maximum: '  ' } }, 0);
    expect(limits).toEqual({ presets: [2n], min: 0n, configuredMax: null, max: 10n });
  });

  it('never puts the default bound below the minimum', () => {
    expect(donationLimits({ amount: { presets: ['1'], minimum: '200' } }, 0).max).toBe(200n);
    expect(donationLimits({ amount: { minimum: '500' } }, 0).max).toBe(500n);
  });

  it('rejects invalid settings exactly like parseAmount', () => {
    expect(() => donationLimits(presets('five'), 2)).toThrow(AmountInvalidError);
    expect(() => donationLimits(presets('-1'), 2)).toThrow(AmountInvalidError);
    expect(() => donationLimits(presets('0.001'), 2)).toThrow(AmountPrecisionError);
    expect(() => donationLimits({ amount: { maximum: '1e3' } }, 2)).toThrow(AmountInvalidError);
  });
});

describe('initialDonationChoice', () => {
  it.each([
    [['1'], 0],
    [['1', '5'], 1],
    [['1', '5', '10'], 1],
    [['1', '5', '10', '50'], 2],
    [['1', '2', '3', '4', '5'], 2],
    [['1', '2', '3', '4', '5', '6'], 3],
  ])('picks the middle of %j: index %i', (values, index) => {
    const choice = initialDonationChoice(presets(...values), 0);
    expect(choice).toEqual({ kind: 'preset', index, amount: BigInt(values[index] ?? '0') });
  });

  it('prefers the configured preset when it is one of the presets, compared by value', () => {
    const settings: DonationSettings = { amount: { presets: ['1', '5', '10'], preset: '10.00' } };
    expect(initialDonationChoice(settings, 2)).toEqual({ kind: 'preset', index: 2, amount: 1000n });
    const stray: DonationSettings = { amount: { presets: ['1', '5', '10'], preset: '7' } };
    expect(initialDonationChoice(stray, 2)).toEqual({ kind: 'preset', index: 1, amount: 500n });
  });

  it('starts with a custom amount without presets', () => {
    expect(initialDonationChoice({ amount: { preset: '3.5' } }, 1)).toEqual({ kind: 'custom', amount: 35n });
    expect(initialDonationChoice({ amount: { preset: ' ' } }, 1)).toEqual({ kind: 'custom', amount: null });
    expect(initialDonationChoice(undefined, 18)).toEqual({ kind: 'custom', amount: null });
  });
});

describe('checkDonationAmount', () => {
  const settings: DonationSettings = { amount: { presets: ['1', '5', '10'], minimum: '0.5' } };

  it('accepts amounts within the inclusive bounds', () => {
    expect(checkDonationAmount(500_000n, settings, 6)).toBeNull();
    expect(checkDonationAmount(50_000_000n, settings, 6)).toBeNull();
    expect(checkDonationAmount(7_654_321n, settings, 6)).toBeNull();
    expect(checkDonationAmount(0n, {}, 6)).toBeNull();
  });

  it('reports the SPEC message with exact human bounds', () => {
    const below = checkDonationAmount(499_999n, settings, 6);
    expect(below).toBeInstanceOf(DonationAmountError);
    expect(below?.message).toBe('Please enter an amount between 0.5 and 50.');
    expect(below).toMatchObject({ code: 'DONATION_AMOUNT_RANGE', min: '0.5', max: '50' });
    expect(below?.params).toEqual({ min: '0.5', max: '50' });
    expect(checkDonationAmount(50_000_001n, settings, 6)?.message).toBe(
      'Please enter an amount between 0.5 and 50.',
    );
    expect(checkDonationAmount(-1n, {}, 18)?.message).toBe('Please enter an amount between 0 and 100.');
  });

  it('keeps 18-decimal bounds exact', () => {
    const tiny: DonationSettings = {
      amount: { minimum: '0.000000000000000001', maximum: '123456789.123456789' },
    };
    expect(checkDonationAmount(0n, tiny, 18)?.message).toBe(
      'Please enter an amount between 0.000000000000000001 and 123456789.123456789.',
    );
  });

  it('property: null exactly when min <= amount <= max', () => {
    const human = fc.bigInt({ min: 0n, max: 10n ** 12n });
    fc.assert(
      fc.property(
        fc.array(human, { maxLength: 6 }),
        fc.option(human),
        fc.bigInt({ min: -1n, max: 10n ** 14n }),
        (values, minimum, amount) => {
          const settings: DonationSettings = {
            amount: {
              presets: values.map((v) => `${v}.5`),
              minimum: minimum === null ? null : String(minimum),
            },
          };
          const { min, max } = donationLimits(settings, 1);
          const largest = values.reduce((top, v) => (v * 10n + 5n > top ? v * 10n + 5n : top), -1n);
          const fallback = largest < 0n ? 1000n : largest * 5n;
          expect(max).toBe(fallback < min ? min : fallback);
          const inRange = amount >= min && amount <= max;
          expect(checkDonationAmount(amount, settings, 1) === null).toBe(inRange);
        },
      ),
    );
  });
});
