import { eq, sql } from 'drizzle-orm';
import { storeBlocklets, storeVersions } from '../db/schema/index.js';
import { ApiError } from '../core/http/errors.js';
import type { Tx } from './context.js';
import type { StoreBlockletRow, StoreVersionRow } from './repo.js';
import { transition } from './review/machine.js';
import { documentSql, documentTexts } from './search/document.js';
import type { BundleStorage } from './storage.js';

interface ManifestFacts {
  title: string;
  description: string;
  keywords: string[];
  price: { amount: string; currency: string } | null;
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/** The fields the store lists and searches, read from a validated manifest. */
export function manifestFacts(manifest: Record<string, unknown>, name: string): ManifestFacts {
  const keywords = Array.isArray(manifest.keywords)
    ? manifest.keywords.filter((k): k is string => typeof k === 'string')
    : [];
  const price = manifest.price as { amount?: unknown; currency?: unknown } | undefined;
  return {
    title: text(manifest.title, name),
    description: text(manifest.description, ''),
    keywords,
    price:
      price && typeof price.amount === 'string' && typeof price.currency === 'string'
        ? { amount: price.amount, currency: price.currency }
        : null,
  };
}

/** The weighted search document of an application's name and manifest, as bound values. */
function searchDocument(name: string, facts: ManifestFacts) {
  const t = documentTexts(name, facts);
  return {
    search: documentSql({
      title: sql`${t.title}`,
      nameAndKeywords: sql`${t.nameAndKeywords}`,
      description: sql`${t.description}`,
      cjkTitle: sql`${t.cjkTitle}`,
      cjkDescription: sql`${t.cjkDescription}`,
    }),
    searchText: t.searchText,
  };
}

/**
 * Publishes `version` (an approved version, or a draft that needs no review) inside the caller's
 * transaction: refused unless its bundle is in place with the recorded size; then the version is
 * `published` and becomes the application's current one, with its metadata listed and searchable.
 */
export async function publishVersion(
  tx: Tx,
  storage: BundleStorage,
  blocklet: StoreBlockletRow,
  version: StoreVersionRow,
): Promise<void> {
  const step = transition(version.status, 'publish', 'system');
  if (!step.ok) throw ApiError.of('store_publish_refused', { version: version.version }, { status: 409 });
  if (!(await storage.inPlace(version.storagePath, version.size))) {
    throw ApiError.of('store_bundle_not_in_place', {});
  }
  const now = new Date();
  await tx
    .update(storeVersions)
    .set({ status: 'published', publishedAt: now })
    .where(eq(storeVersions.id, version.id));
  const facts = manifestFacts(version.manifest, blocklet.name);
  await tx
    .update(storeBlocklets)
    .set({
      currentVersionId: version.id,
      title: facts.title,
      description: facts.description,
      keywords: facts.keywords,
      priceAmount: facts.price?.amount ?? null,
      priceCurrency: facts.price?.currency ?? null,
      ...searchDocument(blocklet.name, facts),
      publishedAt: now,
      updatedAt: now,
      draftVersionId: blocklet.draftVersionId === version.id ? null : blocklet.draftVersionId,
      reviewVersionId: blocklet.reviewVersionId === version.id ? null : blocklet.reviewVersionId,
    })
    .where(eq(storeBlocklets.id, blocklet.id));
}
