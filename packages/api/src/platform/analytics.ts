import { z } from 'zod';

export const ANALYTICS_PREFIX = '/.well-known/analytics';
/** Longest page path and event name counted; longer ones are cut to this length. */
export const ANALYTICS_MAX_PATH = 200;
export const ANALYTICS_MAX_EVENT = 100;

/** Query of `GET /api/analytics/pageviews`. */
export const pageviewsQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

/** Answer of `GET /api/analytics/pageviews`: one entry per UTC day (oldest first, zero-filled). */
export const pageviewsAnswer = z.object({
  days: z.array(z.object({ date: z.string(), count: z.number().int() })),
  total: z.number().int(),
  topPaths: z.array(z.object({ path: z.string(), count: z.number().int() })),
  topEvents: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type PageviewsAnswer = z.infer<typeof pageviewsAnswer>;
