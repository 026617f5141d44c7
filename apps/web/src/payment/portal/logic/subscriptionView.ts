// What the subscription page shows, as plain data: status colour, the plan's items priced per
// period with the checkout's interval wording, the trial's remaining time (SPEC §4 Trial) and the
// next payment.
import { localizedProduct, type SubscriptionDetail, type SubscriptionStatus } from '@payshelf/api';
import { lineTotal, trialDisplay, type TrialDisplay } from '@payshelf/money';
import { recurringKey } from '../../checkout/logic/format';
import { recurringOf, toRulePrice } from '../../checkout/logic/lines';
import type { ChipColor } from './invoiceView';

export function subscriptionStatusColor(status: SubscriptionStatus): ChipColor {
  switch (status) {
    case 'active':
      return 'success';
    case 'trialing':
      return 'info';
    case 'past_due':
    case 'incomplete':
      return 'warning';
    case 'paused':
    case 'canceled':
    case 'incomplete_expired':
      return 'default';
  }
}

export interface PlanItem {
  id: string;
  name: string;
  quantity: number;
  /** Price of one period for the item's quantity; null when usage-based or not priced in the currency. */
  amount: bigint | null;
  metered: boolean;
  /** The checkout's interval wording (`payment.checkout.recurring.{key}`), null for a one-time price. */
  period: ReturnType<typeof recurringKey> | null;
}

type Item = SubscriptionDetail['items'][number];

function itemAmount(item: Item, currencyId: string): bigint | null {
  if (!item.price) return null;
  try {
    return lineTotal({ price: toRulePrice(item.price), quantity: item.quantity }, currencyId);
  } catch {
    return null;
  }
}

/** The items with their product's name in `locale` (a subscription is live: its product as it is now). */
export function planItems(
  subscription: Pick<SubscriptionDetail, 'items' | 'currency_id'>,
  locale = 'en',
): PlanItem[] {
  return subscription.items.map((item) => {
    const metered = item.price?.recurring?.usage_type === 'metered';
    const recurring = recurringOf(item.price);
    return {
      id: item.id,
      name:
        (item.price?.product ? localizedProduct(item.price.product, locale).name : null) ??
        item.price?.nickname ??
        item.price_id,
      quantity: item.quantity,
      amount: metered ? null : itemAmount(item, subscription.currency_id),
      metered,
      period: recurring ? recurringKey(recurring) : null,
    };
  });
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/** Time left in the trial (minutes under 1 hour, hours under 1 day, else days); null once it ended. */
export function trialLeft(trialEnd: string | null, nowSeconds: number): TrialDisplay | null {
  if (!trialEnd) return null;
  return trialDisplay({ trial_end: seconds(trialEnd) }, nowSeconds);
}

export interface NextPayment {
  date: string;
  /** The licensed items' sum for one period; null when an item cannot be priced. */
  amount: bigint | null;
}

const ENDED: ReadonlySet<SubscriptionStatus> = new Set(['canceled', 'incomplete_expired']);

/**
 * When the next charge is due and how much the plan costs then: at the end of the trial or of the
 * current period. None for an ended subscription or one cancelled at the period's end.
 */
export function nextPayment(subscription: SubscriptionDetail): NextPayment | null {
  if (ENDED.has(subscription.status) || subscription.ended_at || subscription.cancel_at_period_end) {
    return null;
  }
  const date =
    subscription.status === 'trialing' && subscription.trial_end
      ? subscription.trial_end
      : subscription.current_period_end;
  let amount: bigint | null = 0n;
  for (const item of planItems(subscription)) {
    if (item.metered) continue;
    amount = amount === null || item.amount === null ? null : amount + item.amount;
  }
  return { date, amount };
}

/** When the subscription ended or is set to end (cancelled at a date or at the period's end). */
export function endDate(
  subscription: Pick<
    SubscriptionDetail,
    'ended_at' | 'cancel_at' | 'cancel_at_period_end' | 'current_period_end'
  >,
): string | null {
  if (subscription.ended_at) return subscription.ended_at;
  if (subscription.cancel_at) return subscription.cancel_at;
  return subscription.cancel_at_period_end ? subscription.current_period_end : null;
}

/** The page's title: the first item's product name, else the subscription's description or id. */
export function subscriptionLabel(subscription: SubscriptionDetail, locale: string): string {
  const [first] = planItems(subscription, locale);
  return first?.name ?? subscription.description ?? subscription.id;
}
