import {
  paymentCurrencyCreate,
  paymentMethodCreate,
  paymentMethodUpdate,
  type PaymentCurrency,
  type PaymentMethod,
} from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '../forms/issues';
import { currencyFormValues, toCurrencyCreate, toCurrencyUpdate } from './currencyForm';
import { methodFormValues, toMethodCreate, toMethodUpdate } from './methodForm';

describe('payment method form', () => {
  it('sends only the chosen rail settings', () => {
    const v = methodFormValues();
    v.name = 'Local chain';
    v.settings.ethereum = {
      chain_id: '31337',
      api_host: 'http://127.0.0.1:8545',
      explorer_host: 'https://explorer.example',
    };
    v.settings.stripe.publishable_key = 'pk_ignored';
    const issues: FieldIssue[] = [];
    const body = toMethodCreate(v, issues);
    expect(issues).toEqual([]);
    expect(paymentMethodCreate.safeParse(body).success).toBe(true);
    expect(body.settings).toEqual({
      ethereum: {
        chain_id: 31337,
        api_host: 'http://127.0.0.1:8545',
        explorer_host: 'https://explorer.example',
      },
    });
  });

  it('saves an EVM method without an explorer (a local chain has none) as it was stored', () => {
    const stored = {
      type: 'ethereum',
      name: 'Local chain (anvil)',
      description: null,
      logo: null,
      settings: { ethereum: { chain_id: 31337, api_host: 'http://127.0.0.1:8545' } },
    } as unknown as PaymentMethod;
    const v = methodFormValues(stored);
    expect(v.settings.ethereum.explorer_host).toBe('');
    const issues: FieldIssue[] = [];
    const body = toMethodUpdate(v, issues);
    expect(issues).toEqual([]);
    expect(paymentMethodUpdate.safeParse(body).success).toBe(true);
    expect(JSON.parse(JSON.stringify(body.settings))).toEqual(stored.settings);
  });

  it('keeps a stored secret when the secret field is left empty', () => {
    const v = methodFormValues();
    v.type = 'stripe';
    v.name = 'Cards';
    v.settings.stripe.publishable_key = 'pk_test_1';
    const body = toMethodUpdate(v, []);
    expect(paymentMethodUpdate.safeParse(body).success).toBe(true);
    expect(body.settings).toEqual({
      stripe: { publishable_key: 'pk_test_1', secret_key: undefined, webhook_signing_secret: undefined },
    });
  });

  it('reports a bad chain id on its path', () => {
    const v = methodFormValues();
    v.type = 'base';
    v.settings.base.chain_id = 'abc';
    const issues: FieldIssue[] = [];
    toMethodCreate(v, issues);
    expect(issues).toEqual([{ path: 'settings.base.chain_id', key: 'integer' }]);
  });
});

describe('payment currency form', () => {
  it('turns payment bounds into smallest units of the new currency', () => {
    const v = currencyFormValues(undefined, 'pm_abcdefgh1234');
    Object.assign(v, { symbol: 'TUSD', name: 'Test USD', decimal: '6', minimum_payment_amount: '0.5' });
    const issues: FieldIssue[] = [];
    const body = toCurrencyCreate(v, issues);
    expect(issues).toEqual([]);
    expect(paymentCurrencyCreate.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ decimal: 6, maximum_precision: 6, minimum_payment_amount: '500000' });
  });

  it('shows stored bounds as human amounts and sends them back unchanged', () => {
    const stored = {
      payment_method_id: 'pm_abcdefgh1234',
      symbol: 'ETH',
      name: 'Ether',
      decimal: 18,
      maximum_precision: 8,
      type: 'standard',
      minimum_payment_amount: '10000000000000000',
      maximum_payment_amount: null,
      is_base_currency: false,
      logo: null,
      contract: null,
    } as unknown as PaymentCurrency;
    const v = currencyFormValues(stored);
    expect(v.minimum_payment_amount).toBe('0.01');
    expect(toCurrencyUpdate(v, [])).toMatchObject({
      minimum_payment_amount: '10000000000000000',
      maximum_payment_amount: null,
    });
  });

  it('needs whole decimals', () => {
    const v = currencyFormValues(undefined, 'pm_abcdefgh1234');
    v.decimal = '1.5';
    const issues: FieldIssue[] = [];
    toCurrencyCreate(v, issues);
    expect(issues).toContainEqual({ path: 'decimal', key: 'integer' });
  });
});
