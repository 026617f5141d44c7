import type { PaymentLinkCreate } from '@payshelf/api';
import { integerField, textField, type FieldIssue } from '../forms/issues';

export const SUBMIT_TYPES = ['auto', 'pay', 'book', 'donate'] as const;

export interface LineItemValues {
  price_id: string;
  quantity: string;
  adjustable_quantity: { enabled: boolean; minimum: string; maximum: string };
}

/** The payment link form; paths are the API's. Donation amounts are decimal text, as the API takes them. */
export interface LinkFormValues {
  name: string;
  line_items: LineItemValues[];
  donation: boolean;
  donation_settings: {
    amount: { presets: string; preset: string; minimum: string; maximum: string; custom: boolean };
  };
  after_completion: {
    type: 'hosted_confirmation' | 'redirect';
    redirect: { url: string };
    hosted_confirmation: { custom_message: string };
  };
  submit_type: (typeof SUBMIT_TYPES)[number];
  billing_address_collection: 'auto' | 'required';
  phone_number_collection: { enabled: boolean };
  allow_promotion_codes: boolean;
}

export function emptyLineItem(priceId = ''): LineItemValues {
  return {
    price_id: priceId,
    quantity: '1',
    adjustable_quantity: { enabled: false, minimum: '1', maximum: '99' },
  };
}

export function linkFormValues(priceId = ''): LinkFormValues {
  return {
    name: '',
    line_items: [emptyLineItem(priceId)],
    donation: false,
    donation_settings: { amount: { presets: '', preset: '', minimum: '', maximum: '', custom: true } },
    after_completion: {
      type: 'hosted_confirmation',
      redirect: { url: '' },
      hosted_confirmation: { custom_message: '' },
    },
    submit_type: 'auto',
    billing_address_collection: 'auto',
    phone_number_collection: { enabled: false },
    allow_promotion_codes: false,
  };
}

function donationOf(v: LinkFormValues) {
  const a = v.donation_settings.amount;
  const presets = a.presets
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return {
    amount: {
      presets,
      preset: textField(a.preset),
      minimum: textField(a.minimum),
      maximum: textField(a.maximum),
      custom: a.custom,
    },
    beneficiaries: [],
  };
}

/** The create body of a payment link. */
export function toLinkCreate(v: LinkFormValues, issues: FieldIssue[]): PaymentLinkCreate {
  v.line_items.forEach((item, i) => {
    if (item.price_id === '') issues.push({ path: `line_items.${i}.price_id`, key: 'required' });
  });
  const after = v.after_completion;
  return {
    name: textField(v.name),
    line_items: v.line_items.map((item, i) => {
      const path = `line_items.${i}`;
      const adjustable = item.adjustable_quantity;
      return {
        price_id: item.price_id,
        quantity: integerField(item.quantity, `${path}.quantity`, issues) ?? 1,
        adjustable_quantity: adjustable.enabled
          ? {
              enabled: true,
              minimum: integerField(adjustable.minimum, `${path}.adjustable_quantity.minimum`, issues),
              maximum: integerField(adjustable.maximum, `${path}.adjustable_quantity.maximum`, issues),
            }
          : undefined,
      };
    }),
    donation_settings: v.donation ? donationOf(v) : undefined,
    submit_type: v.donation && v.submit_type === 'auto' ? 'donate' : v.submit_type,
    after_completion:
      after.type === 'redirect'
        ? { type: 'redirect', redirect: { url: after.redirect.url.trim() } }
        : {
            type: 'hosted_confirmation',
            hosted_confirmation: { custom_message: textField(after.hosted_confirmation.custom_message) },
          },
    billing_address_collection: v.billing_address_collection,
    phone_number_collection: { enabled: v.phone_number_collection.enabled },
    allow_promotion_codes: v.allow_promotion_codes,
  };
}
