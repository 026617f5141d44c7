import {
  adminReviewBody,
  blockBody,
  blockletAdminUpdate,
  categoryCreate,
  categoryRename,
  consoleListQuery,
  storeSettingsBody,
  type ConsoleList,
  type SessionUser,
} from '@payshelf/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, parseWith } from '../../core/http/errors.js';
import { storeError } from '../errors.js';
import { storeBlocklets, storeCategories } from '../../db/schema/index.js';
import { consolePage } from '../console-list.js';
import { newId } from '../../payment/shared/ids.js';
import { isStoreAdmin, type StoreContext } from '../context.js';
import { findBlocklet } from '../repo.js';
import { adminReview } from '../review/service.js';
import { serializeCategory } from '../serialize.js';
import { readSettings, writeSettings } from '../settings.js';
import { ownedView, ownedViews } from './developer.js';
import { didParams, idParams } from './params.js';

/** Store admins: the platform's owner and admin roles only (never an organisation member or a header). */
async function admin(ctx: StoreContext, request: FastifyRequest): Promise<SessionUser> {
  const user = await ctx.user(request);
  if (!user) throw ApiError.unauthenticated();
  if (!isStoreAdmin(user)) throw ApiError.forbidden();
  return user;
}

/** Admin console API: every application, the review queue and actions, blocking, categories, settings. */
export function consoleRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const api = `${ctx.mount}/api/console`;

  app.get(`${api}/blocklets`, async (request) => {
    await admin(ctx, request);
    const query = parseWith(consoleListQuery, request.query, 'query');
    const { rows, total } = await consolePage(ctx.db, query);
    return {
      dataList: await ownedViews(ctx, rows),
      total,
      page: query.page,
      pageSize: query.pageSize,
    } satisfies ConsoleList;
  });

  async function target(request: FastifyRequest) {
    const { did } = parseWith(didParams, request.params, 'params');
    const blocklet = await findBlocklet(ctx.db, did);
    if (!blocklet) throw storeError('store_blocklet_missing', {});
    return blocklet;
  }

  app.put(`${api}/blocklets/:did/block`, async (request) => {
    await admin(ctx, request);
    const blocklet = await target(request);
    const { reason } = parseWith(blockBody, request.body, 'body');
    await ctx.db
      .update(storeBlocklets)
      .set({ status: 'blocked', blockReason: reason, updatedAt: new Date() })
      .where(eq(storeBlocklets.id, blocklet.id));
    return ownedView(ctx, (await findBlocklet(ctx.db, blocklet.did)) ?? blocklet);
  });

  app.put(`${api}/blocklets/:did/unblock`, async (request) => {
    await admin(ctx, request);
    const blocklet = await target(request);
    await ctx.db
      .update(storeBlocklets)
      .set({ status: 'normal', blockReason: null, updatedAt: new Date() })
      .where(eq(storeBlocklets.id, blocklet.id));
    return ownedView(ctx, (await findBlocklet(ctx.db, blocklet.did)) ?? blocklet);
  });

  app.put(`${api}/blocklets/:did`, async (request) => {
    await admin(ctx, request);
    const blocklet = await target(request);
    const body = parseWith(blockletAdminUpdate, request.body, 'body');
    if (body.category) {
      const [category] = await ctx.db
        .select()
        .from(storeCategories)
        .where(eq(storeCategories.id, body.category));
      if (!category) throw ApiError.badRequest('category_missing', 'No such category', 'category');
    }
    await ctx.db
      .update(storeBlocklets)
      .set({
        ...(body.category !== undefined ? { categoryId: body.category } : {}),
        ...(body.reviewType ? { reviewType: body.reviewType } : {}),
        updatedAt: new Date(),
      })
      .where(eq(storeBlocklets.id, blocklet.id));
    return ownedView(ctx, (await findBlocklet(ctx.db, blocklet.did)) ?? blocklet);
  });

  app.put(`${api}/blocklets/:did/review`, async (request) => {
    const user = await admin(ctx, request);
    const blocklet = await target(request);
    const body = parseWith(adminReviewBody, request.body, 'body');
    await adminReview(ctx, user, blocklet.did, body);
    return ownedView(ctx, (await findBlocklet(ctx.db, blocklet.did)) ?? blocklet);
  });

  app.get(`${api}/categories`, async (request) => {
    await admin(ctx, request);
    const rows = await ctx.db.select().from(storeCategories).orderBy(storeCategories.name);
    return { dataList: rows.map(serializeCategory) };
  });

  app.post(`${api}/categories`, async (request, reply) => {
    await admin(ctx, request);
    const body = parseWith(categoryCreate, request.body, 'body');
    const [row] = await ctx.db
      .insert(storeCategories)
      .values({ id: newId('cat'), name: body.name, nameEn: body.locales.en, nameZh: body.locales.zh })
      .onConflictDoNothing()
      .returning();
    if (!row) throw ApiError.conflict('category_exists', `A category named ${body.name} exists`);
    return reply.status(201).send(serializeCategory(row));
  });

  app.put(`${api}/categories/:id`, async (request) => {
    await admin(ctx, request);
    const { id } = parseWith(idParams, request.params, 'params');
    const body = parseWith(categoryRename, request.body, 'body');
    const [row] = await ctx.db
      .update(storeCategories)
      .set({ nameEn: body.locales.en, nameZh: body.locales.zh })
      .where(eq(storeCategories.id, id))
      .returning();
    if (!row) throw ApiError.notFound('No such category');
    return serializeCategory(row);
  });

  // Deleting a category leaves its applications uncategorised (the foreign key sets them to null).
  app.delete(`${api}/categories/:id`, async (request) => {
    await admin(ctx, request);
    const { id } = parseWith(idParams, request.params, 'params');
    const [row] = await ctx.db.delete(storeCategories).where(eq(storeCategories.id, id)).returning();
    if (!row) throw ApiError.notFound('No such category');
    return { id: row.id, deleted: true };
  });

  app.get(`${api}/settings`, async (request) => {
    await admin(ctx, request);
    return readSettings(ctx.db);
  });

  app.put(`${api}/settings`, async (request) => {
    await admin(ctx, request);
    return writeSettings(ctx.db, parseWith(storeSettingsBody, request.body, 'body'));
  });
}
