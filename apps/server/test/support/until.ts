/**
 * Asks `probe` every 100 ms until it answers something other than undefined, and answers that; fails
 * naming `what` after `ms`. For outcomes the server reaches in the background (chain watchers, jobs).
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
