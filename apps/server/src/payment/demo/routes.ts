import { instanceRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { instanceSettings } from '../../db/schema/index.js';
import { getLink } from '../links/index.js';
import { checkoutUrl } from '../links/index.js';
import type { PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { DEMO_LINKS } from './catalog.js';
import { DEMO_SETTING_KEY, type DemoRecord } from './seed.js';

/** GET /demo: the demo payment links (test mode), for the page the README points to. */
export function demoRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  serve(app, ctx, instanceRoutes.demo, async ({ caller }) => {
    const [row] = await ctx.db
      .select()
      .from(instanceSettings)
      .where(eq(instanceSettings.key, DEMO_SETTING_KEY))
      .limit(1);
    const record = row?.value as DemoRecord | undefined;
    const links = [];
    for (const { kind, id } of record?.links ?? []) {
      const link = await getLink(ctx.db, id, false);
      if (!link) continue;
      links.push({
        ...DEMO_LINKS[kind],
        id,
        url: checkoutUrl(caller.base, ctx.mount, id),
        active: link.active,
      });
    }
    return { enabled: ctx.services.config.DEMO_DATA, livemode: false as const, links };
  });
}
