import type { OwnedBlocklet, SessionUser } from '@payshelf/api';
import type { StoreContext } from '../context.js';
import { storeError } from '../errors.js';
import { findBlocklet, versionsOfMany, viewsOf, type StoreBlockletRow } from '../repo.js';
import { serializeOwned } from '../serialize.js';

/** `did` when `user` owns it; otherwise 404, as if it did not exist. */
export async function owned(ctx: StoreContext, user: SessionUser, did: string): Promise<StoreBlockletRow> {
  const blocklet = await findBlocklet(ctx.db, did);
  if (!blocklet || blocklet.ownerDid !== user.did) throw storeError('store_blocklet_missing', {});
  return blocklet;
}

export async function ownedView(ctx: StoreContext, blocklet: StoreBlockletRow): Promise<OwnedBlocklet> {
  const [view] = await ownedViews(ctx, [blocklet]);
  if (!view) throw storeError('store_blocklet_missing', {});
  return view;
}

/** The owner's (or an admin's) views of `blocklets` in their order: two queries whatever their number. */
export async function ownedViews(ctx: StoreContext, blocklets: StoreBlockletRow[]): Promise<OwnedBlocklet[]> {
  const [views, versions] = await Promise.all([
    viewsOf(ctx.db, blocklets),
    versionsOfMany(
      ctx.db,
      blocklets.map((b) => b.id),
    ),
  ]);
  return views.map((view) => serializeOwned(view, versions.get(view.row.id) ?? [], ctx.mount));
}
