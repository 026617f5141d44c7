// SPEC.md sections 5 and 9: the preferred currency is remembered per user in local storage and used
// only while it is still available.

const PREFIX = 'payshelf.checkout.currency';

export function currencyStorageKey(userDid: string | undefined): string {
  return `${PREFIX}.${userDid ?? 'anonymous'}`;
}

export function readPreferredCurrency(storage: Pick<Storage, 'getItem'> | undefined, userDid?: string) {
  try {
    return storage?.getItem(currencyStorageKey(userDid)) ?? null;
  } catch {
    return null;
  }
}

export function writePreferredCurrency(
  storage: Pick<Storage, 'setItem'> | undefined,
  userDid: string | undefined,
  currencyId: string,
): void {
  try {
    storage?.setItem(currencyStorageKey(userDid), currencyId);
  } catch {
    // Private mode or a full quota: remembered for this visit only.
  }
}

/**
 * The currency to start with: the `?currencyId` query, then the remembered one, then the session's,
 * then the first available; each only when available. Null when nothing is available.
 */
export function chooseCurrency(
  available: readonly string[],
  candidates: { query?: string | null; preferred?: string | null; session?: string | null },
): string | null {
  for (const id of [candidates.query, candidates.preferred, candidates.session]) {
    if (id && available.includes(id)) return id;
  }
  return available[0] ?? null;
}
