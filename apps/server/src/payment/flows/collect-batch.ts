// Flow: the DID Connect `collect-batch` action (`/api/did/collect-batch/…`, extra params currencyId,
// subscriptionId or customerId, and batchId: the batch intent the signed-in customer opened with
// POST /portal/overdue/batch; its id is the capability, so nobody else's invoices can be named). The
// wallet signs one transfer of the frozen sum carrying the batch's reference; the server commits it as
// the batch intent's attempt, sends it, and the watcher settles each frozen invoice (batch-payment.ts).
import { z } from 'zod';
import { ApiError } from '../../core/http/errors.js';
import { ConnectRefusal, type ConnectAction } from '../../platform/identity/index.js';
import {
  getInvoice,
  lockInvoice,
  lockSubscription,
  updateInvoice,
  type InvoiceRow,
} from '../billing/index.js';
import {
  expectationOf,
  getIntent,
  markBroadcast,
  payingFor,
  RailError,
  recordAttempt,
  sendSigned,
  signedFor,
  startProcessing,
  targetOf,
} from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import { batchIntent, type FrozenBatch } from '../portal/index.js';

export const COLLECT_BATCH_ACTION = 'collect-batch';

const params = z.object({
  currencyId: z.string().regex(/^pc_[A-Za-z0-9]{8,64}$/),
  subscriptionId: z
    .string()
    .regex(/^sub_[A-Za-z0-9]{8,64}$/)
    .optional(),
  customerId: z
    .string()
    .regex(/^cus_[A-Za-z0-9]{8,64}$/)
    .optional(),
  batchId: z.string().regex(/^pi_[A-Za-z0-9]{8,64}$/),
});

const answer = z.looseObject({ type: z.literal('signature'), sig: z.string().min(1) });

const CHANGED = 'The overdue invoices changed; please pay again';

async function refusing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError || err instanceof RailError) throw new ConnectRefusal(err.message);
    throw err;
  }
}

/** The batch the params name, checked against its scope, and how it is paid. */
async function payable(ctx: PaymentContext, raw: Record<string, unknown>) {
  const p = params.parse(raw);
  const peek = await getIntent(ctx.db, p.batchId);
  if (!p.subscriptionId && !p.customerId) {
    throw new ConnectRefusal('Either subscriptionId or customerId must be provided');
  }
  const found = peek ? await batchIntent(ctx.db, p.batchId, peek.customerId ?? '', p.currencyId) : null;
  const scoped =
    found &&
    (!p.customerId || found.batch.customer_id === p.customerId) &&
    (!p.subscriptionId || found.batch.subscription_id === p.subscriptionId);
  if (!found || !scoped) throw new ConnectRefusal('No such overdue payment');
  const { intent, batch } = found;
  if (intent.status === 'succeeded') throw new ConnectRefusal('These invoices are already paid');
  if (intent.status === 'processing')
    throw new ConnectRefusal('A payment of these invoices is already in progress');
  if (intent.status !== 'requires_action') throw new ConnectRefusal(CHANGED);
  const paying = await payingFor(ctx, ctx.db, intent);
  const target = await targetOf(paying, intent);
  return { intent, batch, paying, target };
}

/** Every frozen invoice still owes exactly its frozen amount (locked, subscriptions first). */
async function lockUnchanged(
  tx: Parameters<Parameters<PaymentContext['db']['transaction']>[0]>[0],
  livemode: boolean,
  batch: FrozenBatch,
) {
  const peeks: InvoiceRow[] = [];
  for (const item of batch.invoices) {
    const row = await getInvoice(tx, item.id, livemode);
    if (!row) throw new ConnectRefusal(CHANGED);
    peeks.push(row);
  }
  for (const id of [...new Set(peeks.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : [])))].sort()) {
    await lockSubscription(tx, id);
  }
  const locked: InvoiceRow[] = [];
  for (const item of [...batch.invoices].sort((a, b) => a.id.localeCompare(b.id))) {
    const row = await lockInvoice(tx, item.id);
    const owes = row && (row.status === 'open' || row.status === 'uncollectible');
    if (!row || !owes || row.amountRemaining.toString() !== item.amount) throw new ConnectRefusal(CHANGED);
    locked.push(row);
  }
  return locked;
}

async function commitAndSend(
  ctx: PaymentContext,
  raw: Record<string, unknown>,
  signed: string,
): Promise<string> {
  const { intent, batch, paying } = await payable(ctx, raw);
  const txRef = signedFor(paying, intent, signed);
  if (!txRef) throw new ConnectRefusal(CHANGED);
  const attempt = await ctx.db.transaction(async (tx) => {
    const invoices = await lockUnchanged(tx, intent.livemode, batch);
    const locked = await getIntent(tx, intent.id, true);
    if (locked?.status !== 'requires_action') throw new ConnectRefusal(CHANGED);
    const recorded = await recordAttempt(tx, {
      paymentIntentId: locked.id,
      rail: paying.rail.kind,
      kind: 'broadcast',
      network: paying.rail.network,
      txRef,
      raw: signed,
    });
    const processing = await startProcessing(tx, locked, { tx_hash: txRef });
    // Each invoice names the batch as its payment in flight: its own collection skips it meanwhile.
    for (const invoice of invoices) await updateInvoice(tx, invoice.id, { paymentIntentId: locked.id });
    await ctx.services.rails.watch(
      { method: paying.method, txRef, expectation: expectationOf(processing, paying) },
      tx,
    );
    return recorded;
  });
  await sendSigned(paying, signed);
  await markBroadcast(ctx.db, attempt.id);
  return txRef;
}

export function collectBatchAction(ctx: PaymentContext): ConnectAction {
  return {
    name: COLLECT_BATCH_ACTION,
    params,
    async onConnect({ params: p, locale }) {
      return refusing(async () => {
        const { intent, batch, paying, target } = await payable(ctx, p);
        const claim = paying.rail.walletClaim(target, !intent.livemode);
        const amount = `${target.amount.toString()} (smallest unit) ${paying.asset.symbol}`;
        const n = batch.invoices.length;
        return {
          signature: {
            type: claim.type,
            description:
              locale === 'zh'
                ? `签名支付 ${n} 张逾期账单，共 ${amount}`
                : `Sign to pay ${n} overdue invoice(s): ${amount}`,
            data: JSON.stringify(claim.request),
            meta: { [paying.rail.kind]: claim.request, batchId: intent.id },
          },
        };
      });
    },
    async onAuth({ claims, params: p }) {
      return refusing(async () => {
        const signed = claims.map((c) => answer.safeParse(c)).find((r) => r.success)?.data;
        if (!signed) throw new ConnectRefusal('The wallet did not sign the payment');
        if (/^0x[0-9a-fA-F]{64}$/.test(signed.sig)) {
          throw new ConnectRefusal('Send the signed transaction, not its hash');
        }
        const txRef = await commitAndSend(ctx, p, signed.sig);
        return { batchId: String(p.batchId), txHash: txRef };
      });
    },
  };
}
