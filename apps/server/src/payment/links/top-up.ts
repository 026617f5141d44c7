// The credit top-up link of a credit currency: the newest active payment link of the mode selling a
// price whose `metadata.credit_config.currency_id` is that currency (what the insufficient-credit
// dialog's "Top up" opens).
import { sql } from 'drizzle-orm';
import type { DbLike } from '../shared/db.js';

export async function topUpLinkFor(
  db: DbLike,
  livemode: boolean,
  currencyId: string,
): Promise<string | null> {
  const rows = await db.execute<{ id: string }>(sql`
    SELECT pl.id FROM payment_links pl
    WHERE pl.livemode = ${livemode} AND pl.active
      AND EXISTS (
        SELECT 1 FROM jsonb_array_elements(pl.line_items) li
        JOIN prices p ON p.id = li->>'price_id'
        WHERE p.metadata->'credit_config'->>'currency_id' = ${currencyId})
    ORDER BY pl.created_at DESC, pl.id DESC
    LIMIT 1`);
  return rows.rows[0]?.id ?? null;
}
