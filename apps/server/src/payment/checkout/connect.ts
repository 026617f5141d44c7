// DID Connect `checkout` action (`/api/did/checkout/…`, extra params checkoutSessionId and
// sessionUserDid): the wallet signs the EVM transfer of the session's payment intent, the server
// broadcasts it through the rail and then verifies and watches it like a browser-wallet payment.
import { z } from 'zod';
import { ApiError } from '../../core/http/errors.js';
import { ConnectRefusal, type ConnectAction } from '../../platform/identity/index.js';
import { RailError } from '../../rails/types.js';
import { payingWith } from '../intents/rail.js';
import { recordWalletPayer } from '../payers/service.js';
import type { PaymentContext } from '../shared/context.js';
import { assertOpen } from './mutate.js';
import { readSession } from './service.js';
import { type EvmSignRequest } from './evm-wallet.js';
import { acceptTransaction, sessionIntent } from './pay.js';

export const CHECKOUT_ACTION = 'checkout';

const params = z.object({
  checkoutSessionId: z.string().regex(/^cs_[A-Za-z0-9]{8,64}$/),
  sessionUserDid: z.string().max(200).optional(),
});

const answer = z.looseObject({ type: z.literal('signature'), sig: z.string().min(1) });

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
  const paying = await payingWith(ctx, ctx.db, row.livemode, intent.paymentMethodId ?? '', intent.currencyId);
  const target = await paying.rail.prepare({
    reference: intent.id,
    asset: paying.asset,
    amount: intent.amount,
  });
  return { row, intent, paying, target };
}

export function checkoutConnectAction(ctx: PaymentContext): ConnectAction {
  return {
    name: CHECKOUT_ACTION,
    params,
    async onConnect({ params: p, locale }) {
      return refusing(async () => {
        const { row, paying, target } = await payable(ctx, String(p.checkoutSessionId));
        const settings = paying.method.settings[paying.method.type];
        const rpc =
          !row.livemode && settings && typeof settings === 'object' && 'api_host' in settings
            ? String(settings.api_host)
            : undefined;
        const request: EvmSignRequest = {
          chainId: Number(target.network.split(':')[1] ?? 0),
          ...(rpc ? { rpcUrl: rpc } : {}),
          to: target.request.to,
          value: target.request.value.toString(),
          data: target.request.data,
        };
        const amount = `${target.amount.toString()} (smallest unit) ${paying.asset.symbol}`;
        return {
          signature: {
            type: 'eth:transaction',
            description: locale === 'zh' ? `签名支付 ${amount}` : `Sign to pay ${amount}`,
            data: JSON.stringify(request),
            meta: { evm: request, checkoutSessionId: row.id },
          },
        };
      });
    },
    async onAuth({ claims, params: p, userDid }) {
      return refusing(async () => {
        const signed = claims.map((c) => answer.safeParse(c)).find((r) => r.success)?.data;
        if (!signed) throw new ConnectRefusal('The wallet did not sign the payment');
        const { row, paying } = await payable(ctx, String(p.checkoutSessionId));
        const proof = { customerId: row.customerId, livemode: row.livemode, walletDid: userDid };
        await recordWalletPayer(ctx.db, { ...proof, rail: paying.rail, signed: signed.sig });
        const txRef = /^0x[0-9a-fA-F]{64}$/.test(signed.sig)
          ? signed.sig
          : (await paying.rail.broadcast(signed.sig)).txRef;
        const after = await acceptTransaction(ctx, row, txRef);
        return { checkoutSessionId: row.id, txHash: txRef, status: after.status };
      });
    },
  };
}
