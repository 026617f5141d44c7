import type {
  BlockletDetail,
  BlockletSummary,
  BlockletVersion,
  Category,
  OwnedBlocklet,
  ReviewComment,
  VersionDetail,
} from '@payshelf/api';
import type { StoreCategoryRow, StoreVersionRow } from '../db/schema/index.js';
import { renderReadme } from './assets/readme.js';
import { blockletMetaOf, distOf } from './blocklet/meta.js';
import type { BlockletView } from './repo.js';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function serializeCategory(row: StoreCategoryRow): Category {
  return { id: row.id, name: row.name, locales: { en: row.nameEn, zh: row.nameZh } };
}

/** The download path of a version's bundle, under the store's API prefix. */
export function downloadPath(mount: string, did: string, name: string, version: string): string {
  return `${mount}/api/blocklets/${did}/${encodeURIComponent(version)}/${encodeURIComponent(name)}-${encodeURIComponent(version)}.tgz`;
}

/**
 * `origin` (scheme and host of the store, '' when unknown) makes `dist.tarball` absolute, as Blocklet
 * Server needs it; `download_url` stays a path under the mount point.
 */
export function serializeSummary(view: BlockletView, mount: string, origin = ''): BlockletSummary {
  const { row, current } = view;
  return {
    did: row.did,
    name: row.name,
    title: row.title,
    description: row.description,
    keywords: row.keywords,
    category: view.category ? serializeCategory(view.category) : null,
    price:
      row.priceAmount && row.priceCurrency ? { amount: row.priceAmount, currency: row.priceCurrency } : null,
    version: current?.version ?? null,
    downloads: row.downloads,
    owner: { did: row.ownerDid, fullName: view.ownerName },
    permission: row.permission,
    status: row.status,
    updated_at: row.updatedAt.toISOString(),
    published_at: iso(row.publishedAt),
    download_url: current ? downloadPath(mount, row.did, row.name, current.version) : null,
    dist: current ? distOf(`${origin}${mount}`, row.did, row.name, current) : null,
  };
}

/**
 * The `blocklet.json` of `shown` (the current version, or another the caller may see): its blocklet
 * meta at the top level (what Blocklet Server validates; the meta's own fields win over the summary's
 * same-named ones), and the store's summary fields beside it.
 */
export function serializeDetail(
  view: BlockletView,
  shown: StoreVersionRow,
  mount: string,
  origin = '',
): BlockletDetail {
  const summary = serializeSummary(view, mount, origin);
  const meta = shown.manifest;
  const dependencies = Array.isArray(meta.dependencies) ? (meta.dependencies as unknown[]) : [];
  const blocklet = blockletMetaOf(view, shown, `${origin}${mount}`);
  return {
    ...summary,
    ...blocklet,
    // Blocklet Server requires the owner's name to be non-empty.
    owner: { did: summary.owner.did, fullName: summary.owner.fullName || summary.owner.did },
    did: view.row.did,
    name: view.row.name,
    title: typeof blocklet.title === 'string' && blocklet.title !== '' ? blocklet.title : summary.title,
    description: typeof blocklet.description === 'string' ? blocklet.description : summary.description,
    keywords: summary.keywords,
    dist: distOf(`${origin}${mount}`, view.row.did, view.row.name, shown),
    version: shown.version,
    download_url: downloadPath(mount, view.row.did, view.row.name, shown.version),
    meta,
    dependencies,
  };
}

export function serializeVersion(row: StoreVersionRow): BlockletVersion {
  const { logo, screenshots } = row.manifest;
  return {
    version: row.version,
    status: row.status,
    changelog: row.changelog,
    changelog_html: row.changelog ? renderReadme(row.changelog) : '',
    size: row.size,
    sha512: row.sha512,
    signed: row.signature !== null,
    logo: typeof logo === 'string' && logo !== '',
    screenshots: Array.isArray(screenshots) ? screenshots.length : 0,
    created_at: row.createdAt.toISOString(),
    published_at: iso(row.publishedAt),
  };
}

export function serializeVersionDetail(row: StoreVersionRow): VersionDetail {
  return {
    ...serializeVersion(row),
    pending_at: iso(row.pendingAt),
    in_review_at: iso(row.inReviewAt),
    approved_at: iso(row.approvedAt),
    rejected_at: iso(row.rejectedAt),
    cancelled_at: iso(row.cancelledAt),
    in_review_by: row.inReviewBy,
    approved_by: row.approvedBy,
    rejected_by: row.rejectedBy,
  };
}

export function serializeOwned(
  view: BlockletView,
  versions: StoreVersionRow[],
  mount: string,
): OwnedBlocklet {
  const byId = (id: string | null) => versions.find((v) => v.id === id) ?? null;
  const review = byId(view.row.reviewVersionId);
  return {
    ...serializeSummary(view, mount),
    review_type: view.row.reviewType,
    block_reason: view.row.blockReason,
    source: view.row.source,
    latest_version: byId(view.row.latestVersionId)?.version ?? null,
    draft_version: byId(view.row.draftVersionId)?.version ?? null,
    review_version: review?.version ?? null,
    review_status: review?.status ?? null,
    versions: versions.map(serializeVersionDetail),
  };
}

export function serializeComment(
  row: {
    id: string;
    authorDid: string;
    authorRole: ReviewComment['author']['role'];
    action: ReviewComment['action'];
    body: string;
    createdAt: Date;
  },
  version: string,
): ReviewComment {
  return {
    id: row.id,
    version,
    author: { did: row.authorDid, role: row.authorRole },
    action: row.action,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}
