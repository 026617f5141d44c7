// An upload progress bar on stderr: redrawn in place on a terminal, a few plain lines otherwise.

const WIDTH = 30;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** The bar's text for `done` of `total` bytes: `[#######-------]  45%  4.5 MB / 10.0 MB`. */
export function progressLine(done: number, total: number): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * WIDTH);
  const pct = `${Math.floor(ratio * 100)}%`.padStart(4);
  return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${pct}  ${formatBytes(done)} / ${formatBytes(total)}`;
}

export interface Progress {
  update(done: number): void;
  finish(): void;
}

/** Where the bar is drawn: stderr, or anything with `write` (tests). */
export interface ProgressOut {
  isTTY?: boolean;
  write(text: string): unknown;
}

export function progressBar(total: number, out: ProgressOut = process.stderr): Progress {
  const tty = out.isTTY === true;
  let lastPct = -1;
  return {
    update(done) {
      const pct = total > 0 ? Math.floor((done / total) * 100) : 100;
      if (pct === lastPct) return;
      lastPct = pct;
      if (tty) out.write(`\r${progressLine(done, total)}`);
      else if (pct % 25 === 0) out.write(`${progressLine(done, total)}\n`);
    },
    finish() {
      if (tty) out.write('\n');
    },
  };
}
