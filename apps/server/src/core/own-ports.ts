// The ports this process itself serves or talks to on this host: its HTTP listener, its database (the
// embedded PostgreSQL, or a local one named by DATABASE_URL) and the demo chain's RPC. Outbound requests
// that users aim (test-mode webhooks, which may go to loopback for local development) never go to one of
// them, so a key holder cannot make the server talk to its own database or chain and read the answer.
const claims = new Map<number, Set<string>>();

/** Records that `port` is one of this process's own (`what` names it); the answer gives it back. */
export function claimOwnPort(port: number, what: string): () => void {
  if (!Number.isInteger(port) || port <= 0) return () => undefined;
  const key = `${what}#${Math.random().toString(36).slice(2)}`;
  const set = claims.get(port) ?? new Set<string>();
  set.add(key);
  claims.set(port, set);
  return () => {
    set.delete(key);
    if (set.size === 0 && claims.get(port) === set) claims.delete(port);
  };
}

/** What this process runs on `port` ('database', 'chain', 'server'…), or null when it is not its own. */
export function ownPortUse(port: number): string | null {
  const set = claims.get(port);
  const first = set ? [...set][0] : undefined;
  return first ? (first.split('#')[0] ?? null) : null;
}

/** The port a URL names, or its scheme's default (http 80, https 443, postgres 5432). */
export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  const defaults: Record<string, number> = {
    'http:': 80,
    'https:': 443,
    'postgres:': 5432,
    'postgresql:': 5432,
  };
  return defaults[url.protocol] ?? 0;
}
