// `npm test`: every check: lint and format, types, unit, integration (real PostgreSQL) and end to end
// in Chromium against the built app. Steps run side by side, each once the steps it needs have passed
// (scripts/steps.mjs): one step alone leaves a core of this 2-core machine idle for most of its time.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root } from './lib.mjs';
import { runSteps } from './steps.mjs';

const out = path.join(root, 'test-output');
mkdirSync(out, { recursive: true });
// The runners' reports: the end-to-end suite runs as two shards, each with its own server, database
// and browser, so the two never share state.
const REPORTS = ['unit', 'integration', 'e2e-1', 'e2e-2'];
// Reports of an earlier run must never count for this one.
for (const report of [...REPORTS, 'e2e']) rmSync(path.join(out, `${report}.json`), { force: true });
ensureInstalled();

function counts(project) {
  const file = path.join(out, `${project}.json`);
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function vitest(project, report = project, extra = []) {
  return [
    'vitest',
    'run',
    '--project',
    project,
    ...extra,
    // Nothing is retried: a test that passes only on a second try has failed.
    '--retry=0',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(out, `${report}.json`)}`,
  ];
}

/** A runner's exit code is not trusted alone: its own report must also say that nothing failed. */
function reportProblem(project) {
  const c = counts(project);
  if (c.failed > 0 || c.passed === 0) return `the report counts ${c.failed} failed and ${c.passed} passed`;
  return null;
}

/** The test files that took longest, from the runners' own reports. */
function slowest(n) {
  const rows = [];
  for (const report of REPORTS) {
    const file = path.join(out, `${report}.json`);
    if (!existsSync(file)) continue;
    for (const r of JSON.parse(readFileSync(file, 'utf8')).testResults ?? [])
      rows.push({ seconds: (r.endTime - r.startTime) / 1000, name: path.relative(root, r.name) });
  }
  return rows.sort((a, b) => b.seconds - a.seconds).slice(0, n);
}

/**
 * The end-to-end files split in two by how long each took (tests/e2e/durations.json, seconds from a
 * recorded run; a file not listed counts as the median), longest first onto the lighter shard: the same
 * split every run, so a failure always names the same shard.
 */
function e2eShards() {
  const dir = path.join(root, 'tests/e2e');
  const recorded = JSON.parse(readFileSync(path.join(dir, 'durations.json'), 'utf8'));
  const known = Object.values(recorded).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.ts'))
    .map((f) => ({ file: `tests/e2e/${f}`, seconds: recorded[`tests/e2e/${f}`] ?? median }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const shards = [
    { files: [], seconds: 0 },
    { files: [], seconds: 0 },
  ];
  for (const f of files) {
    const lighter = shards[0].seconds <= shards[1].seconds ? shards[0] : shards[1];
    lighter.files.push(f.file);
    lighter.seconds += f.seconds;
  }
  return shards.map((s) => s.files);
}

const e2e = (files, shard) => ({
  name: `end-to-end tests ${shard}/2`,
  command: 'npx',
  args: vitest('e2e', `e2e-${shard}`, files),
  needs: ['types + server build (tsc)', 'web build (vite)', 'chromium'],
  check: () => reportProblem(`e2e-${shard}`),
});
const [shard1, shard2] = e2eShards();

// Listed in the order they start when a slot is free: the builds the long suites need first, then the
// longest steps (so none of them starts last and runs alone), then the short checks that fill the gaps.
const steps = [
  { name: 'types + server build (tsc)', command: 'npx', args: ['tsc', '-b', 'tsconfig.build.json'] },
  { name: 'web build (vite)', command: 'npm', args: ['run', 'build', '--silent', '-w', '@payshelf/web'] },
  // Installing a package waits on the network and the disk, not the processor: it takes no slot.
  { name: 'chromium', command: process.execPath, args: ['scripts/ensure-chromium.mjs'], free: true },
  e2e(shard1, 1),
  {
    name: 'integration tests',
    command: 'npx',
    args: vitest('integration'),
    needs: ['types + server build (tsc)'],
    check: () => reportProblem('integration'),
  },
  e2e(shard2, 2),
  { name: 'lint (eslint)', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'format (prettier)', command: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
  { name: 'types (tests, scripts)', command: 'npx', args: ['tsc', '-p', 'tsconfig.json'] },
  { name: 'types (web)', command: 'npm', args: ['run', 'typecheck', '--silent', '-w', '@payshelf/web'] },
  { name: 'unit tests', command: 'npx', args: vitest('unit'), check: () => reportProblem('unit') },
];

const results = await runSteps(steps, { slots: Number(process.env.TEST_SLOTS ?? 2), logDir: out });

const slow = slowest(15);
if (slow.length > 0) {
  console.log('\n━━ the 15 slowest test files');
  for (const r of slow) console.log(`${r.seconds.toFixed(1).padStart(7)} s  ${r.name}`);
}
console.log('\n━━ summary');
for (const s of results) {
  const mark = s.status === 'passed' ? '✔' : s.status === 'failed' ? '✖' : '·';
  const time = s.status === 'skipped' ? 'not run' : `${s.seconds.toFixed(1)} s`;
  console.log(`${mark} ${s.name.padEnd(28)} ${time}`);
}
const total = REPORTS.map(counts).reduce(
  (a, c) => ({ passed: a.passed + c.passed, failed: a.failed + c.failed, skipped: a.skipped + c.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
const ok = results.every((s) => s.status === 'passed');
const failed = !ok && total.failed === 0 ? 1 : total.failed;
console.log(`tests: ${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
process.exit(ok ? 0 : 1);
