import type { SessionUser } from '@payshelf/api';
import { eq, sql } from 'drizzle-orm';
import { ApiError } from '../../core/http/errors.js';
import { storeError } from '../errors.js';
import {
  storeBlocklets,
  storeCategories,
  storeReviewComments,
  storeVersions,
} from '../../db/schema/index.js';
import { newId } from '../../payment/shared/ids.js';
import type { StoreContext, Tx } from '../context.js';
import { publishVersion } from '../publish.js';
import { findBlocklet, findVersion, type StoreBlockletRow, type StoreVersionRow } from '../repo.js';
import { transition, type ReviewAction } from './machine.js';
import { notifyReview } from './notify.js';

type AdminAction = 'start' | 'approve' | 'reject';
type OwnerAction = 'request' | 'cancel';

const STAMP = {
  request: 'pendingAt',
  start: 'inReviewAt',
  approve: 'approvedAt',
  reject: 'rejectedAt',
  cancel: 'cancelledAt',
} as const;
const OPERATOR = { start: 'inReviewBy', approve: 'approvedBy', reject: 'rejectedBy' } as const;

async function locked(tx: Tx, did: string, version: string): Promise<[StoreBlockletRow, StoreVersionRow]> {
  const blocklet = await findBlocklet(tx, did, true);
  if (!blocklet) throw storeError('store_blocklet_missing', {});
  const row = await findVersion(tx, blocklet.id, version, true);
  if (!row) throw ApiError.of('store_version_missing', { version });
  return [blocklet, row];
}

function refuse(action: ReviewAction, row: StoreVersionRow): ApiError {
  return storeError(
    'store_review_transition_invalid',
    { action, version: row.version, status: row.status },
    409,
  );
}

async function note(
  tx: Tx,
  versionId: string,
  authorDid: string,
  role: 'owner' | 'reviewer' | 'system',
  action: ReviewAction,
  body = '',
) {
  await tx
    .insert(storeReviewComments)
    // The clock, not the transaction's start: an approval and its publish line keep their order.
    .values({
      id: newId('brc'),
      versionId,
      authorDid,
      authorRole: role,
      action,
      body,
      createdAt: sql`clock_timestamp()`,
    });
}

/** The owner requests review of a draft, or cancels a review (irreversibly). */
export async function ownerReview(
  ctx: StoreContext,
  user: SessionUser,
  did: string,
  version: string,
  action: OwnerAction,
) {
  return ctx.db.transaction(async (tx) => {
    const [blocklet, row] = await locked(tx, did, version);
    if (blocklet.ownerDid !== user.did) throw storeError('store_blocklet_missing', {});
    if (action === 'request' && blocklet.status === 'blocked') {
      throw storeError('store_blocklet_blocked', { reason: blocklet.blockReason ?? '' });
    }
    const step = transition(row.status, action, 'owner');
    if (!step.ok) throw refuse(action, row);
    await tx
      .update(storeVersions)
      .set({ status: step.to, [STAMP[action]]: new Date() })
      .where(eq(storeVersions.id, row.id));
    await tx
      .update(storeBlocklets)
      .set(
        action === 'request'
          ? { reviewVersionId: row.id, draftVersionId: null, updatedAt: new Date() }
          : { reviewVersionId: null, updatedAt: new Date() },
      )
      .where(eq(storeBlocklets.id, blocklet.id));
    await note(tx, row.id, user.did, 'owner', action);
    await notifyReview(ctx, tx, blocklet, row.version, action, user);
    return step.to;
  });
}

/**
 * An admin starts, approves or rejects a review. Approval may set the review type and category, and
 * publishes the version in the same transaction (only once its bundle is in place).
 */
export async function adminReview(
  ctx: StoreContext,
  admin: SessionUser,
  did: string,
  body: {
    version: string;
    action: AdminAction;
    reviewType?: 'first' | 'each' | undefined;
    category?: string | undefined;
    reason?: string | undefined;
  },
) {
  return ctx.db.transaction(async (tx) => {
    const [blocklet, row] = await locked(tx, did, body.version);
    const step = transition(row.status, body.action, 'admin');
    if (!step.ok) throw refuse(body.action, row);
    const now = new Date();
    await tx
      .update(storeVersions)
      .set({ status: step.to, [STAMP[body.action]]: now, [OPERATOR[body.action]]: admin.did })
      .where(eq(storeVersions.id, row.id));
    await note(tx, row.id, admin.did, 'reviewer', body.action, body.reason ?? '');
    await notifyReview(ctx, tx, blocklet, row.version, body.action, admin, body.reason ?? '');
    if (body.action === 'reject') {
      await tx
        .update(storeBlocklets)
        .set({ reviewVersionId: null, updatedAt: now })
        .where(eq(storeBlocklets.id, blocklet.id));
    }
    if (body.action !== 'approve') return step.to;
    const updates: Partial<StoreBlockletRow> = {};
    if (body.reviewType) updates.reviewType = body.reviewType;
    if (body.category) {
      const [category] = await tx.select().from(storeCategories).where(eq(storeCategories.id, body.category));
      if (!category) throw ApiError.of('store_category_missing', {}, { param: 'category' });
      updates.categoryId = category.id;
    }
    if (Object.keys(updates).length > 0) {
      await tx.update(storeBlocklets).set(updates).where(eq(storeBlocklets.id, blocklet.id));
    }
    await publishVersion(tx, ctx.storage, { ...blocklet, ...updates }, { ...row, status: 'approved' });
    await note(tx, row.id, admin.did, 'system', 'publish');
    return 'published' as const;
  });
}

/** A reviewer comment (admin) or developer reply (owner) on a version's review thread. */
export async function addComment(
  ctx: StoreContext,
  user: SessionUser,
  isAdmin: boolean,
  did: string,
  version: string,
  body: string,
) {
  return ctx.db.transaction(async (tx) => {
    const [blocklet, row] = await locked(tx, did, version);
    const isOwner = blocklet.ownerDid === user.did;
    if (!isOwner && !isAdmin) throw storeError('store_blocklet_missing', {});
    const action = isOwner ? 'reply' : 'comment';
    const step = transition(row.status, action, isOwner ? 'owner' : 'admin');
    if (!step.ok) throw refuse(action, row);
    const id = newId('brc');
    const [created] = await tx
      .insert(storeReviewComments)
      .values({
        id,
        versionId: row.id,
        authorDid: user.did,
        authorRole: isOwner ? 'owner' : 'reviewer',
        action,
        body,
      })
      .returning();
    if (!created) throw new Error('comment insert failed');
    await notifyReview(ctx, tx, blocklet, row.version, action, user, body);
    return created;
  });
}
