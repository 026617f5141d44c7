import { afterEach, describe, expect, it, vi } from 'vitest';
import { debounce, fitCount } from './overflow';

afterEach(() => vi.useRealTimers());

describe('overflow layout', () => {
  it('keeps every item when all fit, without the more button', () => {
    expect(fitCount([100, 100, 100], 300, 40)).toBe(3);
  });

  it('keeps room for the more button when some must move', () => {
    expect(fitCount([100, 100, 100], 299, 40)).toBe(2);
    expect(fitCount([100, 100, 100], 239, 40)).toBe(1);
    expect(fitCount([100, 100], 50, 40)).toBe(0);
    expect(fitCount([], 0, 40)).toBe(0);
  });

  it('debounces re-layout by 100 ms', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const run = debounce((n: number) => calls.push(n), 100);
    run(1);
    vi.advanceTimersByTime(60);
    run(2);
    vi.advanceTimersByTime(99);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([2]);
  });
});
