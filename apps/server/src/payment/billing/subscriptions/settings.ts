import type { Config } from '../../../core/config.js';
import type { DunningSettings } from './schedule.js';

/** The dunning settings of this install (BILLING_RETRY_DAYS, BILLING_PAST_DUE_GRACE_DAYS, BILLING_PAST_DUE_ACTION). */
export function dunningOf(
  config: Pick<Config, 'BILLING_RETRY_DAYS' | 'BILLING_PAST_DUE_GRACE_DAYS' | 'BILLING_PAST_DUE_ACTION'>,
): DunningSettings {
  return {
    retryDays: config.BILLING_RETRY_DAYS,
    graceDays: config.BILLING_PAST_DUE_GRACE_DAYS,
    action: config.BILLING_PAST_DUE_ACTION,
  };
}
