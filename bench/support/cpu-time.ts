// CPU time of this process and of a PostgreSQL cluster (its postmaster and every backend), read from
// /proc (Linux; elsewhere PostgreSQL's part reads 0). Unlike latency on a shared machine, CPU per request
// hardly moves with what else is running.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICK_MS = 10;

/** A process's parent, its own CPU ticks, and those of its children that ended (it waited for them). */
function ticksOf(pid: number): { ppid: number; ticks: number; reaped: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      reaped: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/**
 * Milliseconds of CPU used so far by the cluster whose data directory is `databaseDir`: the postmaster,
 * its live backends, and the backends that ended (counted into the postmaster once it reaped them).
 */
export function postgresCpuMs(databaseDir: string): number {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile) || !existsSync('/proc')) return 0;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const main = ticksOf(postmaster);
  let ticks = (main?.ticks ?? 0) + (main?.reaped ?? 0);
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const proc = ticksOf(pid);
    if (proc?.ppid === postmaster) ticks += proc.ticks;
  }
  return ticks * TICK_MS;
}

/** Milliseconds of CPU this process used so far. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
