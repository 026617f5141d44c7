// `npm test`: every check, in the order a failure is cheapest to find: lint and format, types, unit,
// integration (real PostgreSQL), then end to end in Chromium against the built app.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureInstalled, must, root, run } from './lib.mjs';

const out = path.join(root, 'test-output');
mkdirSync(out, { recursive: true });
// Reports of an earlier run must never count for this one.
for (const project of ['unit', 'integration', 'e2e'])
  rmSync(path.join(out, `${project}.json`), { force: true });
ensureInstalled();

const steps = [];
function step(name, command, args, report) {
  console.log(`\n━━ ${name}`);
  const result = run(command, args);
  // A runner's exit code is not trusted alone: its own report must also say that nothing failed.
  if (result.code === 0 && report) {
    const c = counts(report);
    if (c.failed > 0 || c.passed === 0) {
      console.error(`✖ ${name}: the report counts ${c.failed} failed and ${c.passed} passed`);
      result.code = 1;
    }
  }
  steps.push({ name, ...result });
  if (result.code !== 0) finish(result.code);
}

function counts(project) {
  const file = path.join(out, `${project}.json`);
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function vitest(project) {
  return [
    'vitest',
    'run',
    '--project',
    project,
    // Nothing is retried: a test that passes only on a second try has failed.
    '--retry=0',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(out, `${project}.json`)}`,
  ];
}

/** The test files that took longest, from the runners' own reports. */
function slowest(n) {
  const rows = [];
  for (const project of ['unit', 'integration', 'e2e']) {
    const file = path.join(out, `${project}.json`);
    if (!existsSync(file)) continue;
    for (const r of JSON.parse(readFileSync(file, 'utf8')).testResults ?? [])
      rows.push({ seconds: (r.endTime - r.startTime) / 1000, name: path.relative(root, r.name) });
  }
  return rows.sort((a, b) => b.seconds - a.seconds).slice(0, n);
}

function finish(code) {
  const slow = slowest(15);
  if (slow.length > 0) {
    console.log('\n━━ the 15 slowest test files');
    for (const r of slow) console.log(`${r.seconds.toFixed(1).padStart(7)} s  ${r.name}`);
  }
  console.log('\n━━ summary');
  for (const s of steps)
    console.log(`${s.code === 0 ? '✔' : '✖'} ${s.name.padEnd(28)} ${s.seconds.toFixed(1)} s`);
  const total = ['unit', 'integration', 'e2e'].map(counts).reduce(
    (a, c) => ({
      passed: a.passed + c.passed,
      failed: a.failed + c.failed,
      skipped: a.skipped + c.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const failed = code !== 0 && total.failed === 0 ? 1 : total.failed;
  console.log(`tests: ${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
  process.exit(code);
}

step('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings', '0']);
step('format (prettier)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
step('types + server build (tsc)', 'npx', ['tsc', '-b', 'tsconfig.build.json']);
step('types (tests, scripts)', 'npx', ['tsc', '-p', 'tsconfig.json']);
step('types (web)', 'npm', ['run', 'typecheck', '--silent', '-w', '@payshelf/web']);
step('unit tests', 'npx', vitest('unit'), 'unit');
step('integration tests', 'npx', vitest('integration'), 'integration');
step('web build (vite)', 'npm', ['run', 'build', '--silent', '-w', '@payshelf/web']);
ensureChromium();
step('end-to-end tests (chromium)', 'npx', vitest('e2e'), 'e2e');
must('true', []);
finish(0);
