import { storeDeveloperRoutes as r, type StoreAccess } from '@payshelf/api';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Mount } from '../../core/http/route-kit.js';
import { storeError } from '../errors.js';
import { storeBlocklets } from '../../db/schema/index.js';
import { isStoreAdmin, type StoreContext } from '../context.js';
import { commentsOf, findBlocklet, versionsOf } from '../repo.js';
import { addComment, ownerReview } from '../review/service.js';
import { serializeComment } from '../serialize.js';
import { createToken, listTokens, revokeToken } from '../tokens/service.js';
import { createPlaceholder } from '../create.js';
import { signedIn, type StoreCaller } from './kit.js';
import { owned, ownedView, ownedViews } from './owned.js';
import { uploadRoutes } from './upload-route.js';

/**
 * Developer API: upload, own applications and their reviews, access tokens. The gate (routes/kit.ts)
 * lets in a developer by session, or by access token where the entry's access is `developerOrToken`
 * (the CLI's uploads and reads).
 */
export function developerRoutes(
  app: FastifyInstance,
  mount: Mount<StoreAccess, StoreCaller>,
  ctx: StoreContext,
): void {
  uploadRoutes(app, mount, ctx);

  mount(r.whoami, async ({ caller }) => {
    const user = signedIn(caller);
    return { did: user.did, fullName: user.fullName, tokenName: caller.tokenName };
  });

  mount(r.mine, async ({ caller }) => {
    const rows = await ctx.db
      .select()
      .from(storeBlocklets)
      .where(eq(storeBlocklets.ownerDid, signedIn(caller).did))
      .orderBy(desc(storeBlocklets.updatedAt));
    return { dataList: await ownedViews(ctx, rows) };
  });

  // An application created from the web before its first upload (no version yet, not listed).
  mount(r.create, async ({ caller, body }) =>
    ownedView(ctx, await createPlaceholder(ctx.db, signedIn(caller), body)),
  );

  mount(r.one, async ({ caller, params }) => ownedView(ctx, await owned(ctx, signedIn(caller), params.did)));

  mount(r.update, async ({ caller, params, body }) => {
    const user = signedIn(caller);
    const blocklet = await owned(ctx, user, params.did);
    if (body.permission) {
      await ctx.db
        .update(storeBlocklets)
        .set({ permission: body.permission, updatedAt: new Date() })
        .where(eq(storeBlocklets.id, blocklet.id));
    }
    return ownedView(ctx, await owned(ctx, user, params.did));
  });

  for (const [entry, action] of [
    [r.requestReview, 'request'],
    [r.cancelReview, 'cancel'],
  ] as const) {
    mount(entry, async ({ caller, params, body }) => {
      const user = signedIn(caller);
      await ownerReview(ctx, user, params.did, body.version, action);
      return ownedView(ctx, await owned(ctx, user, params.did));
    });
  }

  // The review thread: the owner replies, an admin comments; both read it.
  mount(r.comments, async ({ caller, params }) => {
    const user = signedIn(caller);
    const blocklet = await findBlocklet(ctx.db, params.did);
    if (!blocklet || (blocklet.ownerDid !== user.did && !isStoreAdmin(user)))
      throw storeError('store_blocklet_missing', {});
    const versions = await versionsOf(ctx.db, blocklet.id);
    const rows = await commentsOf(
      ctx.db,
      versions.map((v) => v.id),
    );
    return {
      dataList: rows.map((c) =>
        serializeComment(c, versions.find((v) => v.id === c.versionId)?.version ?? ''),
      ),
    };
  });

  mount(r.comment, async ({ caller, params, body }) => {
    const user = signedIn(caller);
    const row = await addComment(ctx, user, isStoreAdmin(user), params.did, body.version, body.body);
    return serializeComment(row, body.version);
  });

  mount(r.tokens, async ({ caller }) => ({ dataList: await listTokens(ctx.db, signedIn(caller)) }));

  mount(r.createToken, async ({ caller, body }) => createToken(ctx.db, signedIn(caller), body.name));

  mount(r.revokeToken, async ({ caller, params }) => revokeToken(ctx.db, signedIn(caller), params.id));
}
