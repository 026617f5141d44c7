/**
 * A product's name and description in other locales, kept in its `metadata.translations` (keyed by
 * locale, e.g. `{ "zh": { "name": "团队版", "description": "…" } }`). The product's own `name` and
 * `description` are the default (English) texts; a locale without a translation, or a translation
 * without a field, falls back to them. Locales follow the app's: `zh-CN`, `zh-TW` and `tw` read `zh`.
 */
export interface ProductTranslation {
  name?: string;
  description?: string;
}

/** The app's locale key for a browser or i18n locale: `zh`, `zh-CN`, `zh-TW` and `tw` are `zh`. */
export function localeKey(locale: string): string {
  const base = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return base === 'tw' ? 'zh' : base;
}

const field = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * The translation a product's metadata holds for a locale; fields that are not non-empty strings are
 * ignored (metadata is free JSON). Plain checks, no schema library: the checkout bundle calls it.
 */
export function productTranslationOf(metadata: unknown, locale: string): ProductTranslation | null {
  if (!metadata || typeof metadata !== 'object') return null;
  const all = (metadata as { translations?: unknown }).translations;
  if (!all || typeof all !== 'object') return null;
  const entry = (all as Record<string, unknown>)[localeKey(locale)];
  if (!entry || typeof entry !== 'object') return null;
  const { name, description } = entry as Record<string, unknown>;
  return { name: field(name), description: field(description) };
}

interface Translatable {
  name: string;
  description?: string | null;
  metadata?: unknown;
}

/** A product's name and description in `locale`, falling back to its own texts. */
export function localizedProduct(
  product: Translatable,
  locale: string,
): { name: string; description: string | null } {
  const t = productTranslationOf(product.metadata, locale);
  return { name: t?.name ?? product.name, description: t?.description ?? product.description ?? null };
}

/** What a billed line offers to name its product: the texts kept when billed, and its price's product. */
export interface NamedLine {
  billed_product?: Translatable | null;
  price?: { product?: Translatable | null } | null;
}

/**
 * The product name an invoice line shows in `locale`: from the texts kept when it was billed (so a
 * later edit of the product does not rewrite it), else, for a line written before they were kept, from
 * the price's current product; each in the locale's translation when there is one. Null when the line
 * has neither (a price deleted since): the caller falls back to the line's description or ids.
 */
export function lineProductName(line: NamedLine, locale: string): string | null {
  const product = line.billed_product ?? line.price?.product ?? null;
  return product ? localizedProduct(product, locale).name : null;
}
