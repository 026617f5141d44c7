import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Token-store writes a DID Connect handler chain started. The library records an outcome (for example
 * a refusal: status `error` and its message) without awaiting the write and answers the wallet at
 * once; a browser polling right after the wallet's answer must already read that outcome. So a chain's
 * answer is released only once every write it started has settled.
 */
const writes = new AsyncLocalStorage<Set<Promise<unknown>>>();

/** Runs `fn` noting the writes it starts (and everything it continues into) in `started`. */
export function trackingWrites(started: Set<Promise<unknown>>, fn: () => void): void {
  writes.run(started, fn);
}

/** Notes a write of the current chain (if any); the write's own result is returned unchanged. */
export function chainWrite<T>(write: Promise<T>): Promise<T> {
  writes.getStore()?.add(write.catch(() => undefined));
  return write;
}

/** Settles once every write in `started` has (writes added while waiting are waited for too). */
export async function writesSettled(started: Set<Promise<unknown>>): Promise<void> {
  while (started.size > 0) {
    const now = [...started];
    await Promise.all(now);
    for (const write of now) started.delete(write);
  }
}
