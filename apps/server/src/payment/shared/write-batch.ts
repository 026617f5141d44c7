interface Entry<I, O> {
  item: I;
  resolve(value: O): void;
  reject(err: unknown): void;
}

/**
 * Gathers writes into one statement: writes that arrive while `maxInFlight` batches are already running
 * (or within the current tick) wait in one pending batch, sent as a single `run` of up to `maxBatch`
 * items when a slot frees. Under light load each write goes out alone, after the current tick.
 *
 * Each caller keeps its own outcome: `run` answers one result per item, in the items' order; when a
 * batch of several fails, each of its items is run again alone, so one bad item fails only its own
 * caller and the others still succeed.
 */
export class WriteBatcher<I, O> {
  private pending: Array<Entry<I, O>> = [];
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 16,
    private readonly maxInFlight = 2,
  ) {}

  add(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    while (this.pending.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.pending.splice(0, this.maxBatch);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async send(batch: Array<Entry<I, O>>): Promise<void> {
    try {
      const results = await this.run(batch.map((e) => e.item));
      if (results.length !== batch.length) throw new Error('write batch answered a different count');
      batch.forEach((e, i) => e.resolve(results[i] as O));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      // Each item alone: only the ones that fail by themselves report an error.
      await Promise.all(
        batch.map((e) =>
          this.run([e.item]).then(
            ([result]) => e.resolve(result as O),
            (single: unknown) => e.reject(single),
          ),
        ),
      );
    }
  }
}
