import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; source maps are fetched only by developer tools and are skipped. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes `file.br` (brotli, best) and `file.gz` (gzip level 9) next to each compressible output file. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number }> {
  let count = 0;
  let bytes = 0;
  let br = 0;
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const data = await readFile(file);
    const [b, g] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gz(data, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
    count++;
    bytes += data.length;
    br += b.length;
  }
  return { files: count, bytes, br };
}

/** Vite plugin: pre-compresses the build output once it is written (the server sends these as they are). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'payshelf-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files: n, bytes, br } = await precompressDir(outDir);
      this.info(
        `pre-compressed ${n} files: ${(bytes / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
      );
    },
  };
}
