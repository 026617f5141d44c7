// `npm start`: install what is missing, build, then run the server with its embedded PostgreSQL in test
// mode with demo data. Data lives in ./data and is reused by the next start.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, must, root } from './lib.mjs';

ensureInstalled();
console.log('• building');
must('npm', ['run', 'build', '--silent']);

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
