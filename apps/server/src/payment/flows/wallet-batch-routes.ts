// The customer portal's browser-wallet payment of one open invoice or one currency's overdue invoices
// (flows/wallet-batch.ts): the target, then the hash the wallet sent. Only the signed-in customer the
// invoices belong to; anyone else's batch or invoices answer as missing, a guest gets 401.
import { portalRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { postBatchTransaction, walletTarget } from './wallet-batch.js';

export function walletBatchRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  serve(app, ctx, portalRoutes.overdueWallet, async ({ caller, body }) => walletTarget(ctx, caller, body));
  serve(app, ctx, portalRoutes.overdueTx, async ({ caller, params, body }) =>
    postBatchTransaction(ctx, caller, params.id, body.txHash),
  );
}
