// `npm start`: install what is missing, build what changed, then run the server with its embedded PostgreSQL in test
// mode with demo data. Data lives in ./data and is reused by the next start.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildNeeded, fingerprint, readStamp, writeStamp } from './build-stamp.mjs';
import { ensureInstalled, must, root } from './lib.mjs';

ensureInstalled();
// Build only when a build input changed since the last successful build (or an output is gone).
const sources = fingerprint(root, readStamp(root, 'build')?.files);
const reason = buildNeeded(root, sources);
if (reason) {
  console.log(`• building (${reason})`);
  must('npm', ['run', 'build', '--silent']);
  writeStamp(root, 'build', sources);
} else console.log('• build is current (no source changed since the last build)');

const env = {
  NODE_ENV: 'production',
  DATA_DIR: path.join(root, 'data'),
  DEMO_DATA: '1',
  // The test wallet is refused on a live install, so `PAYSHELF_LIVE=1 npm start` must not ask for it.
  DEV_WALLET: ['1', 'true', 'yes'].includes(process.env.PAYSHELF_LIVE ?? '') ? '0' : '1',
  LOG_LEVEL: 'info',
  ...process.env,
};
const port = env.PORT ?? '3000';
console.log(
  `• starting Payshelf on http://localhost:${port} (test mode, demo data, data in ${env.DATA_DIR})`,
);
const child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
