// Whether `npm start` must build or install again. A build is skipped only when a stamp written after
// the last successful build names the same fingerprint of every build input (contents, not times: a
// checkout that rewrites files unchanged builds nothing) and the outputs are still there; an install
// is skipped while the lockfile's contents match the ones installed. Plain Node, no dependencies.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the build reads: the workspaces' sources and configuration, the root configuration. */
export const BUILD_INPUTS = ['apps/server', 'apps/web', 'packages', 'package.json', 'package-lock.json'];
export const ROOT_CONFIG = /^tsconfig[\w.]*\.json$/;
/**
 * Never inputs: installed packages, outputs, data, tests (the build compiles none of them), and what
 * the server reads at run time from its own folder (migrations, fonts and images).
 */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test', 'coverage', 'drizzle', 'assets']);
/** What the build writes; a missing one means build again whatever the stamp says. */
export const BUILD_OUTPUTS = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(path.join(dir, entry.name), out);
    } else if (entry.isFile() && !entry.name.endsWith('.tsbuildinfo')) out.push(path.join(dir, entry.name));
  }
}

/** The build inputs under `root`, sorted, relative to it. */
export function buildInputs(root) {
  const files = [];
  for (const input of BUILD_INPUTS) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    if (statSync(full).isFile()) files.push(full);
    else walk(full, files);
  }
  for (const name of readdirSync(root)) if (ROOT_CONFIG.test(name)) files.push(path.join(root, name));
  return files.map((f) => path.relative(root, f)).sort();
}

/**
 * One hash of every input's path and contents, and each file's own hash by size and mtime. A file whose
 * size and mtime match `known` (the last stamp's) keeps its hash unread, so an unchanged tree costs
 * only a stat per file; any other file is read and hashed.
 */
export function fingerprint(root, known = {}) {
  const hash = createHash('sha256');
  const files = {};
  for (const file of buildInputs(root)) {
    const full = path.join(root, file);
    const { size, mtimeMs } = statSync(full);
    const seen = known[file];
    const sha1 =
      seen && seen[0] === size && seen[1] === mtimeMs
        ? seen[2]
        : createHash('sha1').update(readFileSync(full)).digest('hex');
    files[file] = [size, mtimeMs, sha1];
    hash.update(`${file}\0${sha1}\0`);
  }
  return { fingerprint: hash.digest('hex'), files };
}

export function fileHash(file) {
  return existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : null;
}

/** Stamps live under node_modules, so a fresh install (`npm ci` empties it) also forgets them. */
const stampFile = (root, name) => path.join(root, 'node_modules', '.cache', 'payshelf', `${name}.json`);

export function readStamp(root, name) {
  try {
    return JSON.parse(readFileSync(stampFile(root, name), 'utf8'));
  } catch {
    return null;
  }
}

export function writeStamp(root, name, value) {
  const file = stampFile(root, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...value, at: new Date().toISOString() }));
}

/**
 * Why a build is needed (a short reason), or null when the last successful build is current: no
 * stamp, an output gone, or any input's contents changed since. `current` is this tree's fingerprint.
 */
export function buildNeeded(root, current) {
  const stamp = readStamp(root, 'build');
  if (!stamp) return 'no earlier build';
  const missing = BUILD_OUTPUTS.find((f) => !existsSync(path.join(root, f)));
  if (missing) return `${missing} is missing`;
  return stamp.fingerprint === current.fingerprint ? null : 'sources changed';
}

/**
 * Why an install is needed, or null: none yet, or a lockfile newer than the installed one whose
 * contents differ from what was last installed (a rewrite with the same contents installs nothing).
 */
export function installNeeded(root, lockMtimeMs, installedMtimeMs) {
  if (installedMtimeMs === null) return 'nothing installed';
  if (installedMtimeMs >= lockMtimeMs) return null;
  const stamp = readStamp(root, 'install');
  const lockHash = fileHash(path.join(root, 'package-lock.json'));
  return stamp && stamp.lockHash === lockHash ? null : 'package-lock.json changed';
}
