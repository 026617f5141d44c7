// The allowance offer: the ERC-20 approve a wallet signs so that renewals are pulled (transferFrom)
// from it, for `periods` paid billing periods of `perPeriod`, computed exactly (@payshelf/money).
import type { AllowanceOffer } from '@payshelf/api';
import { allowanceSpan, subscriptionAllowance, type RecurringInterval } from '@payshelf/money';
import type { PayingWith } from './rail.js';

export interface AllowancePlan {
  perPeriod: bigint;
  periods: number;
  interval: RecurringInterval;
  intervalCount: number;
  /** What today's payment pulls from the same allowance (0 when the wallet sends it). */
  pulledToday?: bigint;
}

/** The offer for `plan` on the currency `paying` pays in; null where nothing can be delegated (native coin). */
export async function allowanceOfferFor(
  paying: PayingWith,
  plan: AllowancePlan,
): Promise<AllowanceOffer | null> {
  if (!paying.asset.contract || plan.perPeriod <= 0n) return null;
  const amount = subscriptionAllowance({
    perPeriod: plan.perPeriod,
    periods: plan.periods,
    pulledToday: plan.pulledToday ?? 0n,
  });
  const request = await paying.rail.prepareMandate(paying.asset, amount);
  // The approve's call data: 4-byte selector, then the spender as a 32-byte word (address in its last 20).
  const spender = `0x${request.data.slice(2 + 8 + 24, 2 + 8 + 64)}`.toLowerCase();
  return {
    amount: amount.toString(),
    per_period: plan.perPeriod.toString(),
    periods: plan.periods,
    span: allowanceSpan(plan.interval, plan.intervalCount, plan.periods),
    currency_id: paying.currency.id,
    spender,
    request: {
      chainId: request.chainId,
      to: request.to,
      value: request.value.toString(),
      data: request.data,
    },
  };
}
