// SPEC.md section 4: polling the retrieve call every 2 s with a 3 minute timeout.
import type { CheckoutView } from './api';

export const POLL_INTERVAL_MS = 2_000;
export const POLL_TIMEOUT_MS = 180_000;

export type PollVerdict = { kind: 'done' } | { kind: 'pending' } | { kind: 'failed'; message: string };

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** Done when complete and paid (or nothing to pay); failed when the intent needs action after an error. */
export function pollVerdict(view: Pick<CheckoutView, 'checkoutSession' | 'paymentIntent'>): PollVerdict {
  const session = view.checkoutSession;
  if (
    session.status === 'complete' &&
    (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
  ) {
    return { kind: 'done' };
  }
  const intent = record(view.paymentIntent);
  const lastError = record(intent?.last_payment_error);
  if (intent?.status === 'requires_action' && lastError) {
    return {
      kind: 'failed',
      message: typeof lastError.message === 'string' ? lastError.message : 'Payment failed',
    };
  }
  return { kind: 'pending' };
}

export class PollTimeoutError extends Error {
  constructor() {
    super('Timed out waiting for the payment to complete');
    this.name = 'PollTimeoutError';
  }
}

export interface PollOptions {
  intervalMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Retrieves until done: resolves true when paid, false when aborted; throws the intent's error, a
 * failed call's error, or PollTimeoutError after the timeout.
 */
export async function waitForCheckoutComplete(
  retrieve: () => Promise<Pick<CheckoutView, 'checkoutSession' | 'paymentIntent'>>,
  options: PollOptions = {},
): Promise<boolean> {
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  const timeout = options.timeoutMs ?? POLL_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const deadline = now() + timeout;
  for (;;) {
    if (options.signal?.aborted) return false;
    const verdict = pollVerdict(await retrieve());
    if (verdict.kind === 'done') return true;
    if (verdict.kind === 'failed') throw new Error(verdict.message);
    if (now() + interval > deadline) throw new PollTimeoutError();
    await sleep(interval, options.signal);
  }
}
