import type { FastifyRequest } from 'fastify';
import { isStoreAdmin, type StoreContext } from '../context.js';
import { storeError } from '../errors.js';
import {
  findBlocklet,
  findVersion,
  viewByDid,
  type BlockletView,
  type StoreBlockletRow,
  type StoreVersionRow,
} from '../repo.js';

export const hiddenBlocklet = () => storeError('store_blocklet_missing', {});

/** Listed: a published version, not blocked, public. Anyone may see a listed application. */
export function isListed(blocklet: StoreBlockletRow): boolean {
  return (
    blocklet.currentVersionId !== null && blocklet.status === 'normal' && blocklet.permission === 'public'
  );
}

/**
 * The application `did` as `request`'s user may see it: listed applications for anyone; private,
 * blocked and unpublished ones only for their owner and the store admins. Everyone else gets 404,
 * as if it did not exist.
 */
export async function visibleBlocklet(
  ctx: StoreContext,
  request: FastifyRequest,
  did: string,
): Promise<{ blocklet: StoreBlockletRow; privileged: boolean }> {
  const blocklet = await findBlocklet(ctx.db, did);
  if (!blocklet) throw hiddenBlocklet();
  const user = await ctx.user(request);
  const privileged = user !== null && (user.did === blocklet.ownerDid || isStoreAdmin(user));
  if (!isListed(blocklet) && !privileged) throw hiddenBlocklet();
  return { blocklet, privileged };
}

/**
 * The view of `did` (one statement) as `request`'s user may see it, by the rule of `visibleBlocklet`;
 * the user is looked up only when the application is not listed.
 */
export async function visibleView(
  ctx: StoreContext,
  request: FastifyRequest,
  did: string,
): Promise<{ view: BlockletView; privileged: boolean }> {
  const view = await viewByDid(ctx.db, did);
  if (!view) throw hiddenBlocklet();
  if (isListed(view.row)) return { view, privileged: false };
  const user = await ctx.user(request);
  if (!(user !== null && (user.did === view.row.ownerDid || isStoreAdmin(user)))) throw hiddenBlocklet();
  return { view, privileged: true };
}

/**
 * A version whose files (bundle, logo, screenshots, README) `request`'s user may read: published
 * versions of public, unblocked applications for anyone; drafts, review bundles and anything of a
 * private or blocked application only for the owner and the store admins. Null otherwise.
 */
export async function readableVersion(
  ctx: StoreContext,
  request: FastifyRequest,
  did: string,
  version: string,
): Promise<{
  blocklet: StoreBlockletRow;
  row: StoreVersionRow;
  shared: boolean;
  privileged: boolean;
} | null> {
  const seen = await visibleBlocklet(ctx, request, did).catch(() => null);
  if (!seen) return null;
  const { blocklet, privileged } = seen;
  const row = await findVersion(ctx.db, blocklet.id, version);
  if (!row) return null;
  const open = blocklet.status === 'normal' && blocklet.permission === 'public' && row.status === 'published';
  if (!open && !privileged) return null;
  // `shared`: the same answer for everyone, so shared caches may keep it; `privileged`: the owner or an admin.
  return { blocklet, row, shared: open, privileged };
}
