import { describe, expect, it } from 'vitest';
import { nextRetryAt, RETRY_WINDOW_MS } from './schedule.js';

const MINUTE = 60_000;

describe('nextRetryAt', () => {
  it('doubles the wait after each failure, capped at 12 hours', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const waits = [1, 2, 3, 4, 10, 11, 12].map(
      (n) => ((nextRetryAt(created, n, created, MINUTE)?.getTime() ?? 0) - created.getTime()) / MINUTE,
    );
    expect(waits).toEqual([1, 2, 4, 8, 512, 720, 720]);
  });

  it('keeps retrying for three days, then gives up', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    let now = created;
    let tries = 1;
    for (;;) {
      const next = nextRetryAt(created, tries, now, MINUTE);
      if (!next) break;
      now = next;
      tries++;
    }
    expect(now.getTime() - created.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(now.getTime() - created.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - 12 * 60 * MINUTE);
    expect(tries).toBe(15);
  });
});
