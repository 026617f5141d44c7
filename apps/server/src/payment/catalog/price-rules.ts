import type { CurrencyOption, CustomUnitAmount, PriceCreate, PriceTier } from '@payshelf/api';
import { sortTiers } from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';
import type { CurrencyRow } from '../methods/index.js';
import { checkAmountPrecision, moneyRule } from '../shared/rules.js';

/** The price rules' refusals: a 400 naming the field at fault. */
type PriceRuleKey =
  | 'minimum_over_maximum'
  | 'price_presets_range'
  | 'price_recurring_missing'
  | 'price_one_time_recurring'
  | 'price_tiers_mode_missing'
  | 'price_tiers_missing'
  | 'price_tiers_custom_amount'
  | 'price_tiers_scheme'
  | 'price_tiers_mode_scheme'
  | 'price_custom_recurring';
const bad = (key: PriceRuleKey, param: string) => ApiError.of(key, {}, { param });

export function checkTiers(tiers: PriceTier[], currency: CurrencyRow, param: string): void {
  moneyRule(param, () =>
    sortTiers(
      tiers.map((t) => ({
        up_to: t.up_to === 'inf' ? null : BigInt(t.up_to),
        unit_amount: BigInt(t.unit_amount),
        flat_amount: BigInt(t.flat_amount),
      })),
    ),
  );
  tiers.forEach((t, i) => {
    checkAmountPrecision(BigInt(t.unit_amount), currency, `${param}.${i}.unit_amount`);
    checkAmountPrecision(BigInt(t.flat_amount), currency, `${param}.${i}.flat_amount`);
  });
}

/** Pay-what-you-want bounds: minimum <= preset(s) <= maximum, each within the currency's precision. */
export function checkCustom(custom: CustomUnitAmount, currency: CurrencyRow, param: string): void {
  const min = custom.minimum ? BigInt(custom.minimum) : null;
  const max = custom.maximum ? BigInt(custom.maximum) : null;
  if (min !== null && max !== null && min > max) throw bad('minimum_over_maximum', `${param}.minimum`);
  const values: Array<[string, string]> = [
    ...(custom.preset ? [['preset', custom.preset] as [string, string]] : []),
    ...(custom.presets ?? []).map((p, i): [string, string] => [`presets.${i}`, p]),
  ];
  for (const [field, text] of values) {
    const v = BigInt(text);
    if ((min !== null && v < min) || (max !== null && v > max)) {
      throw bad('price_presets_range', `${param}.${field}`);
    }
  }
  for (const [field, text] of [...values, ['minimum', custom.minimum], ['maximum', custom.maximum]]) {
    if (text) checkAmountPrecision(BigInt(text), currency, `${param}.${field}`);
  }
}

/** Structure of a new price: kind, recurring, tiers and amounts agree with each other. */
export function checkPriceShape(input: PriceCreate): 'one_time' | 'recurring' {
  const type = input.type ?? (input.recurring ? 'recurring' : 'one_time');
  if (type === 'recurring' && !input.recurring) throw bad('price_recurring_missing', 'recurring');
  if (type === 'one_time' && input.recurring) throw bad('price_one_time_recurring', 'recurring');
  if (input.billing_scheme === 'tiered') {
    if (!input.tiers_mode) throw bad('price_tiers_mode_missing', 'tiers_mode');
    if (!input.tiers || input.tiers.length === 0) throw bad('price_tiers_missing', 'tiers');
    if (input.custom_unit_amount) throw bad('price_tiers_custom_amount', 'custom_unit_amount');
  } else {
    if (input.tiers) throw bad('price_tiers_scheme', 'tiers');
    if (input.tiers_mode) throw bad('price_tiers_mode_scheme', 'tiers_mode');
    if (input.unit_amount === undefined && !input.custom_unit_amount) {
      throw ApiError.of('price_unit_amount_missing', {}, { param: 'unit_amount' });
    }
  }
  if (input.custom_unit_amount && type === 'recurring') {
    throw bad('price_custom_recurring', 'custom_unit_amount');
  }
  return type;
}

export function checkOption(option: CurrencyOption, currency: CurrencyRow, index: number): void {
  const param = `currency_options.${index}`;
  checkAmountPrecision(BigInt(option.unit_amount), currency, `${param}.unit_amount`);
  if (option.custom_unit_amount)
    checkCustom(option.custom_unit_amount, currency, `${param}.custom_unit_amount`);
  if (option.tiers) checkTiers(option.tiers, currency, `${param}.tiers`);
}
