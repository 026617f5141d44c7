import { tryParseAmount } from '@payshelf/money';

/**
 * The refund a form asks for: empty means the whole refundable rest (sent without `amount`); else an
 * exact amount in smallest units, above 0 and at most `max`. null when the text is not such an amount.
 */
export function refundUnits(text: string, decimals: number, max: bigint): { amount?: string } | null {
  if (text.trim() === '') return max > 0n ? {} : null;
  const parsed = tryParseAmount(text, decimals, decimals);
  if (!parsed.ok || parsed.units <= 0n || parsed.units > max) return null;
  return { amount: parsed.units.toString() };
}

/** What is left to refund of a payment: received minus refunds not failed or canceled. */
export function refundableOf(
  received: string,
  refunds: ReadonlyArray<{ payment_intent_id: string; amount: string; status: string }>,
  intentId: string,
): bigint {
  const asked = refunds
    .filter((r) => r.payment_intent_id === intentId && r.status !== 'failed' && r.status !== 'canceled')
    .reduce((s, r) => s + BigInt(r.amount), 0n);
  const left = BigInt(received) - asked;
  return left > 0n ? left : 0n;
}
