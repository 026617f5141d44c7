import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounceWithMax, isInvoicePaid } from './refresh';

describe('debounceWithMax', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once a second after the last event', () => {
    const run = vi.fn();
    const d = debounceWithMax(run);
    d.trigger(Date.now());
    vi.advanceTimersByTime(500);
    d.trigger(Date.now());
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never waits more than 5 s when events keep coming', () => {
    const run = vi.fn();
    const d = debounceWithMax(run);
    for (let i = 0; i < 12; i++) {
      d.trigger(Date.now());
      vi.advanceTimersByTime(500);
    }
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('isInvoicePaid', () => {
  it('matches invoice.paid on the topic only', () => {
    const msg = (event: string, topic: string) => JSON.stringify({ type: 'event', event, topic });
    expect(isInvoicePaid(msg('invoice.paid', 'customer:cus_1'), 'customer:cus_1')).toBe(true);
    expect(isInvoicePaid(msg('invoice.paid', 'customer:cus_2'), 'customer:cus_1')).toBe(false);
    expect(isInvoicePaid(msg('invoice.created', 'customer:cus_1'), 'customer:cus_1')).toBe(false);
    expect(isInvoicePaid('not json', 'customer:cus_1')).toBe(false);
  });
});
