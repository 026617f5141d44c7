// SPEC §4 "Overdue payment per currency": after an invoice.paid event the list refreshes, debounced
// by 1 s but never later than 5 s after the first event of a burst.

export const REFRESH_DEBOUNCE_MS = 1_000;
export const REFRESH_MAX_WAIT_MS = 5_000;

/** A debounced call with a maximum wait: `trigger()` often, `run` at most once per quiet second. */
export function debounceWithMax(run: () => void, waitMs = REFRESH_DEBOUNCE_MS, maxMs = REFRESH_MAX_WAIT_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let first: number | null = null;
  const fire = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    first = null;
    run();
  };
  return {
    trigger(now = Date.now()) {
      first ??= now;
      if (timer) clearTimeout(timer);
      const left = Math.max(0, Math.min(waitMs, first + maxMs - now));
      timer = setTimeout(fire, left);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      first = null;
    },
  };
}

/** Whether a relay message is an invoice.paid event on `topic`. */
export function isInvoicePaid(raw: unknown, topic: string): boolean {
  if (typeof raw !== 'string') return false;
  try {
    const message = JSON.parse(raw) as Record<string, unknown>;
    return message.type === 'event' && message.event === 'invoice.paid' && message.topic === topic;
  } catch {
    return false;
  }
}
