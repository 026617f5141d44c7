// `bundle [dir]`: the folder's files and its blocklet.json as a reproducible .tgz (sorted paths,
// fixed modes and times, gzip without a timestamp). Symbolic links, sockets and other special files
// are refused rather than followed; `.git`, `node_modules` and earlier bundles are left out.
import { lstat, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { MANIFEST_FILE, blockletManifest, type BlockletManifest } from '@payshelf/api';
import { CliError } from './errors.js';
import { tarFiles, type TarFile } from './tar.js';

const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.DS_Store']);

/** Reads and validates `dir/blocklet.json`. */
export async function readManifest(dir: string): Promise<BlockletManifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CliError(`No ${MANIFEST_FILE} in ${dir}. Run payshelf-store init first.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(
      `${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = blockletManifest.safeParse(json);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message.replace(/^Invalid input: /, '')}`)
      .join('; ');
    throw new CliError(`${file} is invalid: ${details}`);
  }
  return parsed.data;
}

/** Default bundle file name: `<name>-<version>.tgz`. */
export const bundleFileName = (m: BlockletManifest) => `${m.name}-${m.version}.tgz`;

async function collect(
  root: string,
  rel: string,
  skip: (relPath: string) => boolean,
  out: string[],
): Promise<void> {
  const entries = await readdir(path.join(root, rel), { withFileTypes: true });
  for (const e of entries) {
    const relPath = rel ? `${rel}/${e.name}` : e.name;
    if (SKIPPED_DIRS.has(e.name) || skip(relPath)) continue;
    if (e.isSymbolicLink())
      throw new CliError(`${relPath} is a symbolic link; bundles hold regular files only.`);
    if (e.isDirectory()) await collect(root, relPath, skip, out);
    else if (e.isFile()) out.push(relPath);
    else throw new CliError(`${relPath} is not a regular file; bundles hold regular files only.`);
  }
}

export interface BuiltBundle {
  manifest: BlockletManifest;
  bytes: Buffer;
  files: string[];
}

/** Builds the .tgz of `dir` in memory, leaving out `exclude` (absolute paths, e.g. the output file). */
export async function buildBundle(dir: string, exclude: string[] = []): Promise<BuiltBundle> {
  const root = path.resolve(dir);
  const manifest = await readManifest(root);
  const skipAbs = new Set(exclude.map((p) => path.resolve(p)));
  const isOldBundle = (rel: string) =>
    !rel.includes('/') && rel.startsWith(`${manifest.name}-`) && rel.endsWith('.tgz');
  const paths: string[] = [];
  await collect(root, '', (rel) => skipAbs.has(path.join(root, rel)) || isOldBundle(rel), paths);
  paths.sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1));
  const present = new Set(paths);
  const named = [manifest.logo, ...manifest.screenshots, manifest.readme].filter((p): p is string => !!p);
  for (const p of named)
    if (!present.has(p)) throw new CliError(`${MANIFEST_FILE} names ${p}, which is not in ${root}.`);
  const files: TarFile[] = [];
  for (const p of paths) {
    const abs = path.join(root, p);
    const info = await lstat(abs);
    files.push({ path: p, data: await readFile(abs), executable: (info.mode & 0o100) !== 0 });
  }
  const bytes = gzipSync(tarFiles(files), { level: 9 });
  return { manifest, bytes, files: paths };
}

/** `bundle [dir] [--out file]`: writes the .tgz and returns its path. */
export async function writeBundle(
  dir: string,
  out?: string,
  baseDir = process.cwd(),
): Promise<{ file: string; built: BuiltBundle }> {
  const manifest = await readManifest(path.resolve(baseDir, dir));
  const file = path.resolve(baseDir, out ?? bundleFileName(manifest));
  const built = await buildBundle(path.resolve(baseDir, dir), [file]);
  await writeFile(file, built.bytes);
  return { file, built };
}
