import { paymentLinkCreate } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '../forms/issues';
import { emptyLineItem, linkFormValues, toLinkCreate, type LinkFormValues } from './linkForm';

const PRICE = 'price_abcdefgh1234';

function build(change: (v: LinkFormValues) => void) {
  const v = linkFormValues(PRICE);
  change(v);
  const issues: FieldIssue[] = [];
  const body = toLinkCreate(v, issues);
  return { body, issues, parsed: paymentLinkCreate.safeParse(body) };
}

describe('payment link form', () => {
  it('makes a link with one line item and a hosted confirmation', () => {
    const { body, issues, parsed } = build((v) => {
      v.name = ' Pro ';
      v.after_completion.hosted_confirmation.custom_message = 'Thanks!';
    });
    expect(issues).toEqual([]);
    expect(parsed.success).toBe(true);
    expect(body).toMatchObject({
      name: 'Pro',
      line_items: [{ price_id: PRICE, quantity: 1, adjustable_quantity: undefined }],
      after_completion: { type: 'hosted_confirmation', hosted_confirmation: { custom_message: 'Thanks!' } },
      submit_type: 'auto',
    });
  });

  it('adds adjustable quantities with their bounds', () => {
    const { body, parsed } = build((v) => {
      v.line_items = [
        {
          ...emptyLineItem(PRICE),
          quantity: '2',
          adjustable_quantity: { enabled: true, minimum: '1', maximum: '10' },
        },
      ];
    });
    expect(parsed.success).toBe(true);
    expect(body.line_items[0]).toEqual({
      price_id: PRICE,
      quantity: 2,
      adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 },
    });
  });

  it('makes a donation link that submits as donate', () => {
    const { body, parsed } = build((v) => {
      v.donation = true;
      v.donation_settings.amount = {
        presets: '1, 5, 10',
        preset: '5',
        minimum: '1',
        maximum: '',
        custom: true,
      };
    });
    expect(parsed.success).toBe(true);
    expect(body.submit_type).toBe('donate');
    expect(body.donation_settings?.amount).toEqual({
      presets: ['1', '5', '10'],
      preset: '5',
      minimum: '1',
      maximum: undefined,
      custom: true,
    });
  });

  it('redirects after completion to a valid address only', () => {
    const bad = build((v) => {
      v.after_completion = {
        type: 'redirect',
        redirect: { url: 'not a url' },
        hosted_confirmation: { custom_message: '' },
      };
    });
    expect(bad.parsed.success).toBe(false);
    expect(bad.parsed.error?.issues[0]?.path.join('.')).toBe('after_completion.redirect.url');
  });

  it('names the line item without a price and bad quantities', () => {
    const { issues } = build((v) => {
      v.line_items = [{ ...emptyLineItem(''), quantity: 'two' }];
    });
    expect(issues.map((i) => i.path)).toEqual(['line_items.0.price_id', 'line_items.0.quantity']);
  });
});
