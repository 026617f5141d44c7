// Flow: "Pay with test wallet" on a test-mode checkout whose rail has a test wallet (Bitcoin on the local
// regtest chain): the wallet pays the current intent's target, then the transaction is accepted exactly
// as a posted one (/tx) is: verified against the intent, processing, watched until confirmed.
import { ApiError } from '../../core/http/errors.js';
import { assertMayPay, readSession, type SessionRow } from '../checkout/index.js';
import { getIntent, payingFor, railProblem, targetOf } from '../intents/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { acceptTransaction } from './pay-checkout.js';

export async function payWithTestWallet(
  ctx: PaymentContext,
  caller: Caller,
  id: string,
): Promise<SessionRow> {
  const row = await readSession(ctx.db, id, null);
  assertMayPay(caller, row);
  if (row.livemode) throw ApiError.of('test_wallet_test_mode_only', {}, { param: 'id' });
  const intent = row.paymentIntentId ? await getIntent(ctx.db, row.paymentIntentId) : undefined;
  if (!intent || intent.status !== 'requires_action') {
    throw ApiError.of('test_wallet_not_waiting', {}, { param: 'id' });
  }
  const paying = await payingFor(ctx, ctx.db, intent);
  let txRef: string;
  try {
    txRef = await ctx.services.rails.payWithTestWallet(paying.method, await targetOf(paying, intent));
  } catch (err) {
    throw railProblem(err, 'id');
  }
  return acceptTransaction(ctx, row, txRef);
}
