import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as api from './index.js';
import { amountString } from './common.js';
import { fitsNumeric78, inspectJson, jsonTooDeep, storableText, textProblem } from './bounds.js';
import { metadata } from './payment/common.js';
import { updateOf } from './payment/update.js';

describe('update schemas', () => {
  it('leave out every field the caller left out (no defaults on update)', () => {
    const updates = Object.entries(api).filter(
      ([name, value]) => /Update$/.test(name) && value instanceof z.ZodObject,
    ) as Array<[string, z.ZodObject]>;
    expect(updates.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'productUpdate',
        'paymentCurrencyUpdate',
        'paymentMethodUpdate',
        'customerUpdate',
      ]),
    );
    for (const [name, schema] of updates) {
      // An update with a required field (checkoutSessionUpdate: metadata) is checked with just that.
      const required = Object.keys(schema.shape).filter(
        (k) => !schema.shape[k]?.safeParse(undefined).success,
      );
      const input = Object.fromEntries(required.map((k) => [k, {}]));
      expect([name, schema.parse(input)]).toEqual([name, input]);
    }
  });

  it('updateOf drops defaults but keeps the field rules', () => {
    const create = z.strictObject({ precision: z.number().int().max(36).default(6), name: z.string() });
    const update = updateOf(create);
    expect(update.parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(update.safeParse({ precision: 99 }).success).toBe(false);
    expect(update.safeParse({ other: 1 }).success).toBe(false);
  });
});

describe('text, depth and amount rules', () => {
  it('refuses NUL and lone surrogates, keeps emoji', () => {
    expect(textProblem('a\u0000b')).toMatch(/NUL/);
    expect(textProblem('a\ud800b')).toMatch(/surrogate/);
    expect(textProblem('\udc00')).toMatch(/surrogate/);
    expect(textProblem('😀 中文')).toBeNull();
    expect(storableText(5).safeParse('ab\u0000').success).toBe(false);
    expect(storableText(5).safeParse('abcdef').success).toBe(false);
  });

  it('counts depth on the raw text, ignoring brackets inside strings', () => {
    expect(jsonTooDeep('['.repeat(20_000) + ']'.repeat(20_000))).toBe(true);
    expect(jsonTooDeep('['.repeat(32) + ']'.repeat(32))).toBe(false);
    expect(jsonTooDeep('['.repeat(33) + ']'.repeat(33))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ a: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["' }))).toBe(false);
    expect(jsonTooDeep('{"a":"\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')).toBe(false);
  });

  it('finds bad keys and values in parsed JSON without recursion', () => {
    expect(inspectJson({ ok: ['x'], 'k\u0000': 1 })?.message).toMatch(/key/);
    expect(inspectJson({ a: [{ b: '\ud800' }] })?.path).toEqual(['a', 0, 'b']);
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(inspectJson(deep)?.message).toBe('nested too deep');
  });

  it('amounts stay below 2^256 and totals fit numeric(78,0)', () => {
    expect(amountString.safeParse((2n ** 256n - 1n).toString()).success).toBe(true);
    expect(amountString.safeParse((2n ** 256n).toString()).success).toBe(false);
    expect(amountString.safeParse('12x').success).toBe(false);
    expect(fitsNumeric78(10n ** 78n - 1n)).toBe(true);
    expect(fitsNumeric78(10n ** 78n)).toBe(false);
  });

  it('metadata refuses NUL and lone surrogates in keys and nested values', () => {
    expect(metadata.safeParse({ 'a\u0000': 'x' }).success).toBe(false);
    expect(metadata.safeParse({ a: { b: ['\ud800'] } }).success).toBe(false);
    expect(metadata.safeParse({ a: { b: ['ok'] } }).success).toBe(true);
  });
});
