#!/usr/bin/env node
// `npm run chaos -- --runs 50`: kills the server (SIGKILL) at every crash point of the payment paths and
// at random moments, restarts it and checks each order was paid exactly once and nothing is stuck. The
// harness is TypeScript next to the integration tests (apps/server/test/chaos/); this starts it with tsx.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../apps/server/test/chaos/cli.ts', import.meta.url));
const child = spawn(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', cli, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
