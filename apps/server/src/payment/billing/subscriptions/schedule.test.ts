import { describe, expect, it } from 'vitest';
import { graceEnd, nextPeriod, nextRetry } from './schedule.js';

const d = (s: string) => new Date(s);
const monthly = { interval: 'month' as const, intervalCount: 1 };

describe('nextPeriod', () => {
  it('a Jan 31 anchor bills Feb 29 (leap year), Mar 31, Apr 30', () => {
    const anchor = d('2028-01-31T10:00:00Z');
    const feb = nextPeriod(anchor, monthly, d('2028-01-31T10:00:00Z'));
    expect(feb.end.toISOString()).toBe('2028-02-29T10:00:00.000Z');
    const mar = nextPeriod(anchor, monthly, feb.end);
    expect(mar).toEqual({ start: feb.end, end: d('2028-03-31T10:00:00Z') });
    expect(nextPeriod(anchor, monthly, mar.end).end.toISOString()).toBe('2028-04-30T10:00:00.000Z');
  });

  it('twelve monthly periods from Jan 31 end on the last day of short months', () => {
    const anchor = d('2027-01-31T00:00:00Z');
    let end = anchor;
    const ends: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      end = nextPeriod(anchor, monthly, end).end;
      ends.push(end.toISOString().slice(0, 10));
    }
    expect(ends).toEqual([
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
    ]);
  });

  it('fixed intervals add their length; a long-past anchor still finds the next period', () => {
    const anchor = d('2027-01-01T00:00:00Z');
    expect(nextPeriod(anchor, { interval: 'day', intervalCount: 2 }, d('2027-03-02T00:00:00Z')).end).toEqual(
      d('2027-03-04T00:00:00Z'),
    );
    expect(nextPeriod(anchor, { interval: 'year', intervalCount: 1 }, d('2030-01-01T00:00:00Z')).end).toEqual(
      d('2031-01-01T00:00:00Z'),
    );
  });
});

describe('dunning', () => {
  const settings = { retryDays: [1, 3, 5], graceDays: 7, action: 'cancel' as const };
  const first = d('2027-05-01T00:00:00Z');
  it('retries 1, 3 and 5 days after the first failure, then stops', () => {
    expect(nextRetry(settings, 1, first)).toEqual(d('2027-05-02T00:00:00Z'));
    expect(nextRetry(settings, 2, first)).toEqual(d('2027-05-04T00:00:00Z'));
    expect(nextRetry(settings, 3, first)).toEqual(d('2027-05-06T00:00:00Z'));
    expect(nextRetry(settings, 4, first)).toBeNull();
  });
  it('the grace ends after its days, or never with keep', () => {
    expect(graceEnd(settings, first)).toEqual(d('2027-05-08T00:00:00Z'));
    expect(graceEnd({ ...settings, action: 'keep' }, first)).toBeNull();
  });
});
