import { platformAdminRoutes as r, platformBeaconRoutes as beacons } from '@payshelf/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.js';
import { ApiError } from '../../core/http/errors.js';
import { platformMount } from '../identity/index.js';
import { cleanEventName, cleanPagePath, isBot } from './clean.js';
import { countEvent, countPageView, pageviewsReport } from './service.js';

/** What the injected script tag runs: nothing. The request itself is the beacon. */
const SCRIPT = '/* counted */\n';

function answerScript(reply: FastifyReply) {
  return reply
    .type('application/javascript; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(SCRIPT);
}

function wildcard(request: FastifyRequest): string {
  const params = request.params as Record<string, string | undefined>;
  return params['*'] ?? '';
}

/**
 * Page-view and event beacons (SPEC.md section 7) and the owners' report. Counts are per UTC day and
 * page path or event name only: no cookie is read or set, and nothing about the visitor is stored.
 * Crawlers and scripts (by user agent) are answered but not counted.
 */
export function analyticsRoutes(app: FastifyInstance, services: Services): void {
  const db = services.database.db;

  const mount = platformMount(app, services.config.PAYSHELF_CHECK_RESPONSES);

  mount(beacons.pageview, async ({ request, reply }) => {
    const path = cleanPagePath(wildcard(request));
    if (path === null) throw ApiError.of('page_path_invalid', {}, { param: 'path' });
    if (!isBot(request.headers['user-agent'])) await countPageView(db, path);
    return answerScript(reply);
  });

  mount(beacons.event, async ({ request, reply }) => {
    const name = cleanEventName(wildcard(request));
    if (name === null) throw ApiError.of('event_name_missing', {}, { param: 'name' });
    if (!isBot(request.headers['user-agent'])) await countEvent(db, name);
    return answerScript(reply);
  });

  mount(r.pageviews, async ({ query }) => pageviewsReport(db, query.days));
}
