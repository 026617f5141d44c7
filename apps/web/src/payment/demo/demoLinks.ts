import { demoLinksAnswer, localeKey, type DemoLinksAnswer } from '@payshelf/api';
import { z } from 'zod';

export type DemoLinks = DemoLinksAnswer;

export const DEMO_KINDS = [
  'one_time',
  'recurring',
  'upsell',
  'metered',
  'tiered',
  'cross_sell',
  'credit',
  'donation',
] as const;
export type DemoKind = (typeof DEMO_KINDS)[number] | 'other';

/** Known kinds keep their translated label; anything new the server adds still shows, as a plain link. */
export function demoKind(kind: string): DemoKind {
  return (DEMO_KINDS as readonly string[]).includes(kind) ? (kind as DemoKind) : 'other';
}

/** A link's title and description in the visitor's locale, else the English ones. */
export function localizedLink(link: DemoLinks['links'][number], locale: string) {
  const t = link.translations?.[localeKey(locale)];
  return { title: t?.title ?? link.title, description: t?.description ?? link.description };
}

/** GET {mount}/api/demo: the seeded test-mode payment links. */
export async function fetchDemoLinks(mountPoint: string): Promise<DemoLinks> {
  const base = mountPoint === '/' ? '' : mountPoint;
  const res = await fetch(`${base}/api/demo?livemode=false`, { headers: { accept: 'application/json' } });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = z.object({ error: z.object({ message: z.string() }) }).safeParse(body);
    throw new Error(message.success ? message.data.error.message : `HTTP ${res.status}`);
  }
  return demoLinksAnswer.parse(body);
}
