// Meter events of credit meters consume the customer's credit grants in the transaction that inserts
// them (credits/consume.ts). What no grant covers raises customer.credit.insufficient: an event (and
// so its webhooks) and a bell notice for the customer, written in that same transaction.
import { creditInsufficientNotice } from '@payshelf/api';
import { formatAmount } from '@payshelf/money';
import { notify } from '../../platform/notifications/index.js';
import { consumeForEvents, type Shortfall } from '../credits/index.js';
import { getCustomer } from '../customers/index.js';
import type { ConsumeCredits } from '../meters/index.js';
import { getCurrency } from '../methods/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { recordEvent } from '../shared/events.js';

async function raiseInsufficient(ctx: PaymentContext, tx: DbLike, s: Shortfall): Promise<void> {
  const { event } = s;
  const object = {
    id: event.id,
    livemode: event.livemode,
    object: 'credit_insufficient',
    customer_id: event.customerId,
    currency_id: event.currencyId,
    meter_id: event.meterId,
    meter_event_id: event.id,
    subscription_id: event.subscriptionId,
    required_amount: event.value.toString(),
    pending_amount: s.pending.toString(),
  };
  await recordEvent(tx, 'customer.credit.insufficient', object);
  const customer = await getCustomer(tx, event.customerId, event.livemode);
  if (!customer?.did) return;
  const currency = await getCurrency(tx, event.currencyId, event.livemode);
  const decimals = currency?.decimal ?? 0;
  const shown = formatAmount(s.pending, decimals, { precision: decimals });
  const base = ctx.services.config.PUBLIC_URL?.replace(/\/+$/, '') ?? '';
  const notice = creditInsufficientNotice(shown, currency?.symbol ?? '', `${base}${ctx.mount}/customer`);
  await notify(ctx.services, { receiver: customer.did, severity: 'warning', ...notice }, tx);
}

export function consumeCredits(ctx: PaymentContext): ConsumeCredits {
  return async (tx, events) => {
    const shortfalls = await consumeForEvents(
      tx,
      events.flatMap((e) =>
        e.meter.currencyId
          ? [
              {
                id: e.id,
                livemode: e.meter.livemode,
                meterId: e.meter.id,
                currencyId: e.meter.currencyId,
                customerId: e.customerId,
                subscriptionId: e.subscriptionId,
                value: e.value,
                timestamp: e.timestamp,
              },
            ]
          : [],
      ),
    );
    for (const s of shortfalls) await raiseInsufficient(ctx, tx, s);
  };
}
