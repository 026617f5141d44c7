import { callRoute, instanceRoutes, localeKey, type DemoLinksAnswer } from '@payshelf/api';

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

/** GET {mount}/api/demo: the seeded test-mode payment links (through the route table's client). */
export function fetchDemoLinks(mountPoint: string): Promise<DemoLinks> {
  const base = `${mountPoint === '/' ? '' : mountPoint}/api`;
  return callRoute(instanceRoutes.demo, {}, { base, query: { livemode: 'false' } });
}
