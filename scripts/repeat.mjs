// `npm run test:repeat -- FILE [FILE…] [--times N]`: runs the given test files N times (default 20),
// each run in a fresh vitest, and reports every run that failed. A test that fails once in N runs
// without a code change is a defect to explain, not noise.
import path from 'node:path';
import { root, run } from './lib.mjs';

const args = process.argv.slice(2);
let times = 20;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--times') times = Number(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0 || !Number.isInteger(times) || times < 1) {
  console.error('usage: npm run test:repeat -- FILE [FILE…] [--times N]');
  process.exit(2);
}
/** The vitest project a file belongs to, from where it lives (see vitest.config.ts). */
function projectOf(file) {
  const rel = path.relative(root, path.resolve(file));
  if (rel.startsWith('tests/e2e/')) return 'e2e';
  if (rel.startsWith('apps/server/test/')) return 'integration';
  return 'unit';
}
const projects = new Set(files.map(projectOf));
if (projects.size > 1) {
  console.error(`give files of one project at a time (these are ${[...projects].join(', ')})`);
  process.exit(2);
}
const project = [...projects][0];
const failed = [];
for (let n = 1; n <= times; n++) {
  console.log(`\n━━ run ${n}/${times}`);
  const r = run('npx', ['vitest', 'run', '--project', project, '--retry=0', ...files]);
  if (r.code !== 0) failed.push(n);
}
console.log(
  `\n${times - failed.length}/${times} runs passed${failed.length ? `; failed: runs ${failed.join(', ')}` : ''}`,
);
process.exit(failed.length ? 1 : 0);
