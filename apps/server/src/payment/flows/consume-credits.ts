// Credit consumption by meter events of credit meters: wired in step 3 (credits module).
import type { ConsumeCredits } from '../meters/index.js';
import type { PaymentContext } from '../shared/context.js';

export function consumeCredits(_ctx: PaymentContext): ConsumeCredits | null {
  return null;
}
