/** Donation settings stay cached for one hour (SPEC §9); the payment settings have no expiry. */
export const DONATION_SETTINGS_TTL_MS = 60 * 60 * 1000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The session-storage key of a settings call: one entry per path and livemode. */
export function settingsCacheKey(path: string, livemode: boolean): string {
  return `payshelf.settings:${path}:${livemode ? 'live' : 'test'}`;
}

/** The cached answer, or undefined when there is none, it is older than `ttlMs`, or unreadable. */
export function readCached<T>(
  store: Store | undefined,
  key: string,
  ttlMs: number,
  now = Date.now(),
): T | undefined {
  try {
    const raw = store?.getItem(key);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as { at: number; data: T };
    return now - entry.at <= ttlMs ? entry.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeCached(store: Store | undefined, key: string, data: unknown, now = Date.now()): void {
  try {
    store?.setItem(key, JSON.stringify({ at: now, data }));
  } catch {
    // A full quota or private mode: the next visit asks the server again.
  }
}

export function dropCached(store: Store | undefined, key: string): void {
  try {
    store?.removeItem(key);
  } catch {
    // Nothing cached that could be dropped.
  }
}

export function sessionStore(): Store | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
