// The allowance offer: the ERC-20 approve a wallet signs so that renewals are pulled (transferFrom)
// from it, for `periods` paid billing periods of `perPeriod`, computed exactly (@payshelf/money).
import type { AllowanceOffer } from '@payshelf/api';
import { allowanceSpan, subscriptionAllowance, type RecurringInterval } from '@payshelf/money';
import { decodeFunctionData, erc20Abi } from 'viem';
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
export async function allowanceOfferFor(paying: PayingWith, plan: AllowancePlan): Promise<AllowanceOffer | null> {
  if (!paying.asset.contract || plan.perPeriod <= 0n) return null;
  const amount = subscriptionAllowance({
    perPeriod: plan.perPeriod,
    periods: plan.periods,
    pulledToday: plan.pulledToday ?? 0n,
  });
  const request = await paying.rail.prepareDelegation(paying.asset, amount);
  const { args } = decodeFunctionData({ abi: erc20Abi, data: request.data as `0x${string}` });
  const spender = typeof args?.[0] === 'string' ? args[0] : '';
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
