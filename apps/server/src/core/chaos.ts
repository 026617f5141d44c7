// Fault injection for the crash tests: with `PAYSHELF_CRASH_AT=<point>[,<point>…]` in its environment the
// process kills itself with SIGKILL the first time it reaches one of the named points, as a power cut
// would: no shutdown hook, no rollback message, no flushed buffers. Without that variable (every
// install, every test but the crash tests) a crash point does nothing. Live installs ignore it.

const armed = new Set(
  (process.env.PAYSHELF_LIVE === '1' || process.env.PAYSHELF_LIVE === 'true'
    ? ''
    : (process.env.PAYSHELF_CRASH_AT ?? '')
  )
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean),
);

/** The named places a crash test may stop the process at (documented where each is called). */
export type CrashPoint =
  | 'pay:after-commit-before-broadcast'
  | 'pay:after-broadcast-before-commit'
  | 'pay:after-broadcast'
  | 'pull:after-commit-before-send'
  | 'pull:after-send'
  | 'confirm:before-commit'
  | 'confirm:after-commit'
  | 'refund:after-commit-before-broadcast'
  | 'refund:after-broadcast'
  /** A DID wallet's allowance approve is committed (allowance_grants) and not yet sent. */
  | 'approve:after-commit-before-broadcast'
  /** A renewal committed its invoice and new period; its collection has not started. */
  | 'renew:after-commit-before-collect';

export function crashPoint(point: CrashPoint): void {
  if (armed.size === 0 || !armed.has(point)) return;
  process.kill(process.pid, 'SIGKILL');
}
