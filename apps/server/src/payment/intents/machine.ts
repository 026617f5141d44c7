// The payment intent state machine. An intent is the only thing that is paid: it is created with its
// amount, currency and method frozen, waits for the customer (requires_action), is processing once a
// transfer is known, and ends succeeded or canceled. A failed transfer sends it back to
// requires_action with `last_payment_error`; a change of what is bought cancels it (a new one replaces it).
import type { IntentRow } from './repo.js';

export type IntentStatus = IntentRow['status'];

const NEXT: Record<IntentStatus, readonly IntentStatus[]> = {
  requires_payment_method: ['requires_action', 'succeeded', 'canceled'],
  requires_confirmation: ['requires_action', 'canceled'],
  // succeeded directly: nothing due (a free trial, a zero total) completes at submit.
  requires_action: ['requires_action', 'processing', 'succeeded', 'canceled'],
  // requires_action again when the transfer is rejected (reverted, dropped, wrong).
  processing: ['processing', 'succeeded', 'requires_action'],
  requires_capture: ['succeeded', 'canceled'],
  succeeded: [],
  canceled: [],
};

export function canTransition(from: IntentStatus, to: IntentStatus): boolean {
  return NEXT[from].includes(to);
}

export class IntentTransitionError extends Error {
  constructor(
    readonly from: IntentStatus,
    readonly to: IntentStatus,
  ) {
    super(`payment intent cannot go from ${from} to ${to}`);
  }
}

export function assertTransition(from: IntentStatus, to: IntentStatus): void {
  if (!canTransition(from, to)) throw new IntentTransitionError(from, to);
}

/** Whether money may be moving for the intent (a transfer is known and not yet settled, or it is paid). */
export function isSettling(status: IntentStatus): boolean {
  return status === 'processing' || status === 'succeeded';
}

/**
 * Whether what the rail received pays the intent: at least its frozen amount. Completion also
 * requires the intent's amount to be what is being sold (see flows/complete-checkout.ts).
 */
export function covers(intent: Pick<IntentRow, 'amount'>, received: bigint): boolean {
  return received >= intent.amount;
}
