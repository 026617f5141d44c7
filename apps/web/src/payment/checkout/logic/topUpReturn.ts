// Where a credit top-up returns: the insufficient-credit dialog's "Top up" remembers (in this tab's
// session storage) the top-up link it opens and the address the customer was on; the completed
// checkout of that link sends them back there. Only a path of this site is followed.

const KEY = 'payshelf.creditTopUp';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A path of this site (`/payment/checkout/pay/cs_…?x=1`), never `//host` or a full address. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 32)) return null;
  return value;
}

export function rememberTopUp(storage: StorageLike | undefined, linkId: string, returnTo: string): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ linkId, returnTo }));
  } catch {
    // Storage refused (private mode): the top-up still opens, it just does not return by itself.
  }
}

/** The path to return to when `paymentLinkId` is the remembered top-up (consumed once), else null. */
export function takeTopUpReturn(
  storage: StorageLike | undefined,
  paymentLinkId: string | null,
): string | null {
  if (!storage || !paymentLinkId) return null;
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { linkId?: unknown; returnTo?: unknown };
    if (saved.linkId !== paymentLinkId) return null;
    storage.removeItem(KEY);
    return safeReturnPath(saved.returnTo);
  } catch {
    return null;
  }
}
