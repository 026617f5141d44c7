import { describe, expect, it } from 'vitest';

import * as money from './index.js';

describe('@payshelf/money entry', () => {
  it('re-exports the whole API', () => {
    const functions = [
      'parseAmount',
      'tryParseAmount',
      'formatAmount',
      'toDecimalString',
      'amountToJson',
      'amountFromJson',
      'intervalSeconds',
      'normalizeRecurring',
      'isRecurringInterval',
      'upsellSavingPercent',
      'describeRecurring',
      'effectivePrice',
      'sortTiers',
      'tieredAmount',
      'unitAmountFor',
      'unitAmountOrNull',
      'tiersFor',
      'customUnitAmountFor',
      'usesCustomUnitAmount',
      'checkCustomUnitAmountItems',
      'assertSingleCustomUnitAmount',
      'isDeferredLine',
      'lineTotal',
      'checkoutTotal',
      'priceUpsellSaving',
      'remainingStock',
      'purchaseLimit',
      'quantityBounds',
      'checkQuantity',
      'assertQuantity',
      'clampQuantity',
      'donationLimits',
      'initialDonationChoice',
      'checkDonationAmount',
      'trialCurrencies',
      'effectiveTrial',
      'isTrialing',
      'trialDisplay',
      'isMoneyRuleError',
      'MoneyRuleError',
      'AmountInvalidError',
      'AmountPrecisionError',
      'UnsupportedIntervalError',
      'CurrencyNotConfiguredError',
      'MultipleCustomUnitAmountError',
      'PriceTiersError',
      'ExceedInventoryError',
      'ExceedPurchaseLimitError',
      'DonationAmountError',
      'periodAt',
      'periodBounds',
      'nextPeriod',
      'prorate',
      'prorationLines',
      'changePlan',
      'applyBalance',
      'draftInvoice',
      'cycleInvoice',
      'upcomingInvoice',
    ];
    const exported = money as Record<string, unknown>;
    for (const name of functions) expect(typeof exported[name], name).toBe('function');
    expect(money.DEFAULT_PRECISION).toBe(6);
    expect(money.DEFAULT_DECIMALS).toBe(18);
    expect(money.DEFAULT_MAX_QUANTITY).toBe(999);
  });

  it('shares one base class across every rule error', () => {
    const errors = [
      new money.AmountInvalidError('x'),
      new money.AmountPrecisionError(6),
      new money.UnsupportedIntervalError('x', '1'),
      new money.CurrencyNotConfiguredError('p', 'c'),
      new money.MultipleCustomUnitAmountError(2),
      new money.PriceTiersError('x'),
      new money.ExceedInventoryError(1, 0),
      new money.ExceedPurchaseLimitError(2, 1),
      new money.DonationAmountError('0', '1'),
    ];
    for (const error of errors) expect(error).toBeInstanceOf(money.MoneyRuleError);
  });
});
