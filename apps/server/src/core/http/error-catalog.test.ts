import {
  AmountInvalidError,
  AmountPrecisionError,
  CurrencyNotConfiguredError,
  DonationAmountError,
  ExceedInventoryError,
  ExceedPurchaseLimitError,
  MultipleCustomUnitAmountError,
  PriceTiersError,
  UnsupportedIntervalError,
  type MoneyRuleError,
} from '@payshelf/money';
import { errorCode } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCOUNT_CHANGED } from '../../payment/checkout/submit.js';
import { asApiError } from '../../payment/shared/rules.js';
import { ERROR_CATALOG, MESSAGES, type MessageKey, type MessageValues } from './error-catalog.js';
import { localizeText, normalizeLocale } from './error-locale.js';
import { ApiError, fromZodError } from './errors.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function ruleError(err: MoneyRuleError): ApiError {
  const api = asApiError(err, 'amount');
  if (!(api instanceof ApiError)) throw new Error('a money rule error must become an ApiError');
  return api;
}

describe('error catalog', () => {
  it('has an English and a different Chinese text with the same placeholders for every entry', () => {
    for (const entry of ERROR_CATALOG) {
      expect(entry.en.trim(), entry.code).not.toBe('');
      expect(entry.zh.trim(), entry.code).not.toBe('');
      expect(entry.zh, entry.code).not.toBe(entry.en);
      expect(placeholders(entry.zh), `${entry.code}: ${entry.en}`).toEqual(placeholders(entry.en));
    }
    const keys = ERROR_CATALOG.map((e) => `${e.code}\u0000${e.en}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('covers every money rule, keeps its English text and fills the Chinese one from its values', () => {
    const rules: MoneyRuleError[] = [
      new AmountInvalidError('1.2.3'),
      new AmountPrecisionError(2),
      new UnsupportedIntervalError('fortnight', '1'),
      new CurrencyNotConfiguredError('price_1', 'cur_1'),
      new MultipleCustomUnitAmountError(2),
      new PriceTiersError('overlap'),
      new ExceedInventoryError(3, 1),
      new ExceedPurchaseLimitError(3, 2),
      new DonationAmountError('0.5', '50'),
    ];
    for (const rule of rules) {
      const api = ruleError(rule);
      expect(api.body('en').error).toEqual({
        type: 'invalid_request_error',
        code: rule.code.toLowerCase(),
        message: rule.message,
        param: 'amount',
      });
      const zh = api.body('zh').error;
      expect({ code: zh.code, type: zh.type, param: zh.param }).toEqual({
        code: rule.code.toLowerCase(),
        type: 'invalid_request_error',
        param: 'amount',
      });
      expect(zh.message, rule.code).not.toBe(rule.message);
      expect(zh.message, rule.code).not.toMatch(/[{}]/);
    }
    expect(ruleError(new DonationAmountError('0.5', '50')).body('zh').error.message).toBe(
      '请输入 0.5 到 50 之间的金额。',
    );
    expect(ruleError(new AmountPrecisionError(2)).body('zh').error.message).toBe(
      '金额的小数位数不能超过 2 位',
    );
  });

  it('answers the SPEC texts in English and their Chinese texts for zh', () => {
    const cases: Array<[ApiError, string, string]> = [
      [ApiError.badRequest('checkout_session_expired', 'Expired Link'), 'Expired Link', '链接已过期'],
      [
        ApiError.badRequest('DONATION_NOT_ENABLED', 'Donation feature is not enabled'),
        'Donation feature is not enabled',
        '未启用打赏功能',
      ],
      [
        ApiError.badRequest('PAYMENT_METHOD_NOT_SUPPORTED', 'This payment method is not supported'),
        'This payment method is not supported',
        '不支持该支付方式',
      ],
      [ApiError.unauthenticated(), 'Sign in first', '请先登录'],
      [ApiError.notFound(), 'No such resource', '资源不存在'],
      [ApiError.forbidden(), 'You are not allowed to do this', '您无权执行此操作'],
    ];
    for (const [error, en, zh] of cases) {
      expect(error.body('en').error.message).toBe(en);
      expect(error.body('zh').error.message).toBe(zh);
      expect(error.toJSON().error.message).toBe(en);
    }
    expect(localizeText('zh', ACCOUNT_CHANGED)).toBe('账户已变更，请手动支付。');
    expect(localizeText('en', ACCOUNT_CHANGED)).toBe('Account changed, please pay manually.');
  });

  it('answers zh with the code text and the English detail when the message itself has no translation', () => {
    const other = ApiError.badRequest('resource_missing', "No such price: 'price_1'", 'price_id');
    expect(other.body('zh').error.message).toBe("资源不存在（No such price: 'price_1'）");
    expect(other.body('en').error.message).toBe("No such price: 'price_1'");
    const zod = fromZodError(
      z.object({ amount: z.string() }).safeParse({}).error ?? new z.ZodError([]),
      'body',
    );
    expect(zod.body('zh').error.message).toBe(`参数无效（${zod.message}）`);
    expect(zod.message).toMatch(/^Validate failed: amount: /);
  });

  it('answers a missing object as 404 for the path and as 400 naming the body field, in both languages', () => {
    const path = ApiError.missing('price_missing', 'price_1');
    expect(path.status).toBe(404);
    expect(path.body('en').error).toEqual({
      type: 'not_found_error',
      code: 'resource_missing',
      message: "No such price: 'price_1'",
    });
    expect(path.body('zh').error.message).toBe("价格不存在：'price_1'");
    const body = ApiError.missing('price_missing', 'price_2', 'items.0.price_id');
    expect(body.status).toBe(400);
    expect(body.body('zh').error).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "价格不存在：'price_2'",
      param: 'items.0.price_id',
    });
  });

  it('answers the old UPPER_CASE codes in snake_case, except the two the product specification spells', () => {
    expect(ApiError.badRequest('DONATION_NOT_ENABLED', 'x').code).toBe('donation_not_enabled');
    expect(ApiError.badRequest('CUSTOMER_LIMITED', 'x').code).toBe('CUSTOMER_LIMITED');
    expect(ApiError.badRequest('REQUIRE_CROSS_SELL', 'x').code).toBe('REQUIRE_CROSS_SELL');
    expect(errorCode.options).toContain(ApiError.badRequest('PAYER_NOT_PROVED', 'x').code);
  });

  it('throws catalog errors by key: code and type from the entry, message looked up per language', () => {
    const missing = ApiError.of('checkout_session_missing', { id: 'cs_1' });
    expect(missing.status).toBe(404);
    expect(missing.body('en').error).toEqual({
      type: 'not_found_error',
      code: 'resource_missing',
      message: "No such checkout session: 'cs_1'",
    });
    expect(missing.body('zh').error.message).toBe("订单不存在：'cs_1'");
    const range = ApiError.of('quantity_out_of_range', { min: '1', max: '5' }, { param: 'quantity' });
    expect(range.body('zh').error).toEqual({
      type: 'invalid_request_error',
      code: 'quantity_out_of_range',
      message: '数量必须在 1 到 5 之间',
      param: 'quantity',
    });
    expect(ApiError.of('EXCEED_INVENTORY', {}).body('zh').error.message).toBe('超出库存');
    // A value that happens to look like the template's own text is still only a value.
    const odd = ApiError.of('invoice_missing', { id: "x' and '{id}" });
    expect(odd.body('zh').error.message).toBe("账单不存在：'x' and '{id}'");
    // @ts-expect-error -- the compiler rejects a key's missing placeholder value (`max`).
    expect(() => ApiError.of('quantity_out_of_range', { min: '1' })).not.toThrow();
  });

  // Every placeholder any entry names gets a value, so each entry can be built.
  const placeholderFiller = Object.fromEntries(
    Object.values(MESSAGES).flatMap((entry) => [...entry.en.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], 'x'])),
  ) as Record<string, string>;

  it('has a key for every entry and the type of its code', () => {
    expect(Object.keys(MESSAGES).length).toBe(ERROR_CATALOG.length);
    for (const [key, entry] of Object.entries(MESSAGES)) {
      const values: Record<string, string> = {
        id: 'x',
        min: '1',
        max: '2',
        precision: '2',
        host: 'h.example',
        address: '10.0.0.1',
        status: 'open',
        action: 'paid',
        current: '2027-01-01T00:00:00.000Z',
        frozen_time: '2026-01-01T00:00:00.000Z',
        // Store errors' placeholders.
        name: 'x',
        limit: '1',
        version: '1.0.0',
        reason: 'r',
        latest: '1.0.0',
        manifest: 'y',
        // Payment integrity placeholders (underpaid).
        amount: '5 TUSD',
        received: '3 TUSD',
        // A subscription's currency for future invoices.
        currency: 'TUSD',
        // Identity, idempotency and route placeholders.
        path: '/x',
        key: 'k',
        type: 't',
        role: 'admin',
        ...placeholderFiller,
      };
      const error = ApiError.of(key as MessageKey, values as MessageValues<MessageKey>);
      expect(error.code, key).toBe(entry.code);
    }
  });

  it('maps language tags like the web: tw and zh-* to zh, anything unknown to none', () => {
    expect(['zh', 'zh-CN', 'zh_TW', 'zh-Hant', 'tw', ' ZH '].map(normalizeLocale)).toEqual(
      Array(6).fill('zh'),
    );
    expect(['en', 'en-US'].map(normalizeLocale)).toEqual(['en', 'en']);
    expect(['fr', '', null, undefined].map(normalizeLocale)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
