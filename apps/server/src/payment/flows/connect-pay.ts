// Flow: the DID Connect `checkout` action (`/api/did/checkout/…`, extra params checkoutSessionId and
// sessionUserDid). The wallet signs the transfer the session's rail asks for (the rail's wallet claim);
// the server checks the signed transaction pays this very intent, commits it as a payment attempt,
// then broadcasts it and verifies it like a browser-wallet payment. A subscription then asks, in a
// second step of the same session, for the approve renewals are pulled from (connect-allowance.ts);
// a trial with nothing due asks only for that. Declining the approve leaves the payment made.
import { z } from 'zod';
import { crashPoint } from '../../core/chaos.js';
import { ApiError } from '../../core/http/errors.js';
import { ConnectRefusal, type ClaimSet, type ConnectAction } from '../../platform/identity/index.js';
import { assertOpen } from '../checkout/index.js';
import { getSession } from '../checkout/index.js';
import { readSession, type SessionRow } from '../checkout/index.js';
import {
  expectationOf,
  getIntent,
  type IntentRow,
  markBroadcast,
  payingFor,
  RailError,
  recordAttempt,
  sendSigned,
  signedFor,
  startProcessing,
  targetOf,
} from '../intents/index.js';
import { recordWalletPayer } from '../payers/index.js';
import type { PaymentContext } from '../shared/context.js';
import { acceptTransaction, sessionIntent } from './pay-checkout.js';
import { approveClaim, approveStepOf, grantAllowance } from './connect-allowance.js';

export const CHECKOUT_ACTION = 'checkout';

const params = z.object({
  checkoutSessionId: z.string().regex(/^cs_[A-Za-z0-9]{8,64}$/),
  sessionUserDid: z.string().max(200).optional(),
});

const answer = z.looseObject({ type: z.literal('signature'), sig: z.string().min(1) });

const CHANGED = 'The checkout changed; please pay again';

/** Errors a customer can act on go back to the wallet and the dialog as a refusal with their message. */
async function refusing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError || err instanceof RailError) throw new ConnectRefusal(err.message);
    throw err;
  }
}

async function payable(ctx: PaymentContext, id: string) {
  const row = await readSession(ctx.db, id, null);
  if (row.status === 'complete') throw new ConnectRefusal('This checkout is already paid');
  assertOpen(row);
  const intent = await sessionIntent(ctx.db, row);
  if (intent.status === 'processing' || intent.status === 'succeeded') {
    throw new ConnectRefusal('A payment for this checkout is already in progress');
  }
  const paying = await payingFor(ctx, ctx.db, intent);
  const target = await targetOf(paying, intent);
  return { row, intent, paying, target };
}

/**
 * When the session customer's own DID wallet signed the payment, the account it paid from is theirs:
 * later checkouts may fast-pay from it (payers/service.ts).
 */
async function recordOwnWalletPayer(ctx: PaymentContext, id: string, walletDid: string, signed: string) {
  const row = await readSession(ctx.db, id, null);
  const intent = await sessionIntent(ctx.db, row);
  const paying = await payingFor(ctx, ctx.db, intent);
  const proof = { customerId: row.customerId, livemode: row.livemode, walletDid };
  await recordWalletPayer(ctx.db, { ...proof, rail: paying.rail, signed });
}

/**
 * Commits the wallet's signed transaction as the intent's in-flight attempt (the intent processing,
 * its watch enqueued), refusing one signed for another intent (the checkout changed since the wallet
 * was asked), then sends it.
 */
async function commitAndSend(ctx: PaymentContext, id: string, signed: string): Promise<string> {
  const { row, intent, paying } = await payable(ctx, id);
  const txRef = signedFor(paying, intent, signed);
  if (!txRef) throw new ConnectRefusal(CHANGED);
  const attempt = await ctx.db.transaction(async (tx) => {
    const session = await getSession(tx, row.id, row.livemode, true);
    const locked = await getIntent(tx, intent.id, true);
    if (!session || session.paymentIntentId !== intent.id || locked?.status !== 'requires_action') {
      throw new ConnectRefusal(CHANGED);
    }
    const recorded = await recordAttempt(tx, {
      paymentIntentId: locked.id,
      rail: paying.rail.kind,
      kind: 'broadcast',
      network: paying.rail.network,
      txRef,
      raw: signed,
    });
    await startProcessing(tx, locked, { tx_hash: txRef });
    const expectation = expectationOf(locked, paying);
    await ctx.services.rails.watch({ method: paying.method, txRef, expectation }, tx);
    return recorded;
  });
  crashPoint('pay:after-commit-before-broadcast');
  await sendSigned(paying, signed);
  await markBroadcast(ctx.db, attempt.id);
  crashPoint('pay:after-broadcast');
  return txRef;
}

/** The payment's signature claim (the rail's wallet claim for the intent's transfer). */
async function payClaim(ctx: PaymentContext, row: SessionRow, intent: IntentRow, locale: 'en' | 'zh') {
  const paying = await payingFor(ctx, ctx.db, intent);
  const target = await targetOf(paying, intent);
  const claim = paying.rail.walletClaim(target, !row.livemode);
  const amount = `${target.amount.toString()} (smallest unit) ${paying.asset.symbol}`;
  return {
    signature: {
      type: claim.type,
      description: locale === 'zh' ? `签名支付 ${amount}` : `Sign to pay ${amount}`,
      data: JSON.stringify(claim.request),
      meta: { [paying.rail.kind]: claim.request, checkoutSessionId: row.id },
    },
  };
}

/**
 * What the wallet signs, step by step: the payment when something is due now, then (a subscription)
 * the approve renewals are pulled from; a trial with nothing due asks only for the approve. The same
 * session always gives the same steps (the library asks again at every step).
 */
async function stepsOf(ctx: PaymentContext, id: string) {
  const row = await readSession(ctx.db, id, null);
  const intent = await sessionIntent(ctx.db, row);
  const approve = await approveStepOf(ctx, row, intent);
  const pays = intent.amount > 0n;
  const kinds: Array<'pay' | 'approve'> = [
    ...(pays ? ['pay' as const] : []),
    ...(approve ? ['approve' as const] : []),
  ];
  return { row, intent, approve, kinds };
}

export function checkoutConnectAction(ctx: PaymentContext): ConnectAction {
  return {
    name: CHECKOUT_ACTION,
    params,
    async onConnect({ params: p, locale, step }) {
      return refusing(async () => {
        const id = String(p.checkoutSessionId);
        // Only when the wallet first chose its account: later steps come after the payment was taken.
        if (step === 0) {
          const first = await stepsOf(ctx, id);
          if (first.kinds[0] === 'pay') await payable(ctx, id);
          else if (first.kinds.length === 0) throw new ConnectRefusal('This checkout is already paid');
          else if (first.row.status !== 'complete') throw new ConnectRefusal('Submit the checkout first');
        }
        const { row, intent, approve, kinds } = await stepsOf(ctx, id);
        const claims: ClaimSet[] = [];
        for (const kind of kinds) {
          if (kind === 'pay') claims.push(await payClaim(ctx, row, intent, locale));
          else if (approve) claims.push(approveClaim(approve, row, locale));
        }
        return claims;
      });
    },
    async onAuth({ claims, params: p, userDid, step }) {
      return refusing(async () => {
        const signed = claims.map((c) => answer.safeParse(c)).find((r) => r.success)?.data;
        const id = String(p.checkoutSessionId);
        const { approve, kinds } = await stepsOf(ctx, id);
        const kind = kinds[step - 1];
        if (kind === 'approve' && approve) {
          if (!signed) throw new ConnectRefusal('The wallet did not sign the approval');
          const allowanceTx = await grantAllowance(
            ctx,
            await readSession(ctx.db, id, null),
            approve,
            userDid,
            signed.sig,
          );
          const row = await readSession(ctx.db, id, null);
          return { checkoutSessionId: row.id, status: row.status, allowanceTxHash: allowanceTx };
        }
        if (!signed) throw new ConnectRefusal('The wallet did not sign the payment');
        await recordOwnWalletPayer(ctx, id, userDid, signed.sig);
        // A wallet that sent the transaction itself answers its hash; otherwise the server sends it.
        const txRef = /^0x[0-9a-fA-F]{64}$/.test(signed.sig)
          ? signed.sig
          : await commitAndSend(ctx, id, signed.sig);
        const row = await readSession(ctx.db, id, null);
        const after = await acceptTransaction(ctx, row, txRef, 'broadcast');
        return { checkoutSessionId: row.id, txHash: txRef, status: after.status };
      });
    },
  };
}
