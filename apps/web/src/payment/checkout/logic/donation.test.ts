import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../testing/memoryStorage';
import {
  beneficiaryShare,
  cancelTarget,
  checkCustomAmount,
  cryptoRandomBelow,
  donationConfig,
  donationStorageKey,
  initials,
  randomDonationAmount,
  readDonationChoice,
  restoreDonationChoice,
  writeDonationChoice,
} from './donation';

const TUSD = { id: 'pc_tusd', decimal: 6, maximum_precision: 2 };
const ETH = { id: 'pc_eth', decimal: 18, maximum_precision: 6 };
const U = 1_000_000n;
const demo = { amount: { presets: ['1', '5', '10'], preset: '5', custom: true } };

describe('donation config and initial choice', () => {
  it('starts on the configured preset, else the middle one', () => {
    expect(donationConfig(demo, TUSD).initial).toEqual({ kind: 'preset', index: 1, amount: 5n * U });
    const four = { amount: { presets: ['1', '2', '3', '4'] } };
    expect(donationConfig(four, TUSD).initial).toEqual({ kind: 'preset', index: 2, amount: 3n * U });
    const odd = { amount: { presets: ['1', '2', '3'], preset: '7' } };
    expect(donationConfig(odd, TUSD).initial).toMatchObject({ kind: 'preset', index: 1 });
  });

  it('bounds the custom amount by the settings, 5 x the largest preset, or 100', () => {
    expect(donationConfig(demo, TUSD).limits).toMatchObject({ min: 0n, max: 50n * U });
    expect(donationConfig({ amount: { presets: [] } }, TUSD).limits.max).toBe(100n * U);
    const set = { amount: { presets: ['1'], minimum: '0.5', maximum: '3' } };
    expect(donationConfig(set, TUSD).limits).toMatchObject({ min: U / 2n, max: 3n * U });
  });

  it('allows a custom amount unless turned off, and always without presets', () => {
    expect(donationConfig(demo, TUSD).custom).toBe(true);
    expect(donationConfig({ amount: { presets: ['1'], custom: false } }, TUSD).custom).toBe(false);
    expect(donationConfig({ amount: { presets: [], custom: false } }, TUSD).custom).toBe(true);
    expect(donationConfig(null, TUSD).initial).toEqual({ kind: 'custom', amount: null });
  });

  it('falls back to the defaults when the settings do not fit the currency', () => {
    const config = donationConfig({ amount: { presets: ['0.0000001'] } }, TUSD);
    expect(config.limits.presets).toEqual([]);
    expect(config.custom).toBe(true);
    expect(config.limits.max).toBe(100n * U);
  });
});

describe('custom amount check', () => {
  const config = donationConfig(demo, TUSD);
  it('accepts amounts in [min, max] within the precision', () => {
    expect(checkCustomAmount('7.25', TUSD, config)).toEqual({ ok: true, units: 7_250_000n });
    expect(checkCustomAmount('50', TUSD, config)).toEqual({ ok: true, units: 50n * U });
    expect(checkCustomAmount('0', TUSD, config)).toEqual({ ok: true, units: 0n });
  });

  it('names the problem: required, invalid, precision, range', () => {
    expect(checkCustomAmount(' ', TUSD, config)).toEqual({ ok: false, problem: { kind: 'required' } });
    expect(checkCustomAmount('1e3', TUSD, config)).toEqual({ ok: false, problem: { kind: 'invalid' } });
    expect(checkCustomAmount('1.234', TUSD, config)).toEqual({
      ok: false,
      problem: { kind: 'precision', precision: 2 },
    });
    expect(checkCustomAmount('50.01', TUSD, config)).toEqual({
      ok: false,
      problem: { kind: 'range', min: 0n, max: 50n * U },
    });
  });
});

describe('random amount', () => {
  const limits = { min: 0n, max: 50n * U };
  it('stays in bounds at the currency precision (property over many draws)', () => {
    for (let i = 0; i < 500; i += 1) {
      const amount = randomDonationAmount(limits, 6, 2);
      expect(amount).not.toBeNull();
      const units = amount ?? -1n;
      expect(units >= 10_000n && units <= 50n * U).toBe(true);
      expect(units % 10_000n).toBe(0n);
    }
  });

  it('reaches both ends of the range and never picks zero', () => {
    expect(randomDonationAmount(limits, 6, 2, () => 0n)).toBe(10_000n);
    expect(randomDonationAmount(limits, 6, 2, (bound) => bound - 1n)).toBe(50n * U);
    const odd = { min: 1_234_567n, max: 1_250_000n };
    expect(randomDonationAmount(odd, 6, 2, () => 0n)).toBe(1_240_000n);
  });

  it('is exact for 18-decimal tokens and null when no step fits the range', () => {
    const eth = donationConfig(demo, ETH);
    const amount = randomDonationAmount(eth.limits, 18, eth.precision) ?? 0n;
    expect(amount % 10n ** 12n).toBe(0n);
    expect(amount > 0n && amount <= 50n * 10n ** 18n).toBe(true);
    expect(randomDonationAmount({ min: 1n, max: 9_999n }, 6, 2)).toBeNull();
  });

  it('draws uniformly below the bound from the CSPRNG', () => {
    const seen = new Set<bigint>();
    for (let i = 0; i < 200; i += 1) seen.add(cryptoRandomBelow(3n));
    expect([...seen].sort()).toEqual([0n, 1n, 2n]);
    expect(cryptoRandomBelow(1n)).toBe(0n);
    expect(() => cryptoRandomBelow(0n)).toThrow(RangeError);
  });
});

describe('remembered choice', () => {
  const config = donationConfig(demo, TUSD);
  it('is kept per user and per donation', () => {
    const storage = memoryStorage();
    writeDonationChoice(storage, 'did:a', 'plink_1', {
      currencyId: TUSD.id,
      kind: 'preset',
      amount: '10000000',
    });
    expect(readDonationChoice(storage, 'did:a', 'plink_1')).toMatchObject({ amount: '10000000' });
    expect(readDonationChoice(storage, 'did:b', 'plink_1')).toBeNull();
    expect(readDonationChoice(storage, 'did:a', 'plink_2')).toBeNull();
    expect(donationStorageKey(undefined)).toMatch(/anonymous$/);
    storage.setItem(donationStorageKey('did:a'), 'not json');
    expect(readDonationChoice(storage, 'did:a', 'plink_1')).toBeNull();
  });

  it('keeps at most 20 donations, dropping the oldest', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 25; i += 1) {
      writeDonationChoice(storage, undefined, `plink_${i}`, { currencyId: 'c', kind: 'custom', amount: '1' });
    }
    expect(readDonationChoice(storage, undefined, 'plink_4')).toBeNull();
    expect(readDonationChoice(storage, undefined, 'plink_5')).not.toBeNull();
    expect(readDonationChoice(storage, undefined, 'plink_24')).not.toBeNull();
  });

  it('is restored only while still valid', () => {
    const preset = { currencyId: TUSD.id, kind: 'preset' as const, amount: '10000000' };
    expect(restoreDonationChoice(preset, TUSD, config)).toEqual({
      kind: 'preset',
      index: 2,
      amount: 10n * U,
    });
    expect(restoreDonationChoice({ ...preset, amount: '2000000' }, TUSD, config)).toBeNull();
    expect(restoreDonationChoice({ ...preset, currencyId: 'pc_other' }, TUSD, config)).toBeNull();
    const custom = { currencyId: TUSD.id, kind: 'custom' as const, amount: '7250000' };
    expect(restoreDonationChoice(custom, TUSD, config)).toEqual({ kind: 'custom', amount: 7_250_000n });
    expect(restoreDonationChoice({ ...custom, amount: '51000000' }, TUSD, config)).toBeNull();
    expect(restoreDonationChoice({ ...custom, amount: '7255000' }, TUSD, config)).toBeNull();
    const noCustom = donationConfig({ amount: { ...demo.amount, custom: false } }, TUSD);
    expect(restoreDonationChoice(custom, TUSD, noCustom)).toBeNull();
    expect(restoreDonationChoice(null, TUSD, config)).toBeNull();
  });
});

describe('beneficiaries and cancel', () => {
  it('shares the total by percent, rounded down', () => {
    expect(beneficiaryShare(5n * U, 100)).toBe(5n * U);
    expect(beneficiaryShare(10n, 33)).toBe(3n);
    expect(initials('The author')).toBe('TA');
    expect(initials('  ')).toBe('?');
    expect(initials('Ünïcode name here')).toBe('ÜN');
  });

  it('goes to cancel_url (http or https), else back, else home', () => {
    expect(cancelTarget('https://shop.example/cart', 1)).toEqual({
      kind: 'url',
      url: 'https://shop.example/cart',
    });
    expect(cancelTarget('javascript:alert(1)', 3)).toEqual({ kind: 'back' });
    expect(cancelTarget(null, 3)).toEqual({ kind: 'back' });
    expect(cancelTarget(null, 1)).toEqual({ kind: 'home' });
  });
});
