import type { PageviewsAnswer } from '@payshelf/api';
import type { Db } from '../../db/database.js';
import { lastDays } from './clean.js';
import { countOne, perDay, top } from './repo.js';

const TOP = 10;

export const countPageView = (db: Db, path: string) => countOne(db, 'pv', path);
export const countEvent = (db: Db, name: string) => countOne(db, 'evt', name);

/** Page views per UTC day over the last `days` days (zero-filled), with the top paths and events. */
export async function pageviewsReport(db: Db, days: number, now = new Date()): Promise<PageviewsAnswer> {
  const dates = lastDays(days, now);
  const from = dates[0] ?? now.toISOString().slice(0, 10);
  const [counted, topPaths, topEvents] = await Promise.all([
    perDay(db, 'pv', from),
    top(db, 'pv', from, TOP),
    top(db, 'evt', from, TOP),
  ]);
  const byDate = new Map(counted.map((r) => [r.date, r.count]));
  const series = dates.map((date) => ({ date, count: byDate.get(date) ?? 0 }));
  return {
    days: series,
    total: series.reduce((sum, d) => sum + d.count, 0),
    topPaths: topPaths.map((r) => ({ path: r.name, count: r.count })),
    topEvents,
  };
}
