import { defineConfig } from 'vitest/config';

// Three projects: `unit` (pure code, plus React components under happy-dom), `integration` (the real
// server over HTTP on a real PostgreSQL database, one database per test file) and `e2e` (the built app
// in Debian's Chromium, driven by playwright-core).
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
          // React component tests render and wait for text under happy-dom; on a loaded 2-core
          // machine one render can take longer than vitest's 5 s default (pure tests finish in ms).
          testTimeout: 15_000,
          // Worker threads rather than forked processes: the same 193 files in 0.89 of the wall time
          // (farm-bench, 2 runs each, same machine), no unit test needs a process of its own.
          pool: 'threads',
          // Two workers that each import a module once for all their files: vitest's default on two
          // cores is one worker, which left a core idle, and re-importing React and MUI per file was
          // most of the time (import 68 s against tests 49 s). The 202 files: 283 -> 206 CPU seconds,
          // 767 -> 369 s wall, back to back on the same loaded machine. No unit file may leave state
          // behind (a mock, a timer, a global) that another file could see.
          isolate: false,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One forked worker runs many files and imports the server once: a file's own server starts
          // warm (0.17 s, not 2.2 s cold) and nothing is imported again per file. Each file still gets
          // its own database, server and chain; no state may outlive the server that owns it.
          pool: 'forks',
          isolate: false,
          // Two workers: a file mostly waits on its database, chain and child servers, so one worker
          // (vitest's default on two cores) left the machine a third idle.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // A test is a whole user journey (sign in, buy, open the portal); with the integration suite
          // and the other shard on the same two cores one took over 60 s. The ceiling only decides how
          // long a hung test takes to fail; every step inside waits for an event.
          testTimeout: 150_000,
          hookTimeout: 150_000,
          // A page follows the server's answer (a total after an amount change, a status after a
          // payment); on a busy machine that takes more than vitest's default 1 s poll budget.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
