import { compareSemver, type SessionUser, type UploadResult } from '@payshelf/api';
import { eq } from 'drizzle-orm';
import { ApiError } from '../core/http/errors.js';
import { storeError } from './errors.js';
import { storeBlocklets, storeVersions } from '../db/schema/index.js';
import { newId } from '../payment/shared/ids.js';
import type { InspectedUpload } from './bundle-port.js';
import type { DbLike, StoreContext } from './context.js';
import { changelogSection } from './assets/changelog.js';
import { publishVersion } from './publish.js';
import { findBlocklet, findBlockletByName, versionById, type StoreBlockletRow } from './repo.js';
import { needsReview, REVIEW_LOCKED } from './review/machine.js';
import { readSettings } from './settings.js';
import { discard } from './storage.js';

/**
 * Why `user` may not upload `version` of `blocklet` (null: allowed): someone else's application, a
 * blocked one, one with a review in progress, or a version not strictly greater than the latest.
 * Checked on the headers before the body is read, and again under the row lock after inspection.
 */
export async function uploadRefusal(
  db: DbLike,
  blocklet: StoreBlockletRow,
  user: SessionUser,
  version: string | null,
): Promise<ApiError | null> {
  if (blocklet.ownerDid !== user.did) {
    return storeError('store_not_owner', {});
  }
  if (blocklet.status === 'blocked') {
    return storeError('store_blocklet_blocked', { reason: blocklet.blockReason ?? '' });
  }
  const review = await versionById(db, blocklet.reviewVersionId);
  if (review && REVIEW_LOCKED.includes(review.status)) {
    return storeError('store_review_in_progress', { version: review.version }, 409);
  }
  const latest = await versionById(db, blocklet.latestVersionId);
  if (version && latest && compareSemver(version, latest.version) <= 0) {
    return storeError('store_version_not_greater', { version, latest: latest.version }, 409);
  }
  return null;
}

/** What an upload carries beside the bundle. */
export interface UploadExtras {
  /** The changelog given with the upload (CLI flag, form field); else the bundle's CHANGELOG.md is used. */
  changelog?: string | null;
  /** The verified signature of the bundle's sha512 (null: unsigned). */
  signature?: string | null;
  /** The blocklet meta `blocklet upload` signed (its signatures verified), kept whole for Blocklet Server. */
  blockletMeta?: Record<string, unknown> | null;
}

/**
 * Records an inspected bundle: under the application's row lock the refusals are checked again, the
 * bundle is moved into place, then the version row is inserted (a draft when it needs review, else
 * published at once). Any refusal or failure removes the bundle, so nothing is left behind.
 */
export async function recordUpload(
  ctx: StoreContext,
  user: SessionUser,
  bundle: InspectedUpload,
  source: 'web' | 'cli',
  extras: UploadExtras = {},
): Promise<UploadResult> {
  const { manifest } = bundle;
  const file = bundle.files?.changelog;
  const changelog = extras.changelog ?? (file ? changelogSection(file, manifest.version) : '');
  let placed: string | null = null;
  try {
    const status = await ctx.db.transaction(async (tx) => {
      let blocklet = await findBlocklet(tx, manifest.did, true);
      if (!blocklet) {
        const taken = await findBlockletByName(tx, manifest.name);
        if (taken) throw storeError('store_name_taken', { name: manifest.name }, 409);
        const [created] = await tx
          .insert(storeBlocklets)
          .values({
            id: newId('bl'),
            did: manifest.did,
            ownerDid: user.did,
            name: manifest.name,
            title: manifest.title,
            description: manifest.description,
            keywords: manifest.keywords,
            source,
          })
          .onConflictDoNothing()
          .returning();
        if (!created) throw ApiError.of('store_upload_in_progress', {}, { status: 409 });
        blocklet = created;
      } else {
        const refusal = await uploadRefusal(tx, blocklet, user, manifest.version);
        if (refusal) throw refusal;
        if (manifest.name !== blocklet.name) {
          throw ApiError.of(
            'store_name_changed',
            { name: blocklet.name, manifest: manifest.name },
            { param: 'name' },
          );
        }
      }
      const settings = await readSettings(tx);
      const review = needsReview({
        reviewRequired: settings.reviewRequired,
        reviewType: blocklet.reviewType,
        hasPublishedVersion: blocklet.currentVersionId !== null,
      });
      const relative = ctx.storage.pathOf(blocklet.did, manifest.version);
      await ctx.storage.place(bundle.tempPath, relative);
      placed = relative;
      const [version] = await tx
        .insert(storeVersions)
        .values({
          id: newId('blv'),
          blockletId: blocklet.id,
          version: manifest.version,
          status: 'draft',
          manifest: { ...manifest },
          changelog,
          signature: extras.signature ?? null,
          blockletMeta: extras.blockletMeta ?? null,
          size: bundle.size,
          sha512: bundle.sha512,
          storagePath: relative,
          uploadedBy: user.did,
        })
        .returning();
      if (!version) throw new Error('version insert failed');
      await tx
        .update(storeBlocklets)
        .set({ latestVersionId: version.id, draftVersionId: version.id, updatedAt: new Date() })
        .where(eq(storeBlocklets.id, blocklet.id));
      if (review) return 'uploaded' as const;
      await publishVersion(tx, ctx.storage, { ...blocklet, draftVersionId: version.id }, version);
      return 'published' as const;
    });
    return {
      did: manifest.did,
      name: manifest.name,
      version: manifest.version,
      status,
      size: bundle.size,
      sha512: bundle.sha512,
    };
  } catch (err) {
    if (placed) await ctx.storage.remove(placed);
    throw err;
  } finally {
    await discard(bundle.tempPath);
  }
}
