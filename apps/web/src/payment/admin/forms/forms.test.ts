import { productCreate } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { amountField, integerField, textField, zodIssues, type FieldIssue } from './issues';
import { fieldErrors, schemaResolver } from './schemaResolver';
import { fieldForParam, fieldPaths } from './serverErrors';

describe('field issues', () => {
  it('names zod problems by dotted path and kind', () => {
    const schema = z.object({
      name: z.string().min(1),
      code: z.string().max(3),
      tiers: z.array(z.object({ up_to: z.number().min(1) })),
      email: z.email(),
      site: z.url(),
    });
    const parsed = schema.safeParse({ name: '', code: 'abcd', tiers: [{ up_to: 0 }], email: 'x', site: 'y' });
    expect(parsed.success).toBe(false);
    expect(zodIssues(parsed.error ?? new z.ZodError([]))).toEqual([
      { path: 'name', key: 'required' },
      { path: 'code', key: 'tooLong', values: { max: 3 } },
      { path: 'tiers.0.up_to', key: 'tooSmall', values: { min: 1 } },
      { path: 'email', key: 'email' },
      { path: 'site', key: 'url' },
    ]);
  });

  it('parses amounts exactly, or says why not', () => {
    const issues: FieldIssue[] = [];
    const usd = { decimal: 2, maximum_precision: 6 };
    expect(amountField('12.34', usd, 'a', issues)).toBe('1234');
    expect(amountField('  ', usd, 'a', issues)).toBeUndefined();
    expect(amountField('1.234', usd, 'b', issues)).toBeUndefined();
    expect(amountField('1e3', usd, 'c', issues)).toBeUndefined();
    expect(issues).toEqual([
      { path: 'b', key: 'precision', values: { precision: 2 } },
      { path: 'c', key: 'amount' },
    ]);
  });

  it('reads whole numbers and optional text', () => {
    const issues: FieldIssue[] = [];
    expect(integerField(' 42 ', 'n', issues)).toBe(42);
    expect(integerField('', 'n', issues)).toBeUndefined();
    expect(integerField('-1', 'm', issues)).toBeUndefined();
    expect(issues).toEqual([{ path: 'm', key: 'integer' }]);
    expect(textField('  ')).toBeUndefined();
    expect(textField(' a ')).toBe('a');
  });
});

describe('server errors', () => {
  const fields = fieldPaths({
    name: '',
    tiers: [{ up_to: '', unit_amount: '' }],
    recurring: { interval: 'month' },
  });

  it('lists every field path of the form values', () => {
    expect(fields).toEqual([
      'name',
      'tiers',
      'tiers.0',
      'tiers.0.up_to',
      'tiers.0.unit_amount',
      'recurring',
      'recurring.interval',
    ]);
  });

  it('finds the field a param names, or its nearest parent', () => {
    expect(fieldForParam('tiers.0.unit_amount', fields)).toBe('tiers.0.unit_amount');
    expect(fieldForParam('tiers.3', fields)).toBe('tiers');
    expect(fieldForParam('recurring.interval', fields)).toBe('recurring.interval');
    expect(fieldForParam('currency_id', fields)).toBeUndefined();
    expect(fieldForParam(undefined, fields)).toBeUndefined();
  });
});

describe('schema resolver', () => {
  const describe_ = (i: FieldIssue) => `${i.key}${i.values ? JSON.stringify(i.values) : ''}`;
  const toPayload = (v: { name: string; type: 'service' }) => ({ name: v.name, type: v.type });
  const resolver = schemaResolver(productCreate, toPayload, describe_);
  const options = { fields: {}, shouldUseNativeValidation: false };

  it('hands the parsed body to submit', async () => {
    const result = await resolver({ name: 'Gold', type: 'service' }, undefined, options);
    expect(result).toEqual({ values: { name: 'Gold', type: 'service' }, errors: {} });
  });

  it('puts schema errors on the fields', async () => {
    const result = await resolver({ name: '', type: 'service' }, undefined, options);
    expect(result.errors).toEqual({ name: { type: 'required', message: 'required' } });
  });

  it('nests errors by path', () => {
    expect(fieldErrors([{ path: 'tiers.1.unit_amount', key: 'amount' }], describe_)).toEqual({
      tiers: [undefined, { unit_amount: { type: 'amount', message: 'amount' } }],
    });
  });
});
