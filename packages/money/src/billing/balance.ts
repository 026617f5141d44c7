// A customer's credit balance applied to an invoice total (Stripe's customer balance, with the sign
// flipped so a credit is positive): the balance pays what it can of a positive total before anything
// is collected; a negative total (a credit invoice) adds to the balance. The balance never goes below 0.

export interface BalanceApplication {
  /** The customer's credit balance before this invoice. */
  startingBalance: bigint;
  /** Taken from the balance to pay this invoice (0 <= applied <= min(startingBalance, total)). */
  appliedBalance: bigint;
  /** Added to the balance because the invoice total is negative (-total, else 0). */
  credited: bigint;
  /** startingBalance - appliedBalance + credited. */
  endingBalance: bigint;
  /** What is left to collect: total - appliedBalance for a positive total, else 0. */
  amountDue: bigint;
}

export function applyBalance(total: bigint, balance: bigint): BalanceApplication {
  if (balance < 0n) throw new RangeError('a credit balance is never negative');
  const positive = total > 0n ? total : 0n;
  const appliedBalance = balance < positive ? balance : positive;
  const credited = total < 0n ? -total : 0n;
  return {
    startingBalance: balance,
    appliedBalance,
    credited,
    endingBalance: balance - appliedBalance + credited,
    amountDue: positive - appliedBalance,
  };
}
