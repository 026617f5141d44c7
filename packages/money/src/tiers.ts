// Tiered pricing (Stripe's model): graduated charges each tier's units at that tier's rate; volume
// charges every unit at the rate of the tier the total quantity falls in.

import { PriceTiersError } from './errors.js';
import type { PriceTier, TiersMode } from './price.js';

/**
 * Tiers sorted by up_to with the open-ended tier last. Rejects an empty list, non-positive or
 * repeated bounds, more than one open-ended tier and negative amounts.
 */
export function sortTiers(tiers: readonly PriceTier[]): PriceTier[] {
  if (tiers.length === 0) throw new PriceTiersError('no tiers');
  const sorted = [...tiers].sort((a, b) => {
    if (a.up_to === b.up_to) return 0;
    if (a.up_to === null) return 1;
    if (b.up_to === null) return -1;
    return a.up_to < b.up_to ? -1 : 1;
  });
  let previous = 0n;
  sorted.forEach((tier, index) => {
    if (tier.unit_amount < 0n || tier.flat_amount < 0n) throw new PriceTiersError('negative amount');
    if (tier.up_to === null) {
      if (index !== sorted.length - 1) throw new PriceTiersError('more than one open-ended tier');
      return;
    }
    if (tier.up_to <= previous) throw new PriceTiersError('tier bounds must be positive and increasing');
    previous = tier.up_to;
  });
  return sorted;
}

function assertQuantity(quantity: number): bigint {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`quantity must be a non-negative integer, got ${quantity}`);
  }
  return BigInt(quantity);
}

/**
 * Amount for `quantity` units. A quantity of 0 costs 0 in both modes (no flat fee for buying nothing).
 * A quantity beyond the last bounded tier when there is no open-ended tier is PRICE_TIERS_INVALID.
 */
export function tieredAmount(tiers: readonly PriceTier[], mode: TiersMode, quantity: number): bigint {
  const wanted = assertQuantity(quantity);
  const sorted = sortTiers(tiers);
  if (wanted === 0n) return 0n;
  const last = sorted[sorted.length - 1];
  if (last && last.up_to !== null && wanted > last.up_to) {
    throw new PriceTiersError('quantity beyond the last tier');
  }

  if (mode === 'volume') {
    const tier = sorted.find((candidate) => candidate.up_to === null || wanted <= candidate.up_to);
    if (!tier) throw new PriceTiersError('quantity beyond the last tier');
    return wanted * tier.unit_amount + tier.flat_amount;
  }

  let total = 0n;
  let floor = 0n;
  for (const tier of sorted) {
    const ceiling = tier.up_to === null || tier.up_to > wanted ? wanted : tier.up_to;
    const units = ceiling - floor;
    if (units <= 0n) break;
    total += units * tier.unit_amount + tier.flat_amount;
    floor = ceiling;
  }
  return total;
}
