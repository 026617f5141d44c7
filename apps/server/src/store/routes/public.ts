import { blockletListQuery, type BlockletList, type StoreInfo } from '@payshelf/api';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, parseWith } from '../../core/http/errors.js';
import { storeCategories } from '../../db/schema/index.js';
import { downloadableBundle } from '../bundle-access.js';
import type { StoreContext } from '../context.js';
import { countDownload, downloadsByDay, versionById, versionsOf } from '../repo.js';
import { listPublic } from '../search/list.js';
import { serializeCategory, serializeDetail, serializeSummary, serializeVersion } from '../serialize.js';
import { readSettings } from '../settings.js';
import { didParams, downloadParams } from './params.js';
import { hiddenBlocklet as hidden, visibleBlocklet, visibleView } from './visibility.js';

const downloadsQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

/**
 * What anyone may read: listed applications (a published version, not blocked, public) and their
 * published versions. An application's owner and the store admins also see its private, blocked,
 * draft and in-review states; to everyone else those answer 404, as if they did not exist.
 */
export function publicRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const api = `${ctx.mount}/api`;

  const visible = (request: Parameters<StoreContext['user']>[0], did: string) =>
    visibleBlocklet(ctx, request, did);

  app.get(`${api}/store.json`, async (): Promise<StoreInfo> => {
    const settings = await readSettings(ctx.db);
    return {
      id: ctx.services.config.STORE_ID ?? 'payshelf-store',
      name: ctx.services.config.APP_NAME,
      maxBundleSize: ctx.services.config.STORE_MAX_BUNDLE_MB * 1024 * 1024,
      reviewRequired: settings.reviewRequired,
    };
  });

  // The same answer for every visitor: served from the in-process cache as JSON text.
  app.get(`${api}/blocklets.json`, async (request, reply) => {
    const query = parseWith(blockletListQuery, request.query, 'query');
    const text = await ctx.listCache.get(JSON.stringify(query), async () => {
      const { rows, total, totalExact } = await listPublic(ctx.db, query);
      const body: BlockletList = {
        dataList: rows.map((v) => serializeSummary(v, ctx.mount)),
        total,
        totalExact,
        page: query.page,
        pageSize: query.pageSize,
      };
      return JSON.stringify(body);
    });
    return reply.type('application/json; charset=utf-8').send(text);
  });

  app.get(`${api}/blocklets/categories`, async () => {
    const rows = await ctx.db.select().from(storeCategories).orderBy(asc(storeCategories.name));
    return { dataList: rows.map(serializeCategory) };
  });

  app.get(`${api}/blocklets/:did/blocklet.json`, async (request) => {
    const { did } = parseWith(didParams, request.params, 'params');
    const { view, privileged } = await visibleView(ctx, request, did);
    // The owner and admins see the newest upload until a version is published.
    const shown = view.current ?? (privileged ? await versionById(ctx.db, view.row.latestVersionId) : null);
    if (!shown) throw hidden();
    return serializeDetail(view, shown, ctx.mount);
  });

  app.get(`${api}/blocklets/:did/versions`, async (request) => {
    const { did } = parseWith(didParams, request.params, 'params');
    const { blocklet, privileged } = await visible(request, did);
    const rows = await versionsOf(ctx.db, blocklet.id);
    return { dataList: rows.filter((v) => privileged || v.status === 'published').map(serializeVersion) };
  });

  app.get(`${api}/blocklets/:did/downloads`, async (request) => {
    const { did } = parseWith(didParams, request.params, 'params');
    const { days } = parseWith(downloadsQuery, request.query, 'query');
    const { blocklet } = await visible(request, did);
    return { total: blocklet.downloads, dataList: await downloadsByDay(ctx.db, blocklet.id, days) };
  });

  app.get(`${api}/blocklets/:did/:version/:file`, async (request, reply) => {
    const { did, version, file } = parseWith(downloadParams, request.params, 'params');
    const { blocklet, row, shared } = await downloadableBundle(ctx, request, did, version, file);
    if (!(await ctx.storage.inPlace(row.storagePath, row.size))) throw ApiError.notFound('No such bundle');
    if (row.status === 'published') await countDownload(ctx.db, blocklet.id);
    return reply
      .type('application/gzip')
      .header('content-length', String(row.size))
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('x-content-type-options', 'nosniff')
      .header('x-bundle-sha512', row.sha512)
      .header('cache-control', shared ? 'public, max-age=300' : 'private, no-store')
      .send(ctx.storage.open(row.storagePath));
  });
}
