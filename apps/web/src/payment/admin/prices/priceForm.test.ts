import { priceCreate } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '../forms/issues';
import { priceFormValues, toPriceCreate, type PriceFormValues } from './priceForm';

const TUSD = { id: 'pc_tusd00000001', decimal: 6, maximum_precision: 6 };
const ETH = { id: 'pc_eth000000001', decimal: 18, maximum_precision: 8 };
const PRODUCT = 'prod_abcdefgh1234';

function build(change: (v: PriceFormValues) => void) {
  const v = priceFormValues(TUSD.id);
  change(v);
  const issues: FieldIssue[] = [];
  const body = toPriceCreate(v, PRODUCT, [TUSD, ETH], issues);
  return { body, issues, parsed: priceCreate.safeParse(body) };
}

describe('price form', () => {
  it('makes a one-time per-unit price in smallest units', () => {
    const { body, issues, parsed } = build((v) => {
      v.unit_amount = '12.5';
      v.nickname = ' Basic ';
    });
    expect(issues).toEqual([]);
    expect(parsed.success).toBe(true);
    expect(body).toMatchObject({
      type: 'one_time',
      unit_amount: '12500000',
      nickname: 'Basic',
      billing_scheme: 'per_unit',
    });
    expect(body.recurring).toBeUndefined();
    expect(body.tiers).toBeUndefined();
  });

  it('sends the chosen tax rates, and none when none is chosen', () => {
    const taxed = build((v) => {
      v.unit_amount = '9.9';
      v.tax_rates = ['txr_abcdefgh'];
    });
    expect(taxed.parsed.success).toBe(true);
    expect(taxed.body.tax_rates).toEqual(['txr_abcdefgh']);
    expect(build((v) => (v.unit_amount = '9.9')).body.tax_rates).toBeUndefined();
  });

  it('marks a recurring price switchable in the portal; a one-time price never is', () => {
    const recurring = build((v) => {
      v.type = 'recurring';
      v.unit_amount = '30';
      v.switchable = true;
    });
    expect(recurring.parsed.success).toBe(true);
    expect(recurring.body.switchable).toBe(true);
    const once = build((v) => {
      v.unit_amount = '30';
      v.switchable = true;
    });
    expect(once.body.switchable).toBeUndefined();
  });

  it('makes a recurring metered price with its interval count', () => {
    const { body, parsed } = build((v) => {
      v.type = 'recurring';
      v.unit_amount = '1';
      v.recurring = { interval: 'month', interval_count: '3', usage_type: 'metered', meter_id: '' };
    });
    expect(parsed.success).toBe(true);
    expect(body.recurring).toEqual({
      interval: 'month',
      interval_count: 3,
      usage_type: 'metered',
      meter_id: undefined,
    });
  });

  it('keeps 18-decimal amounts exact', () => {
    const { body } = build((v) => {
      v.currency_id = ETH.id;
      v.unit_amount = '123456789012.12345678';
    });
    expect(body.unit_amount).toBe('123456789012123456780000000000');
  });

  it('reports too many decimal places on the field, with the precision', () => {
    const { issues } = build((v) => {
      v.unit_amount = '0.0000001';
    });
    expect(issues).toEqual([{ path: 'unit_amount', key: 'precision', values: { precision: 6 } }]);
  });

  it('requires an amount unless the customer chooses it', () => {
    expect(build(() => undefined).issues).toContainEqual({ path: 'unit_amount', key: 'required' });
    const custom = build((v) => {
      v.custom = true;
      v.custom_unit_amount = { preset: '5', presets: '1, 5,10', minimum: '1', maximum: '100' };
    });
    expect(custom.issues).toEqual([]);
    expect(custom.parsed.success).toBe(true);
    expect(custom.body.custom_unit_amount).toEqual({
      preset: '5000000',
      presets: ['1000000', '5000000', '10000000'],
      minimum: '1000000',
      maximum: '100000000',
    });
  });

  it('makes graduated and volume tiers, the empty last limit meaning infinity', () => {
    const { body, parsed } = build((v) => {
      v.billing_scheme = 'tiered';
      v.tiers_mode = 'volume';
      v.unit_amount = '99';
      v.tiers = [
        { up_to: '10', unit_amount: '2', flat_amount: '' },
        { up_to: '', unit_amount: '1.5', flat_amount: '3' },
      ];
    });
    expect(parsed.success).toBe(true);
    expect(body.unit_amount).toBeUndefined();
    expect(body.tiers_mode).toBe('volume');
    expect(body.tiers).toEqual([
      { up_to: 10, unit_amount: '2000000', flat_amount: '0' },
      { up_to: 'inf', unit_amount: '1500000', flat_amount: '3000000' },
    ]);
  });

  it('names bad tier fields by their API path', () => {
    const { issues } = build((v) => {
      v.billing_scheme = 'tiered';
      v.tiers = [{ up_to: 'x', unit_amount: 'abc', flat_amount: '' }];
    });
    expect(issues.map((i) => i.path)).toEqual(['tiers.0.up_to', 'tiers.0.unit_amount']);
  });

  it('converts currency options with their own decimals and checks they are complete', () => {
    const ok = build((v) => {
      v.unit_amount = '1';
      v.currency_options = [{ currency_id: ETH.id, unit_amount: '0.5' }];
    });
    expect(ok.body.currency_options).toEqual([{ currency_id: ETH.id, unit_amount: '500000000000000000' }]);
    const missing = build((v) => {
      v.unit_amount = '1';
      v.currency_options = [{ currency_id: '', unit_amount: '' }];
    });
    expect(missing.issues.map((i) => i.path)).toEqual([
      'currency_options.0.currency_id',
      'currency_options.0.unit_amount',
    ]);
  });

  it('adds upsell, stock and purchase limits, and the credit config', () => {
    const { body, parsed, issues } = build((v) => {
      v.unit_amount = '1';
      v.upsell.upsells_to_id = 'price_abcdefgh1234';
      v.quantity_available = '100';
      v.quantity_limit_per_checkout = '5';
      v.credit = true;
      v.metadata.credit_config = {
        credit_amount: '1000',
        currency_id: TUSD.id,
        valid_duration_value: '30',
        valid_duration_unit: 'days',
      };
    });
    expect(issues).toEqual([]);
    expect(parsed.success).toBe(true);
    expect(body).toMatchObject({
      upsell: { upsells_to_id: 'price_abcdefgh1234' },
      quantity_available: 100,
      quantity_limit_per_checkout: 5,
      metadata: {
        credit_config: {
          credit_amount: '1000',
          currency_id: TUSD.id,
          valid_duration_value: 30,
          valid_duration_unit: 'days',
        },
      },
    });
  });

  it('needs a currency', () => {
    const { issues } = build((v) => {
      v.currency_id = '';
      v.unit_amount = '1';
    });
    expect(issues).toContainEqual({ path: 'currency_id', key: 'required' });
  });
});
