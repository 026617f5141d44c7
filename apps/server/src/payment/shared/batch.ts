interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(err: unknown): void;
}

/**
 * Coalesces reads by key: calls made while `maxInFlight` loads are already running wait in one pending
 * batch, sent as a single load when a slot frees (under light load each read goes out at once, after
 * the current tick). A read only ever joins a batch that has not been sent yet, so it never sees a state
 * older than its own call.
 */
export class Batcher<V> {
  private pending: Map<string, Array<Waiter<V>>> | null = null;
  private inFlight = 0;

  constructor(
    private readonly load: (keys: string[]) => Promise<Map<string, V>>,
    private readonly maxInFlight = 4,
  ) {}

  get(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        this.pending = new Map();
        queueMicrotask(() => this.flush());
      }
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
    });
  }

  private flush(): void {
    const batch = this.pending;
    if (!batch || this.inFlight >= this.maxInFlight) return;
    this.pending = null;
    this.inFlight++;
    this.load([...batch.keys()])
      .then(
        (found) => {
          for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
        },
        (err: unknown) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
        },
      )
      .finally(() => {
        this.inFlight--;
        this.flush();
      });
  }
}
