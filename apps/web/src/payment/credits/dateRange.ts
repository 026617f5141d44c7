// The credit transactions' date range: the customer picks whole days in the browser's time zone; the
// range runs from 00:00:00.000 of the first day to 23:59:59.999 of the last. The API's `end` is
// exclusive, so it is sent as the instant after the last one (the next day's local midnight).

/** A calendar day as `<input type="date">` writes it: `YYYY-MM-DD`. */
export type Day = string;

export interface DayRange {
  from: Day;
  to: Day;
}

export interface RangeQuery {
  /** ISO time (UTC) of 00:00:00.000 local on the first day. */
  start: string;
  /** ISO time (UTC) just after 23:59:59.999 local on the last day (the API's end is exclusive). */
  end: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The browser's IANA time zone ("Asia/Shanghai"). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** How far `zone`'s wall clock is ahead of UTC at the instant `ms`, in ms. */
function zoneOffset(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - (ms - (ms % 1000));
}

/** Midnight in `zone` starting the day `addDays` after `day`; null when `day` does not exist. */
function zoneMidnight(day: Day, zone: string, addDays = 0): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const check = new Date(Date.UTC(year, month, date));
  // Refuses days that do not exist (2026-02-30 would roll over into March).
  if (check.getUTCMonth() !== month || check.getUTCDate() !== date) return null;
  const wall = Date.UTC(year, month, date + addDays);
  // The offset at the guessed instant, then again at the corrected one (right across DST changes).
  const guess = wall - zoneOffset(wall, zone);
  return wall - zoneOffset(guess, zone);
}

/** The first and last instants of a range (the last is 23:59:59.999 local); null when invalid. */
export function rangeBounds(range: DayRange, zone = browserZone()): { first: Date; last: Date } | null {
  const first = zoneMidnight(range.from, zone);
  const lastDay = zoneMidnight(range.to, zone);
  const after = zoneMidnight(range.to, zone, 1);
  if (first === null || lastDay === null || after === null || lastDay < first) return null;
  return { first: new Date(first), last: new Date(after - 1) };
}

/** The list query for a range, or null when the range is invalid (a day missing or ending first). */
export function rangeQuery(range: DayRange, zone = browserZone()): RangeQuery | null {
  const bounds = rangeBounds(range, zone);
  if (!bounds) return null;
  return { start: bounds.first.toISOString(), end: new Date(bounds.last.getTime() + 1).toISOString() };
}

/** `date` as the browser's local calendar day (`YYYY-MM-DD`). */
export function dayOf(date: Date): Day {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last `days` days up to and including today (local). */
export function lastDays(days: number, now: Date): DayRange {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: dayOf(from), to: dayOf(now) };
}
