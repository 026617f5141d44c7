// A payment provider's webhook in payment words: the rail of the method it names reads it (signature
// checked over the exact bytes, once per event id) and answers what it means for a payment.
import type { RailEventOutcome } from '../../rails/plugin.js';
import { getMethod } from '../methods/index.js';
import type { PaymentContext } from '../shared/context.js';

export type { RailEventOutcome };

/** What the provider's event says, or null when the method does not exist (in either mode). */
export async function readRailEvent(
  ctx: PaymentContext,
  methodId: string,
  raw: string,
  signature: string | null,
): Promise<RailEventOutcome | null> {
  const method = (await getMethod(ctx.db, methodId, true)) ?? (await getMethod(ctx.db, methodId, false));
  if (!method) return null;
  return ctx.services.rails.webhook(method, { raw, signature });
}
