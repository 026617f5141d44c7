// Shared helpers of the two commands (`npm start`, `npm test`): plain Node, no dependencies, so they
// run on a fresh clone before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileHash, installNeeded, writeStamp } from './build-stamp.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return { code: result.status ?? 1, seconds: (Date.now() - started) / 1000 };
}

export function must(command, args, options) {
  const { code } = run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

/**
 * Installs dependencies when nothing is installed or the lockfile changed since the last install (its
 * contents: a lockfile rewritten with the same contents installs nothing).
 */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const installed = existsSync(marker) ? statSync(marker).mtimeMs : null;
  const reason = installNeeded(root, statSync(lock).mtimeMs, installed);
  if (!reason) return;
  console.log(`• installing dependencies (npm ci: ${reason})`);
  must('npm', ['ci', '--no-audit', '--no-fund']);
  writeStamp(root, 'install', { lockHash: fileHash(lock) });
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A CJK font, so Chinese pages render as text and not as boxes in screenshots. */
const CJK_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

/** End-to-end tests drive Debian's chromium; install it (and a CJK font) with apt when missing and we are root. */
export function ensureChromium() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!existsSync(CJK_FONT)) missing.push('fonts-wqy-microhei');
  if (missing.length === 0) return;
  if (!missing.includes('chromium') && process.getuid?.() !== 0) {
    console.warn('! no CJK font (fonts-wqy-microhei): Chinese text in screenshots will show as boxes');
    return;
  }
  if (process.getuid?.() !== 0) {
    console.error(
      `✖ End-to-end tests need Chromium at ${CHROMIUM}. Install it (Debian: sudo apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH, then run npm test again.',
    );
    process.exit(1);
  }
  console.log(`• installing ${missing.join(' and ')} with apt-get`);
  must('apt-get', ['update', '-qq']);
  must('apt-get', ['install', '-y', '-qq', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
