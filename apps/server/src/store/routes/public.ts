import { storePublicRoutes as r, type BlockletList, type StoreAccess } from '@payshelf/api';
import { asc } from 'drizzle-orm';
import { ApiError } from '../../core/http/errors.js';
import type { Mount } from '../../core/http/route-kit.js';
import { SerializedAnswer } from '../../core/http/serialized.js';
import { storeCategories } from '../../db/schema/index.js';
import { downloadableBundle } from '../bundle-access.js';
import type { StoreContext } from '../context.js';
import { countDownload, downloadsByDay, versionById, versionsOf } from '../repo.js';
import { listPublic } from '../search/list.js';
import { serializeCategory, serializeDetail, serializeSummary, serializeVersion } from '../serialize.js';
import { readSettings } from '../settings.js';
import type { StoreCaller } from './kit.js';
import { publicOrigin } from '../origin.js';
import { hiddenBlocklet as hidden, readableVersion, visibleBlocklet, visibleView } from './visibility.js';

/**
 * What anyone may read: listed applications (a published version, not blocked, public) and their
 * published versions. An application's owner and the store admins also see its private, blocked,
 * draft and in-review states; to everyone else those answer 404, as if they did not exist.
 */
export function publicRoutes(mount: Mount<StoreAccess, StoreCaller>, ctx: StoreContext): void {
  mount(r.info, async () => {
    const settings = await readSettings(ctx.db);
    const mb = ctx.services.config.STORE_MAX_BUNDLE_MB;
    return {
      id: ctx.services.config.STORE_ID ?? 'payshelf-store',
      name: ctx.services.config.APP_NAME,
      // The blocklet CLI parses this size string (binary units: "100 MiB" is exactly the byte limit).
      maxBundleSize: `${mb} MiB`,
      maxBundleBytes: mb * 1024 * 1024,
      reviewRequired: settings.reviewRequired,
    };
  });

  // The same answer for every visitor: served from the in-process cache as JSON text.
  mount(r.list, async ({ query, request }) => {
    const origin = publicOrigin(ctx, request);
    const text = await ctx.listCache.get(JSON.stringify([origin, query]), async () => {
      const { rows, total, totalExact } = await listPublic(ctx.db, query);
      const body: BlockletList = {
        dataList: rows.map((v) => serializeSummary(v, ctx.mount, origin)),
        total,
        totalExact,
        page: query.page,
        pageSize: query.pageSize,
      };
      return JSON.stringify(body);
    });
    return new SerializedAnswer(text);
  });

  mount(r.categories, async () => {
    const rows = await ctx.db.select().from(storeCategories).orderBy(asc(storeCategories.name));
    return { dataList: rows.map(serializeCategory) };
  });

  mount(r.detail, async ({ params, request }) => {
    const { view, privileged } = await visibleView(ctx, request, params.did);
    // The owner and admins see the newest upload until a version is published.
    const shown = view.current ?? (privileged ? await versionById(ctx.db, view.row.latestVersionId) : null);
    if (!shown) throw hidden();
    return serializeDetail(view, shown, ctx.mount, publicOrigin(ctx, request));
  });

  // One version's blocklet.json: readable as its bundle is (published versions of listed applications
  // for anyone; every version for the owner and admins).
  mount(r.versionMeta, async ({ params, request }) => {
    const readable = await readableVersion(ctx, request, params.did, params.version);
    if (!readable) throw hidden();
    const { view } = await visibleView(ctx, request, params.did);
    return serializeDetail(view, readable.row, ctx.mount, publicOrigin(ctx, request));
  });

  mount(r.versions, async ({ params, request }) => {
    const { blocklet, privileged } = await visibleBlocklet(ctx, request, params.did);
    const rows = await versionsOf(ctx.db, blocklet.id);
    return { dataList: rows.filter((v) => privileged || v.status === 'published').map(serializeVersion) };
  });

  mount(r.downloads, async ({ params, query, request }) => {
    const { blocklet } = await visibleBlocklet(ctx, request, params.did);
    return { total: blocklet.downloads, dataList: await downloadsByDay(ctx.db, blocklet.id, query.days) };
  });

  mount(r.bundle, async ({ params, request, reply }) => {
    const { did, version, file } = params;
    const { blocklet, row, shared } = await downloadableBundle(ctx, request, did, version, file);
    if (!(await ctx.storage.inPlace(row.storagePath, row.size)))
      throw ApiError.of('store_bundle_missing', {});
    // Blocklet Server checks a tarball with HEAD first: only a GET is a download.
    if (row.status === 'published' && request.method === 'GET') await countDownload(ctx.db, blocklet.id);
    // `application/x-gzip`: the type Blocklet Server accepts for a tarball (it refuses `application/gzip`).
    return reply
      .type('application/x-gzip')
      .header('content-length', String(row.size))
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('x-content-type-options', 'nosniff')
      .header('x-bundle-sha512', row.sha512)
      .header('cache-control', shared ? 'public, max-age=300' : 'private, no-store')
      .send(ctx.storage.open(row.storagePath));
  });
}
