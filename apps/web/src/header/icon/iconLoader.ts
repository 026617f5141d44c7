import { readCachedIcon, writeCachedIcon } from './iconCache';
import { chunkIconNames, fetchIconSet, iconSetPath, type FetchIconSetOptions } from './fetchIconSet';
import { readIconSet, splitIconName, type IconData } from './iconTypes';

type Waiter = (data: IconData | undefined) => void;

const queued = new Map<string, Map<string, Waiter[]>>();
let flushScheduled = false;
let fetchOptions: FetchIconSetOptions = {};

/** Tests point the loader at fake hosts and a fake fetch. */
export function configureIconLoader(options: FetchIconSetOptions): void {
  fetchOptions = options;
}

async function loadPrefix(prefix: string, waiters: Map<string, Waiter[]>): Promise<void> {
  const names = [...waiters.keys()];
  for (const chunk of chunkIconNames(prefix, names, fetchOptions.hosts)) {
    const result = await fetchIconSet(iconSetPath(prefix, chunk), fetchOptions);
    const found = result.status === 'ok' ? readIconSet(result.data, chunk) : new Map<string, IconData>();
    for (const name of chunk) {
      const data = found.get(name);
      if (data) writeCachedIcon(`${prefix}:${name}`, data);
      for (const waiter of waiters.get(name) ?? []) waiter(data);
    }
  }
}

function flush(): void {
  flushScheduled = false;
  const batches = [...queued];
  queued.clear();
  for (const [prefix, waiters] of batches) void loadPrefix(prefix, waiters);
}

/**
 * One icon by `prefix:name`: from the cache, else batched with the other icons asked for in the same
 * tick into one request per set. Resolves undefined when the icon cannot be loaded.
 */
export function loadIcon(icon: string): Promise<IconData | undefined> {
  const parts = splitIconName(icon);
  if (!parts) return Promise.resolve(undefined);
  const cached = readCachedIcon(`${parts.prefix}:${parts.name}`);
  if (cached) return Promise.resolve(cached);
  return new Promise((resolve) => {
    const byName = queued.get(parts.prefix) ?? new Map<string, Waiter[]>();
    queued.set(parts.prefix, byName);
    byName.set(parts.name, [...(byName.get(parts.name) ?? []), resolve]);
    if (!flushScheduled) {
      flushScheduled = true;
      setTimeout(flush, 0);
    }
  });
}
