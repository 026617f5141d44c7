// The subscription life cycle (pure). Every status change of a subscription is one of these events
// applied to its current status; anything the table does not list is refused. The service
// (lifecycle.ts) is the only writer of `status`: it applies the event, records it in `events` and
// pushes it on the relay in the same transaction.
import type { SubscriptionStatus } from '@payshelf/api';

export type LifecycleEvent =
  /** The trial ended and its first paid period was collected. */
  | 'trial_paid'
  /** The trial ended and its first paid period could not be collected. */
  | 'trial_unpaid'
  /** The last retry of an invoice failed. */
  | 'collection_failed'
  /** An open invoice of the subscription was paid (a late payment, a recovery's invoice). */
  | 'invoice_paid'
  /** Canceled now: by the merchant or customer, at the period end, a trial's cancel. */
  | 'cancel'
  /** The past-due grace ran out with the setting `cancel` (reason payment_failed). */
  | 'grace_expired'
  /** A canceled subscription starts a new period that must be paid now. */
  | 'recover'
  /** A recovery's invoice was never paid within its window. */
  | 'incomplete_expired'
  /** Collection stops until unpaused. */
  | 'pause'
  | 'unpause';

const LIVE: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due', 'paused', 'incomplete'];

const TABLE: Record<LifecycleEvent, Partial<Record<SubscriptionStatus, SubscriptionStatus>>> = {
  trial_paid: { trialing: 'active' },
  trial_unpaid: { trialing: 'past_due' },
  collection_failed: { active: 'past_due', trialing: 'past_due', past_due: 'past_due' },
  invoice_paid: { past_due: 'active', incomplete: 'active', active: 'active' },
  cancel: Object.fromEntries(LIVE.map((s) => [s, 'canceled'])),
  grace_expired: { past_due: 'canceled' },
  recover: { canceled: 'incomplete' },
  incomplete_expired: { incomplete: 'incomplete_expired' },
  pause: { trialing: 'paused', active: 'paused', past_due: 'paused' },
  unpause: { paused: 'active' },
};

export class SubscriptionTransitionError extends Error {
  constructor(
    readonly from: SubscriptionStatus,
    readonly event: LifecycleEvent,
  ) {
    super(`a ${from} subscription cannot ${event}`);
  }
}

/** The status after `event`, or null when the event does not apply to `from`. */
export function nextStatus(from: SubscriptionStatus, event: LifecycleEvent): SubscriptionStatus | null {
  return TABLE[event][from] ?? null;
}

export function canApply(from: SubscriptionStatus, event: LifecycleEvent): boolean {
  return nextStatus(from, event) !== null;
}

/** The status after `event`; throws when the event does not apply. */
export function applyEvent(from: SubscriptionStatus, event: LifecycleEvent): SubscriptionStatus {
  const to = nextStatus(from, event);
  if (to === null) throw new SubscriptionTransitionError(from, event);
  return to;
}

/** Whether the subscription still bills (renews at its period end). */
export function renews(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}

/** The `events` type a change records: deleted when it ends, paused/resumed, else updated. */
export function eventTypeOf(event: LifecycleEvent): string {
  switch (event) {
    case 'cancel':
    case 'grace_expired':
      return 'customer.subscription.deleted';
    case 'pause':
      return 'customer.subscription.paused';
    case 'unpause':
      return 'customer.subscription.resumed';
    default:
      return 'customer.subscription.updated';
  }
}
