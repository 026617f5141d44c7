// Submit (issue 6, server side): the one payment intent of a session, where to pay and the fast-pay
// standing. Paying with a transaction hash or by fast pay is in flows/pay-checkout.ts; the flow that
// runs submit (and completes a zero checkout) is flows/submit-checkout.ts; the routes in submit-routes.ts.
import type { CheckoutSubmitAnswer, CheckoutSubmitBody } from '@payshelf/api';
import { assertDonationEnabled } from '../settings/index.js';
import { ApiError } from '../../core/http/errors.js';
import { hasPaidBefore, hasPastDueInvoice } from '../billing/index.js';
import { reserveRedemption } from '../discounts/index.js';
import { reserveStock } from '../catalog/index.js';
import { type CustomerRow } from '../customers/index.js';
import { serializeCustomer } from '../customers/index.js';
import {
  cancelIntent,
  createIntent,
  fundsOf,
  getIntent,
  type IntentRow,
  isSettling,
  payingWith,
  type PayingWith,
  type PaymentTarget,
  railProblem,
  recordFastPayPayer,
  serializeIntent,
  targetOf,
} from '../intents/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import type { Tx } from '../shared/db.js';
import { assertPayerChoice, chosenPayer } from '../payers/index.js';
import { checkoutAllowanceOffer } from './allowance-offer.js';
import { assertCrossSellTaken } from './changes.js';
import { moveSessionToCurrency } from './currency.js';
import { customerFor, sameDetails, typedDetails } from './customer.js';
import { assertOpen } from './mutate.js';
import { getSession, updateSession, type SessionRow } from './repo.js';
import { sessionObject } from './serialize.js';
import { readSession } from './service.js';

export const ACCOUNT_CHANGED = 'Account changed, please pay manually.';

/**
 * Completes a session whose intent asks for nothing (a free trial, a zero total) inside submit's
 * transaction, or answers null when it does not apply. The flows layer provides it
 * (`flows/submit-checkout.ts`): checkout does not compose billing, stock and events itself.
 */
export type CompleteFree = (tx: Tx, intentId: string) => Promise<SessionRow | null>;

/** Who may pay: a signed-in user, or anyone for a donation. */
export function assertMayPay(caller: Caller, row: SessionRow): void {
  if (!caller.did && row.submitType !== 'donate') throw ApiError.of('unauthenticated', {});
}

/** SPEC §5 requirements that depend on the session: phone and billing address when collected. */
function assertFormComplete(row: SessionRow, body: CheckoutSubmitBody): void {
  if (row.phoneNumberCollection && !body.customer_phone) {
    throw ApiError.of('checkout_field_required', { field: 'customer_phone' }, { param: 'customer_phone' });
  }
  if (row.billingAddressCollection === 'required' && !body.billing_address) {
    throw ApiError.of('checkout_field_required', { field: 'billing_address' }, { param: 'billing_address' });
  }
}

/** Past-due customers may not buy (CUSTOMER_LIMITED opens the past-due prompt on the page). */
async function assertNotLimited(tx: Tx, customer: CustomerRow): Promise<void> {
  if (customer.delinquent || (await hasPastDueInvoice(tx, customer.id))) {
    throw ApiError.of('CUSTOMER_LIMITED', {}, { param: 'customer' });
  }
}

/**
 * The session's one live intent: created on the first submit and kept while it still asks for exactly
 * the session's total in the chosen currency and method. Its amount and currency are frozen, so when
 * they no longer match an unpaid intent is canceled and replaced; with a transfer in progress the
 * change is refused.
 */
async function intentFor(
  tx: Tx,
  row: SessionRow,
  customer: CustomerRow,
  paying: PayingWith,
): Promise<{ intent: IntentRow; row: SessionRow }> {
  const existing = row.paymentIntentId ? await getIntent(tx, row.paymentIntentId, true) : null;
  const same =
    existing?.amount === row.amountTotal &&
    existing.currencyId === paying.currency.id &&
    existing.paymentMethodId === paying.method.id;
  if (existing && isSettling(existing.status)) {
    if (!same) {
      throw ApiError.of('payment_in_progress', {}, { status: 409 });
    }
    return { intent: existing, row };
  }
  if (existing && existing.status !== 'canceled') {
    if (same && existing.customerId === customer.id) return { intent: existing, row };
    await cancelIntent(tx, existing, 'checkout_changed');
  }
  const intent = await createIntent(tx, {
    livemode: row.livemode,
    checkoutSessionId: row.id,
    description: `Checkout ${row.id}`,
    amount: row.amountTotal,
    currencyId: paying.currency.id,
    paymentMethodId: paying.method.id,
    customerId: customer.id,
  });
  return { intent, row: await updateSession(tx, row.id, { paymentIntentId: intent.id }) };
}

/**
 * Fast-pay standing of `payer` for the intent. On EVM rails only an ERC-20 allowance (delegation) lets
 * the merchant charge without the wallet, so `balance.sufficient` (a balance the merchant can charge
 * directly, as on arcblock) is false here; the wallet's token balance is reported in fastPayInfo.
 */
async function fastPayStanding(
  ctx: PaymentContext,
  paying: PayingWith,
  payer: string | null,
  amount: bigint,
): Promise<Pick<CheckoutSubmitAnswer, 'balance' | 'delegation' | 'fastPayInfo'>> {
  const none = { balance: { sufficient: false }, delegation: { sufficient: false } };
  if (!payer || !paying.asset.contract || amount <= 0n) return none;
  try {
    const funds = await fundsOf(paying, payer, amount);
    if (!funds.delegationSufficient) return none;
    return {
      balance: { sufficient: false },
      delegation: { sufficient: true },
      fastPayInfo: {
        type: 'delegation',
        amount: amount.toString(),
        payer,
        token: { balance: funds.balance.toString() },
      },
    };
  } catch (err) {
    ctx.services.log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'fast pay: funds check failed',
    );
    return none;
  }
}

/** The allowance offer of a subscription checkout; a rail that cannot answer leaves it out (logged). */
async function offerOrNone(ctx: PaymentContext, paying: PayingWith, row: SessionRow) {
  try {
    return await checkoutAllowanceOffer(ctx.db, paying, row);
  } catch (err) {
    ctx.services.log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'allowance offer failed',
    );
    return null;
  }
}

export async function submitCheckout(
  ctx: PaymentContext,
  caller: Caller,
  id: string,
  body: CheckoutSubmitBody,
  donate: boolean,
  completeFree: CompleteFree,
): Promise<CheckoutSubmitAnswer> {
  const { db } = ctx;
  const first = await readSession(db, id, null);
  assertOpen(first);
  if (donate && first.submitType !== 'donate') {
    throw ApiError.of('DONATION_NOT_ENABLED', {});
  }
  if (donate) await assertDonationEnabled(db, first.livemode, first.paymentLinkId);
  assertMayPay(caller, first);
  assertFormComplete(first, body);
  await assertCrossSellTaken(db, first);
  const paying = await payingWith(ctx, db, first.livemode, body.payment_method, body.payment_currency);
  await assertPayerChoice(db, caller, first.livemode, paying.rail, body.payer);

  const { intent, row, customer } = await db.transaction(async (tx) => {
    const locked = await getSession(tx, id, null, true);
    if (!locked) throw ApiError.of('checkout_session_missing', { id: id.slice(0, 100) });
    assertOpen(locked);
    const customer = await customerFor(tx, locked, caller, body);
    await assertNotLimited(tx, customer);
    let row = await moveSessionToCurrency(tx, locked, paying.currency.id);
    await reserveStock(tx, row);
    if (row.couponId) {
      const buyer = { customerId: customer.id, hasPaidBefore: await hasPaidBefore(tx, customer.id) };
      await reserveRedemption(tx, row, buyer);
    }
    // The typed details are this checkout's (and its invoice's), whatever the customer's record says.
    const typed = typedDetails(body);
    const unchanged =
      row.customerId === customer.id &&
      row.customerEmail === typed.email &&
      sameDetails(row.customerDetails, typed);
    if (!unchanged) {
      row = await updateSession(tx, row.id, {
        customerId: customer.id,
        customerEmail: typed.email,
        customerDetails: typed,
      });
    }
    const made = await intentFor(tx, row, customer, paying);
    if (made.intent.amount === 0n) {
      // Nothing due today (a free trial, a zero total): complete now, no transfer to sign.
      const completed = await completeFree(tx, made.intent.id);
      const intent = completed ? await getIntent(tx, made.intent.id, true) : null;
      if (completed && intent) return { intent, row: completed, customer };
    }
    return { ...made, customer };
  });

  let target: PaymentTarget;
  try {
    target = await targetOf(paying, intent);
  } catch (err) {
    throw railProblem(err, 'payment_method');
  }
  const payer = await chosenPayer(db, customer.id, paying.rail, body.payer);
  const standing =
    row.status === 'complete'
      ? { balance: { sufficient: false }, delegation: { sufficient: false } }
      : await fastPayStanding(ctx, paying, payer, intent.amount);
  const shown = (await recordFastPayPayer(db, intent.id, standing.fastPayInfo?.payer ?? null)) ?? intent;
  const allowance = row.status === 'complete' ? null : await offerOrNone(ctx, paying, row);
  return {
    checkoutSession: await sessionObject({ db, base: caller.base, mount: ctx.mount }, row),
    paymentIntent: serializeIntent(shown),
    customer: serializeCustomer(customer),
    paymentTarget: paying.rail.targetJson(target),
    ...standing,
    ...(paying.currency.type === 'credit' ? { creditSufficient: false } : {}),
    ...(allowance ? { allowance } : {}),
    stripeContext: null,
  };
}
