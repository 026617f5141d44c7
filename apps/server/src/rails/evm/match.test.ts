import { describe, expect, it } from 'vitest';
import {
  confirmationsOf,
  matchTransfers,
  nextCheckDelay,
  paymentUri,
  type ObservedTransfer,
} from './match.js';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const OTHER = '0x00000000000000000000000000000000000000bb';
const MERCHANT = '0x000000000000000000000000000000000000Cafe';
const PAYER = '0x000000000000000000000000000000000000bEEF';

const log = (index: number, value: bigint, over: Partial<ObservedTransfer> = {}): ObservedTransfer => ({
  index,
  asset: TOKEN,
  from: PAYER,
  to: MERCHANT,
  value,
  ...over,
});
const want = { asset: TOKEN, recipient: MERCHANT.toLowerCase(), amount: 100n, referenced: true };

describe('matchTransfers', () => {
  it('accepts the exact amount or more, ignoring address case', () => {
    expect(matchTransfers([log(0, 100n)], want)).toEqual({ ok: true, transfers: [log(0, 100n)] });
    expect(
      matchTransfers([log(3, 101n)], { ...want, asset: TOKEN.toUpperCase().replace('0X', '0x') }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('prefers exact transfers, then log order', () => {
    const result = matchTransfers([log(1, 500n), log(2, 100n), log(4, 100n)], want);
    expect(result.ok && result.transfers.map((t) => t.index)).toEqual([2, 4, 1]);
  });

  it('names the reason when nothing fits', () => {
    expect(matchTransfers([log(0, 99n)], want)).toMatchObject({ ok: false, reason: 'underpaid' });
    expect(matchTransfers([log(0, 100n, { asset: OTHER })], want)).toMatchObject({ reason: 'wrong_token' });
    expect(matchTransfers([log(0, 100n, { to: PAYER })], want)).toMatchObject({ reason: 'wrong_recipient' });
    expect(matchTransfers([], want)).toMatchObject({ reason: 'wrong_recipient' });
    expect(matchTransfers([log(-1, 100n, { asset: null })], want)).toMatchObject({ reason: 'wrong_token' });
    expect(matchTransfers([log(0, 100n)], { ...want, asset: null })).toMatchObject({ reason: 'wrong_token' });
    expect(matchTransfers([log(0, 100n)], { ...want, payer: MERCHANT, referenced: false })).toMatchObject({
      reason: 'wrong_payer',
    });
    expect(matchTransfers([log(0, 100n)], { ...want, referenced: false })).toMatchObject({
      reason: 'wrong_reference',
    });
    expect(matchTransfers([log(0, 100n)], { ...want, payer: PAYER, referenced: false })).toMatchObject({
      ok: true,
    });
    expect(matchTransfers([log(0, 0n)], { ...want, amount: 0n })).toMatchObject({
      reason: 'wrong_recipient',
    });
  });

  it('matches native value transfers', () => {
    const native = log(-1, 10n ** 18n, { asset: null });
    expect(matchTransfers([native], { ...want, asset: null, amount: 10n ** 18n })).toMatchObject({
      ok: true,
    });
  });
});

describe('confirmations and backoff', () => {
  it('counts the including block as the first confirmation', () => {
    expect(confirmationsOf(10n, 10n)).toBe(1);
    expect(confirmationsOf(12n, 10n)).toBe(3);
    expect(confirmationsOf(9n, 10n)).toBe(0);
  });

  it('grows the delay by half each time up to the cap', () => {
    expect([0, 1, 2, 3].map((a) => nextCheckDelay(a))).toEqual([1000, 1500, 2250, 3375]);
    expect(nextCheckDelay(50)).toBe(15_000);
  });
});

describe('paymentUri', () => {
  it('builds EIP-681 URIs for native and token payments', () => {
    expect(paymentUri(1, MERCHANT, null, 5n)).toBe(`ethereum:${MERCHANT}@1?value=5`);
    expect(paymentUri(8453, MERCHANT, TOKEN, 7n)).toBe(
      `ethereum:${TOKEN}@8453/transfer?address=${MERCHANT}&uint256=7`,
    );
  });
});
