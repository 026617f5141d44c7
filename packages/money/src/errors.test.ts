import { describe, expect, it } from 'vitest';

import {
  AmountInvalidError,
  AmountPrecisionError,
  CurrencyNotConfiguredError,
  DonationAmountError,
  ExceedInventoryError,
  ExceedPurchaseLimitError,
  MoneyRuleError,
  MultipleCustomUnitAmountError,
  PriceTiersError,
  UnsupportedIntervalError,
  isMoneyRuleError,
} from './errors.js';

describe('MoneyRuleError family', () => {
  const cases: [MoneyRuleError, string, string][] = [
    [new AmountInvalidError('x'), 'AMOUNT_INVALID', 'Invalid amount'],
    [
      new AmountPrecisionError(6),
      'AMOUNT_PRECISION',
      'Amount decimal places must be less than or equal to 6',
    ],
    [new UnsupportedIntervalError('minute', '1'), 'UNSUPPORTED_INTERVAL', 'unsupported recurring interval'],
    [
      new CurrencyNotConfiguredError('price_1', 'usd'),
      'CURRENCY_NOT_CONFIGURED',
      'Currency not configured for price',
    ],
    [
      new MultipleCustomUnitAmountError(2),
      'MULTIPLE_CUSTOM_UNIT_AMOUNT',
      'Multiple items with custom unit amount are not supported',
    ],
    [new PriceTiersError('no tiers'), 'PRICE_TIERS_INVALID', 'Invalid price tiers'],
    [new ExceedInventoryError(3, 2), 'EXCEED_INVENTORY', 'Exceed inventory'],
    [new ExceedPurchaseLimitError(6, 5), 'EXCEED_PURCHASE_LIMIT', 'Exceed purchase limit'],
    [
      new DonationAmountError('0.5', '50'),
      'DONATION_AMOUNT_RANGE',
      'Please enter an amount between 0.5 and 50.',
    ],
  ];

  it.each(cases)('%o has its code and the exact SPEC message', (error, code, message) => {
    expect(error).toBeInstanceOf(MoneyRuleError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.name).toBe(error.constructor.name);
    expect(isMoneyRuleError(error)).toBe(true);
  });

  it('carries params for translated messages', () => {
    expect(new AmountPrecisionError(2).params).toEqual({ precision: '2' });
    expect(new AmountPrecisionError(2).precision).toBe(2);
    expect(new CurrencyNotConfiguredError('price_1', 'usd').params).toEqual({
      price_id: 'price_1',
      currency_id: 'usd',
    });
    expect(new ExceedInventoryError(3, 2).params).toEqual({ requested: '3', remaining: '2' });
    expect(new ExceedPurchaseLimitError(6, 5).params).toEqual({ requested: '6', limit: '5' });
    expect(new UnsupportedIntervalError('minute', 'undefined').params).toEqual({
      interval: 'minute',
      interval_count: 'undefined',
    });
    const donation = new DonationAmountError('1', '2');
    expect([donation.min, donation.max, donation.params]).toEqual(['1', '2', { min: '1', max: '2' }]);
  });

  it('leaves params out when there are none', () => {
    const plain = new MoneyRuleError('AMOUNT_INVALID', 'Invalid amount');
    expect(plain.params).toBeUndefined();
    expect('params' in plain).toBe(false);
  });

  it('keeps echoed input short', () => {
    const error = new AmountInvalidError('9'.repeat(1000));
    expect(error.params?.input).toBe(`${'9'.repeat(64)}…`);
    expect(new AmountInvalidError('12a').params).toEqual({ input: '12a' });
  });

  it('isMoneyRuleError rejects other values', () => {
    expect(isMoneyRuleError(new Error('x'))).toBe(false);
    expect(isMoneyRuleError({ code: 'AMOUNT_INVALID', message: 'Invalid amount' })).toBe(false);
    expect(isMoneyRuleError(null)).toBe(false);
  });
});
