import { storeConsoleRoutes as r, type StoreAccess } from '@payshelf/api';
import { eq } from 'drizzle-orm';
import { ApiError } from '../../core/http/errors.js';
import type { Mount } from '../../core/http/route-kit.js';
import { storeError } from '../errors.js';
import { storeBlocklets, storeCategories } from '../../db/schema/index.js';
import { consolePage } from '../console-list.js';
import { newId } from '../../payment/shared/ids.js';
import type { StoreContext } from '../context.js';
import { findBlocklet, type StoreBlockletRow } from '../repo.js';
import { adminReview } from '../review/service.js';
import { serializeCategory } from '../serialize.js';
import { readSettings, writeSettings } from '../settings.js';
import { ownedView, ownedViews } from './owned.js';
import { signedIn, type StoreCaller } from './kit.js';

/**
 * Admin console API (every entry's access is `storeAdmin`: the platform's owner and admin roles only,
 * never an organisation member or a header): every application, the review queue and actions,
 * blocking, categories, settings.
 */
export function consoleRoutes(mount: Mount<StoreAccess, StoreCaller>, ctx: StoreContext): void {
  mount(r.list, async ({ query }) => {
    const { rows, total } = await consolePage(ctx.db, query);
    return { dataList: await ownedViews(ctx, rows), total, page: query.page, pageSize: query.pageSize };
  });

  async function target(did: string) {
    const blocklet = await findBlocklet(ctx.db, did);
    if (!blocklet) throw storeError('store_blocklet_missing', {});
    return blocklet;
  }
  const fresh = async (blocklet: StoreBlockletRow) =>
    ownedView(ctx, (await findBlocklet(ctx.db, blocklet.did)) ?? blocklet);

  mount(r.block, async ({ params, body }) => {
    const blocklet = await target(params.did);
    await ctx.db
      .update(storeBlocklets)
      .set({ status: 'blocked', blockReason: body.reason, updatedAt: new Date() })
      .where(eq(storeBlocklets.id, blocklet.id));
    return fresh(blocklet);
  });

  mount(r.unblock, async ({ params }) => {
    const blocklet = await target(params.did);
    await ctx.db
      .update(storeBlocklets)
      .set({ status: 'normal', blockReason: null, updatedAt: new Date() })
      .where(eq(storeBlocklets.id, blocklet.id));
    return fresh(blocklet);
  });

  mount(r.update, async ({ params, body }) => {
    const blocklet = await target(params.did);
    if (body.category) {
      const [category] = await ctx.db
        .select()
        .from(storeCategories)
        .where(eq(storeCategories.id, body.category));
      if (!category) throw ApiError.of('store_category_missing', {}, { param: 'category' });
    }
    await ctx.db
      .update(storeBlocklets)
      .set({
        ...(body.category !== undefined ? { categoryId: body.category } : {}),
        ...(body.reviewType ? { reviewType: body.reviewType } : {}),
        updatedAt: new Date(),
      })
      .where(eq(storeBlocklets.id, blocklet.id));
    return fresh(blocklet);
  });

  mount(r.review, async ({ params, body, caller }) => {
    const blocklet = await target(params.did);
    await adminReview(ctx, signedIn(caller), blocklet.did, body);
    return fresh(blocklet);
  });

  mount(r.categories, async () => {
    const rows = await ctx.db.select().from(storeCategories).orderBy(storeCategories.name);
    return { dataList: rows.map(serializeCategory) };
  });

  mount(r.createCategory, async ({ body }) => {
    const [row] = await ctx.db
      .insert(storeCategories)
      .values({ id: newId('cat'), name: body.name, nameEn: body.locales.en, nameZh: body.locales.zh })
      .onConflictDoNothing()
      .returning();
    if (!row) throw ApiError.of('store_category_exists', { name: body.name }, { status: 409 });
    return serializeCategory(row);
  });

  mount(r.renameCategory, async ({ params, body }) => {
    const [row] = await ctx.db
      .update(storeCategories)
      .set({ nameEn: body.locales.en, nameZh: body.locales.zh })
      .where(eq(storeCategories.id, params.id))
      .returning();
    if (!row) throw ApiError.of('store_category_not_found', {});
    return serializeCategory(row);
  });

  // Deleting a category leaves its applications uncategorised (the foreign key sets them to null).
  mount(r.deleteCategory, async ({ params }) => {
    const [row] = await ctx.db.delete(storeCategories).where(eq(storeCategories.id, params.id)).returning();
    if (!row) throw ApiError.of('store_category_not_found', {});
    return { id: row.id, deleted: true as const };
  });

  mount(r.settings, async () => readSettings(ctx.db));

  mount(r.writeSettings, async ({ body }) => writeSettings(ctx.db, body));
}
