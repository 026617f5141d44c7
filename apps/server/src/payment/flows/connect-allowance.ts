// The allowance step of the DID Connect `checkout` action: a subscription checkout also asks the DID
// wallet to sign the approve renewals are pulled from (N periods of the plan, the offer the browser
// wallet gets), in the same session. The signed approve is checked against the offer, committed
// (allowance_grants) before it is sent, and a subscription without a payer takes its signer when the
// customer's own wallet signed it (a trial: nothing was paid, so no payer yet).
import type { AllowanceOffer } from '@payshelf/api';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { crashPoint } from '../../core/chaos.js';
import { allowanceGrants, subscriptions } from '../../db/schema/index.js';
import { ConnectRefusal, type ClaimSet } from '../../platform/identity/index.js';
import { checkoutAllowanceOffer, type SessionRow } from '../checkout/index.js';
import {
  type IntentRow,
  mandateRequest,
  type PayingWith,
  payingFor,
  sendSigned,
  type WalletRequest,
} from '../intents/index.js';
import { chosenPayer, recordWalletPayer } from '../payers/index.js';
import type { PaymentContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';
import { approveDescription } from './allowance-words.js';

export interface ApproveStep {
  paying: PayingWith;
  offer: AllowanceOffer;
  request: WalletRequest;
}

/** The approve a subscription session asks for; null in payment mode, on a native coin, or a rail without it. */
export async function approveStepOf(
  ctx: PaymentContext,
  row: SessionRow,
  intent: IntentRow,
): Promise<ApproveStep | null> {
  if (row.mode !== 'subscription') return null;
  const paying = await payingFor(ctx, ctx.db, intent);
  if (!paying.rail.requestClaim || !paying.rail.inspectMandate) return null;
  const offer = await checkoutAllowanceOffer(ctx.db, paying, row);
  if (!offer) return null;
  const request = await mandateRequest(paying, BigInt(offer.amount));
  return { paying, offer, request };
}

/** The signature claim of the approve, its words in the claim description. */
export function approveClaim(step: ApproveStep, row: SessionRow, locale: 'en' | 'zh'): ClaimSet {
  const { paying, offer, request } = step;
  const claim = paying.rail.requestClaim?.(request, !row.livemode);
  if (!claim) throw new Error('rail cannot ask a DID wallet to approve');
  return {
    signature: {
      type: claim.type,
      description: approveDescription(locale, offer, paying.asset),
      data: JSON.stringify(claim.request),
      meta: {
        [paying.rail.kind]: claim.request,
        checkoutSessionId: row.id,
        purpose: 'allowance',
        allowance: { amount: offer.amount, periods: offer.periods, span: offer.span },
      },
    },
  };
}

/** Sets the payer of the session's subscriptions that have none to `signer`, a proved account of their customer. */
async function adoptSigner(ctx: PaymentContext, row: SessionRow, step: ApproveStep, signer: string) {
  const ids = row.subscriptionIds.length
    ? row.subscriptionIds
    : row.subscriptionId
      ? [row.subscriptionId]
      : [];
  if (!row.customerId || !ids.length) return;
  const proved = await chosenPayer(ctx.db, row.customerId, step.paying.rail, signer).catch(() => null);
  if (!proved) return;
  await ctx.db
    .update(subscriptions)
    .set({ payer: proved, updatedAt: new Date() })
    .where(
      and(
        inArray(subscriptions.id, ids),
        eq(subscriptions.customerId, row.customerId),
        isNull(subscriptions.payer),
      ),
    );
}

/**
 * Takes the wallet's signed approve: refused unless it is exactly the offer's transaction; committed
 * with its hash and bytes, then sent. A wallet that sent it itself answers its hash (nothing to send).
 * Answers the approve's hash.
 */
export async function grantAllowance(
  ctx: PaymentContext,
  row: SessionRow,
  step: ApproveStep,
  walletDid: string,
  signed: string,
): Promise<string> {
  const { rail } = step.paying;
  if (/^0x[0-9a-fA-F]{64}$/.test(signed)) return signed.toLowerCase();
  const info = await rail.inspectMandate?.(signed, step.request);
  if (!info?.matches || !info.signer) throw new ConnectRefusal('The checkout changed; please approve again');
  await recordWalletPayer(ctx.db, {
    customerId: row.customerId,
    livemode: row.livemode,
    walletDid,
    rail,
    signed,
  });
  const txRef = info.txRef.toLowerCase();
  await ctx.db
    .insert(allowanceGrants)
    .values({
      id: newId('agr'),
      livemode: row.livemode,
      checkoutSessionId: row.id,
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      rail: rail.kind,
      network: rail.network,
      currencyId: step.paying.currency.id,
      payer: info.signer,
      spender: step.offer.spender,
      amount: BigInt(step.offer.amount),
      txRef,
      raw: signed,
      status: 'signed',
    })
    .onConflictDoNothing();
  crashPoint('approve:after-commit-before-broadcast');
  await sendSigned(step.paying, signed);
  await ctx.db
    .update(allowanceGrants)
    .set({ status: 'broadcast', broadcastAt: new Date(), updatedAt: new Date() })
    .where(and(eq(allowanceGrants.network, rail.network), eq(allowanceGrants.txRef, txRef)));
  await adoptSigner(ctx, row, step, info.signer);
  return txRef;
}
