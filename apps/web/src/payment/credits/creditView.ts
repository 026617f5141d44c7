// What the credit pages show, as plain data: the status chip colour (granted is success, pending is
// warning, expired, depleted and voided are neutral), a grant's scope, and the balance per currency.
import type { CreditGrant, CreditGrantStatus, PaymentCurrency } from '@payshelf/api';

export type CreditChipColor = 'success' | 'warning' | 'default';

export function grantStatusColor(status: CreditGrantStatus): CreditChipColor {
  switch (status) {
    case 'granted':
      return 'success';
    case 'pending':
      return 'warning';
    case 'depleted':
    case 'expired':
    case 'voided':
      return 'default';
  }
}

/** Specific when the grant names prices (only meters those prices bill consume it), otherwise general. */
export const grantScope = (grant: CreditGrant): 'specific' | 'general' =>
  grant.applicability_config.scope.prices.length > 0 ? 'specific' : 'general';

export interface CreditBalance {
  currencyId: string;
  currency: PaymentCurrency | null;
  /** What granted grants still hold now (not expired): what the next events may consume. */
  available: bigint;
  /** What pending grants will add once they take effect. */
  upcoming: bigint;
  /** Grants counted in either. */
  grants: number;
}

/**
 * The balance per credit currency: granted grants not yet past their expiry (the expiry job may not
 * have run yet) are available; pending ones are upcoming. Other statuses hold nothing usable.
 */
export function creditBalances(grants: readonly CreditGrant[], nowMs: number): CreditBalance[] {
  const byCurrency = new Map<string, CreditBalance>();
  for (const grant of grants) {
    const expired = grant.expires_at !== null && Date.parse(grant.expires_at) <= nowMs;
    if (expired || (grant.status !== 'granted' && grant.status !== 'pending')) continue;
    const row = byCurrency.get(grant.currency_id) ?? {
      currencyId: grant.currency_id,
      currency: grant.paymentCurrency ?? null,
      available: 0n,
      upcoming: 0n,
      grants: 0,
    };
    const remaining = BigInt(grant.remaining_amount);
    if (grant.status === 'granted') row.available += remaining;
    else row.upcoming += remaining;
    row.grants += 1;
    byCurrency.set(grant.currency_id, row);
  }
  return [...byCurrency.values()].sort((a, b) =>
    (a.currency?.symbol ?? a.currencyId).localeCompare(b.currency?.symbol ?? b.currencyId),
  );
}
