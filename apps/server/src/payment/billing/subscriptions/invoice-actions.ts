// What the merchant may do to an invoice by hand: void it (nothing is owed any more), mark it
// uncollectible (still owed, no more automatic attempts), or record that it was paid outside Payshelf.
import { ApiError } from '../../../core/http/errors.js';
import type { PaymentContext } from '../../shared/context.js';
import { noSuch } from '../access.js';
import { billingNow } from '../clocks/repo.js';
import { getInvoice, type InvoiceRow } from '../repo.js';
import { unapplyFromInvoice } from '../../balances/index.js';
import { closeWaitingIntentsOf } from '../../intents/index.js';
import { settleInvoicePaid } from './dunning.js';
import { dropPendingUpdate } from './plan-change.js';
import { announceInvoice, lockInvoice, lockSubscription, updateInvoice } from './lifecycle.js';

type Ctx = Pick<PaymentContext, 'db' | 'services'>;
type Action = 'void' | 'mark_uncollectible' | 'paid_out_of_band';

const ALLOWED: Record<Action, readonly InvoiceRow['status'][]> = {
  void: ['open', 'uncollectible'],
  mark_uncollectible: ['open'],
  paid_out_of_band: ['open', 'uncollectible'],
};

export async function invoiceAction(
  ctx: Ctx,
  id: string,
  livemode: boolean,
  action: Action,
): Promise<InvoiceRow> {
  const peek = await getInvoice(ctx.db, id, livemode);
  if (!peek) throw noSuch('invoice', id);
  return ctx.db.transaction(async (tx) => {
    const sub = peek.subscriptionId ? await lockSubscription(tx, peek.subscriptionId) : null;
    const invoice = await lockInvoice(tx, id);
    if (!invoice) throw noSuch('invoice', id);
    if (!ALLOWED[action].includes(invoice.status)) {
      throw ApiError.of('invoice_state', { status: invoice.status, action: action.replaceAll('_', ' ') });
    }
    if (action === 'paid_out_of_band') {
      const now = await billingNow(tx, invoice.testClockId);
      return settleInvoicePaid(ctx, tx, sub, invoice, invoice.amountRemaining, { type: 'out_of_band' }, now);
    }
    const status = action === 'void' ? 'void' : 'uncollectible';
    const changed = await updateInvoice(tx, id, { status, nextPaymentAttempt: null });
    if (action === 'void') {
      // Nothing is owed any more: the credit the invoice took goes back to the customer's balance,
      // and a plan change waiting for it is dropped.
      const owner = {
        livemode: invoice.livemode,
        customerId: invoice.customerId,
        currencyId: invoice.currencyId,
      };
      await unapplyFromInvoice(tx, owner, id);
      // Nothing can be paid for it any more: its waiting payments close with it.
      await closeWaitingIntentsOf(tx, invoice, 'invoice_voided');
      if (sub) await dropPendingUpdate(ctx, tx, sub, id);
    }
    await announceInvoice(
      ctx,
      tx,
      changed,
      action === 'void' ? 'invoice.voided' : 'invoice.marked_uncollectible',
    );
    return changed;
  });
}
