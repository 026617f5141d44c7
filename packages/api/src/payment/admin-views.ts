// What the payment admin reads beyond the CRUD resources: one customer's money at a glance, the
// overview's aggregates, refunds created by the merchant, and donation settings.
import { z } from 'zod';
import { amountString } from '../common.js';
import { REFUND_REASONS, refund } from './billing-admin.js';
import { beneficiary, donationSettings } from './checkout.js';
import { paymentIntent } from './pay.js';
import { paymentEvent } from './webhooks.js';

/** Why money went back (Stripe's refund reasons). */
export const refundReason = z.enum(REFUND_REASONS);
export type RefundReason = z.infer<typeof refundReason>;

/** A refund of a succeeded payment: the whole refundable rest when `amount` is left out. */
export const refundCreate = z.object({
  payment_intent_id: z.string().min(1).max(100),
  amount: amountString.optional(),
  reason: refundReason.default('requested_by_admin'),
  description: z.string().max(500).optional(),
});

/** `POST /subscriptions/:id/refund-last-payment`: what is left of its latest succeeded payment. */
export const refundLastPaymentBody = z.object({
  reason: refundReason.default('requested_by_admin'),
  description: z.string().max(500).optional(),
});

/** `GET /customers/:id/activity`: balances per currency, payments, refunds and events of one customer. */
export const customerActivity = z.object({
  customer_id: z.string(),
  balances: z.array(z.object({ currency_id: z.string(), balance: amountString })),
  payments: z.array(paymentIntent),
  refunds: z.array(refund),
  events: z.array(paymentEvent),
});
export type CustomerActivity = z.infer<typeof customerActivity>;

export const overviewQuery = z.looseObject({
  livemode: z.enum(['true', 'false', '1', '0']).optional(),
  days: z.coerce.number().int().min(1).max(366).default(30),
});

/** Exact sums (decimal strings of smallest units) per UTC day and currency; days are `YYYY-MM-DD`. */
export const overview = z.object({
  from: z.string(),
  to: z.string(),
  currencies: z.array(
    z.object({ id: z.string(), symbol: z.string(), decimal: z.number().int(), name: z.string() }),
  ),
  revenue: z.array(z.object({ date: z.string(), currency_id: z.string(), amount: amountString })),
  /** Monthly recurring revenue and active subscriptions at the end of each day, per currency. */
  subscriptions: z.array(
    z.object({ date: z.string(), currency_id: z.string(), mrr: amountString, active: z.number().int() }),
  ),
  past_due: z.array(z.object({ currency_id: z.string(), amount: amountString, count: z.number().int() })),
  recent_payments: z.array(paymentIntent),
});
export type Overview = z.infer<typeof overview>;

const DECIMAL = /^\d+(\.\d+)?$/;

/** Compares two decimal strings ("5", "0.25") exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(aw + af.padEnd(width, '0'));
  const y = BigInt(bw + bf.padEnd(width, '0'));
  return x === y ? 0 : x > y ? 1 : -1;
}

const localized = z.object({ en: z.string().max(500).optional(), zh: z.string().max(500).optional() });

/**
 * The settings of a donation setting record: amounts (presets, default preset, bounds), beneficiaries
 * whose percents add up to 100, benefits shown to donors, and localized messages.
 */
export const donationSettingValues = z
  .object({
    amount: donationSettings.shape.amount,
    beneficiaries: z.array(beneficiary).max(20).default([]),
    benefits: z
      .array(
        z.object({ title: z.string().trim().min(1).max(100), description: z.string().max(500).optional() }),
      )
      .max(10)
      .default([]),
    messages: z.object({ title: localized.optional(), thanks: localized.optional() }).default({}),
  })
  .superRefine((v, ctx) => {
    const sum = v.beneficiaries.reduce((s, b) => s + b.percent, 0);
    if (v.beneficiaries.length > 0 && sum !== 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['beneficiaries'],
        message: `beneficiary shares must add up to 100 (they add up to ${sum})`,
      });
    }
    const { presets, preset, minimum, maximum } = v.amount;
    if (preset !== undefined && presets.length > 0 && !presets.includes(preset)) {
      ctx.addIssue({ code: 'custom', path: ['amount', 'preset'], message: 'must be one of the presets' });
    }
    // The bounds are compared only when both are decimals: zod runs this check even when a field
    // failed its own rule, and that failure is already reported.
    const decimal = (x: string | undefined): x is string => x !== undefined && DECIMAL.test(x);
    if (decimal(minimum) && decimal(maximum) && compareDecimal(minimum, maximum) > 0) {
      ctx.addIssue({ code: 'custom', path: ['amount', 'maximum'], message: 'must not be below the minimum' });
    }
  });
export type DonationSettingValues = z.infer<typeof donationSettingValues>;

/** `GET /settings/donate?mount_location=`: the record of that location, or null when there is none. */
export const donationSettingQuery = z.looseObject({
  livemode: z.enum(['true', 'false', '1', '0']).optional(),
  mount_location: z.string().trim().min(1).max(200),
});

/** `GET /refunds/:id/psbt`: the unsigned refund a watch-only method's merchant signs (Bitcoin: base64 PSBT). */
export const refundToSign = z.object({
  refund_id: z.string(),
  psbt: z.string(),
  /** The network fee taken from the refunded amount (smallest unit). */
  fee: amountString,
  to: z.string(),
  amount: amountString,
});

/** `POST /refunds/:id/signed`: the merchant's signed refund: a signed PSBT (base64), raw hex or a txid. */
export const refundSignedBody = z.object({ signed: z.string().trim().min(1).max(200_000) });
