import type { PaymentExpectation } from '../../rails/types.js';
import type { IntentRow, PayingWith } from '../intents/index.js';

/** What the rail holds a transfer against: the intent's own frozen amount and asset, never the session. */
export function expectationOf(intent: IntentRow, paying: PayingWith, payer?: string): PaymentExpectation {
  return { reference: intent.id, asset: paying.asset, amount: intent.amount, ...(payer ? { payer } : {}) };
}
