import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runSteps } from './steps.mjs';

const sh = (script) => ({ command: 'sh', args: ['-c', script] });

describe('the test steps runner', () => {
  it('runs a step after what it needs, skips what needs a failed step, and fails a step on its report', async () => {
    const logDir = mkdtempSync(path.join(os.tmpdir(), 'steps-'));
    const print = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const results = await runSteps(
        [
          { name: 'slow', ...sh('sleep 0.3; echo slow-out') },
          { name: 'broken', ...sh('echo broken-out; exit 3') },
          { name: 'fetch', ...sh('sleep 0.5'), free: true },
          { name: 'after', ...sh('echo after-out'), needs: ['slow', 'fetch'] },
          { name: 'orphan', ...sh('echo never'), needs: ['broken'] },
          { name: 'lying', ...sh('exit 0'), check: () => 'the report counts 1 failed' },
        ],
        { slots: 2, logDir },
      );
      expect(results.map((r) => [r.name, r.status])).toEqual([
        ['slow', 'passed'],
        ['broken', 'failed'],
        ['fetch', 'passed'],
        ['after', 'passed'],
        ['orphan', 'skipped'],
        ['lying', 'failed'],
      ]);
      expect(readFileSync(path.join(logDir, 'logs', 'after.log'), 'utf8')).toBe('after-out\n');
      const started = print.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('▶'));
      // Two slots: `after` starts only once both `slow` and the slot-free `fetch` have passed.
      expect(started.indexOf('▶ after')).toBeGreaterThan(started.indexOf('▶ slow'));
      expect(started).not.toContain('▶ orphan');
    } finally {
      print.mockRestore();
      write.mockRestore();
    }
  });

  it('never runs more slot-taking steps at once than there are slots', async () => {
    const logDir = mkdtempSync(path.join(os.tmpdir(), 'steps-'));
    const marks = path.join(logDir, 'marks');
    // Each step appends "+" when it starts and "-" when it ends; the running count never passes 2.
    const step = (name) => ({ name, ...sh(`echo + >> ${marks}; sleep 0.2; echo - >> ${marks}`) });
    const print = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await runSteps(['a', 'b', 'c', 'd', 'e'].map(step), { slots: 2, logDir });
    } finally {
      print.mockRestore();
      write.mockRestore();
    }
    let running = 0;
    let most = 0;
    for (const mark of readFileSync(marks, 'utf8').trim().split('\n')) {
      running += mark === '+' ? 1 : -1;
      most = Math.max(most, running);
    }
    expect(most).toBe(2);
  });
});
