import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import {
  CRASH_POINTS,
  placedCrashPoints,
  runOnce,
  summarize,
  type RunPlan,
  type RunResult,
} from './harness.js';

// The crash test of CI: one run per crash point placed in the server's code (each on another payment
// path), plus one SIGKILL at a random moment. Every order must be paid exactly once and nothing may be
// stuck after the restart. `npm run chaos -- --runs 50` is the long version.
let chain: TestChain;
const results: RunResult[] = [];

beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain?.stop();
});

const plans: RunPlan[] = [
  // Each point on a path that reaches it, taking turns among the paths that all reach it.
  // (A point no checkout path passes, such as the renewal's, has its own crash test.)
  ...placedCrashPoints()
    .filter((crash) => CRASH_POINTS[crash].length > 0)
    .map((crash, i) => {
      const paths = CRASH_POINTS[crash];
      return { crash, path: paths[i % paths.length] ?? ('tx' as const) };
    }),
  { crash: 'random' as const, path: 'connect' as const },
];

describe('chaos: kill -9 during payments', () => {
  it.each(plans)(
    '$path with a crash at $crash: paid exactly once, nothing stuck',
    async (plan) => {
      const result = await runOnce({ chain, database: cloneTestDatabase }, plan, 1 + results.length);
      results.push(result);
      expect(result.error).toBeUndefined();
      if (plan.crash !== 'random') expect(result.crashed, 'the crash point was reached').toBe(true);
      expect(result).toMatchObject({
        transfers: 1,
        invoicesPaid: 1,
        processing: 0,
        lockedJobs: 0,
        complete: true,
      });
    },
    240_000,
  );

  it('summary', () => {
    const summary = summarize(results);
    console.info(`${summary.line}; exercised: ${summary.exercised.join(', ')}`);
    expect(summary.double).toBe(0);
    expect(summary.stuck).toBe(0);
  });
});
