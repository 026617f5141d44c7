// Runs the steps of `npm test` side by side: a step starts once every step it needs has passed and a
// slot is free (steps marked `free` wait on the network or disk and take no slot). Every step runs
// unless a step it needs failed, so one run reports every failure. Each step's output goes to its own
// log file and is printed whole when the step ends, so two steps never interleave their lines.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const slug = (name) =>
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/**
 * @param {{name: string, command: string, args: string[], needs?: string[], free?: boolean,
 *   check?: () => string | null}[]} steps in the order they start when slots are free
 * @param {{slots: number, logDir: string}} options
 * @returns {Promise<{name: string, status: 'passed'|'failed'|'skipped', seconds: number}[]>}
 */
export function runSteps(steps, { slots, logDir }) {
  const logs = path.join(logDir, 'logs');
  mkdirSync(logs, { recursive: true });
  const state = new Map(steps.map((s) => [s.name, { status: 'waiting', seconds: 0 }]));
  const running = new Map();
  const started = Date.now();

  const stopAll = (signal) => {
    for (const child of running.values()) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  };
  const onSignal = (signal) => {
    stopAll(signal);
    process.exit(130);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, onSignal);

  const heartbeat = setInterval(() => {
    const names = [...running.keys()].join(', ');
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    if (names) console.log(`… ${minutes} min: running ${names}`);
  }, 120_000);

  return new Promise((resolve) => {
    const finishIfDone = () => {
      if ([...state.values()].some((s) => s.status === 'waiting' || s.status === 'running')) return;
      clearInterval(heartbeat);
      for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, onSignal);
      resolve(steps.map((s) => ({ name: s.name, ...state.get(s.name) })));
    };

    const launch = (step) => {
      const file = path.join(logs, `${slug(step.name)}.log`);
      const log = createWriteStream(file);
      const t0 = Date.now();
      state.get(step.name).status = 'running';
      console.log(`▶ ${step.name}`);
      // Its own process group, so stopping the run stops what the step started (servers, browsers).
      const child = spawn(step.command, step.args, {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      });
      running.set(step.name, child);
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      child.on('error', (err) => log.write(`\n${err.message}\n`));
      child.on('close', (code) => {
        running.delete(step.name);
        log.end(() => {
          const s = state.get(step.name);
          s.seconds = (Date.now() - t0) / 1000;
          const problem = code === 0 ? (step.check?.() ?? null) : `exit code ${code}`;
          s.status = problem ? 'failed' : 'passed';
          const mark = problem ? '✖' : '✔';
          console.log(
            `\n━━ ${mark} ${step.name} (${s.seconds.toFixed(1)} s)${problem ? `: ${problem}` : ''}`,
          );
          process.stdout.write(readFileSync(file, 'utf8'));
          schedule();
        });
      });
    };

    const schedule = () => {
      for (const step of steps) {
        const s = state.get(step.name);
        if (s.status !== 'waiting') continue;
        const needs = (step.needs ?? []).map((n) => state.get(n).status);
        if (needs.some((n) => n === 'failed' || n === 'skipped')) {
          s.status = 'skipped';
          console.log(`\n━━ · ${step.name}: not run, a step it needs failed`);
          continue;
        }
        if (needs.some((n) => n !== 'passed')) continue;
        const busy = [...running.keys()].filter((n) => !steps.find((x) => x.name === n)?.free).length;
        if (!step.free && busy >= slots) continue;
        launch(step);
      }
      finishIfDone();
    };
    schedule();
  });
}
