// The product texts an invoice line keeps from when it was billed (packages/api `billedProduct`): its
// price's product name, description and `metadata.translations`, copied into the line's metadata once,
// right after the lines are written, so a later edit of the product never changes what a customer was
// billed for. The serializer and the PDF read them back; lines from before they were kept have none.
import { billedProduct, type BilledProduct } from '@payshelf/api';
import { sql } from 'drizzle-orm';
import type { DbLike } from '../shared/db.js';

/**
 * The `{billed_product: …}` object kept on a line, built in SQL from the products row `p` (a batch
 * renewal writes it with the lines themselves; keepBilledProducts adds it to lines already written).
 */
export function billedProductJsonSql(p: string): string {
  return `jsonb_build_object('billed_product', jsonb_build_object(
      'name', ${p}.name,
      'description', ${p}.description,
      'metadata', jsonb_strip_nulls(jsonb_build_object('translations', ${p}.metadata -> 'translations'))))`;
}

/** Copies each priced line's product texts onto the lines of `invoiceIds` (one statement). */
export async function keepBilledProducts(tx: DbLike, invoiceIds: readonly string[]): Promise<void> {
  if (invoiceIds.length === 0) return;
  await tx.execute(sql`
    update invoice_items ii
    set metadata = ii.metadata || ${sql.raw(billedProductJsonSql('p'))}
    from prices pr join products p on p.id = pr.product_id
    where ii.invoice_id = any(${sql.param([...invoiceIds])}::text[])
      and pr.id = ii.price_id
      and ii.metadata -> 'billed_product' is null`);
}

/** The kept texts of a line's metadata, or null (an older line, or metadata that does not fit). */
export function billedProductOf(metadata: unknown): BilledProduct | null {
  if (!metadata || typeof metadata !== 'object') return null;
  const parsed = billedProduct.safeParse((metadata as Record<string, unknown>).billed_product);
  return parsed.success ? parsed.data : null;
}
