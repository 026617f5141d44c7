import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildNeeded, fileHash, fingerprint, installNeeded, readStamp, writeStamp } from './build-stamp.mjs';

let root;
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** What `npm start` does: fingerprint (with the last stamp's hashes), decide, build, stamp. */
const start = () => {
  const current = fingerprint(root, readStamp(root, 'build')?.files);
  const reason = buildNeeded(root, current);
  if (reason) {
    write('apps/server/dist/main.js', 'built');
    write('apps/web/dist/index.html', 'built');
    writeStamp(root, 'build', current);
  }
  return reason;
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'payshelf-stamp-'));
  write('package.json', '{}');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsconfig.base.json', '{}');
  write('apps/server/src/main.ts', 'export {};');
  write('apps/web/src/main.tsx', 'export {};');
  write('packages/api/src/index.ts', 'export const a = 1;');
  write('apps/server/test/a.test.ts', 'test');
  mkdirSync(path.join(root, 'node_modules'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when something changed', () => {
  it('builds the first time, then skips while nothing changed', () => {
    expect(start()).toBe('no earlier build');
    expect(start()).toBeNull();
    expect(start()).toBeNull();
  });

  it('rebuilds after a source, a package or the root configuration changed', () => {
    start();
    write('packages/api/src/index.ts', 'export const a = 2;');
    expect(start()).toBe('sources changed');
    expect(start()).toBeNull();
    write('apps/web/src/new-page.tsx', 'export {};');
    expect(start()).toBe('sources changed');
    write('tsconfig.base.json', '{"compilerOptions":{}}');
    expect(start()).toBe('sources changed');
    write('package-lock.json', '{"lockfileVersion":3,"x":1}');
    expect(start()).toBe('sources changed');
  });

  it('sees a change of contents that keeps the size', () => {
    start();
    const file = path.join(root, 'apps/server/src/main.ts');
    write('apps/server/src/main.ts', 'export {}!');
    utimesSync(file, new Date(0), new Date(0));
    start();
    write('apps/server/src/main.ts', 'export {}?');
    utimesSync(file, new Date(1000), new Date(1000));
    expect(start()).toBe('sources changed');
  });

  it('does not rebuild for a rewrite with the same contents or a test change', () => {
    start();
    write('apps/server/src/main.ts', 'export {};');
    write('apps/server/test/a.test.ts', 'changed test');
    expect(start()).toBeNull();
  });

  it('rebuilds when an output is gone', () => {
    start();
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(start()).toBe('apps/web/dist/index.html is missing');
    expect(start()).toBeNull();
  });
});

describe('npm start installs only when the lockfile changed', () => {
  it('installs when nothing is installed or the lockfile contents changed', () => {
    expect(installNeeded(root, 2000, null)).toBe('nothing installed');
    expect(installNeeded(root, 2000, 3000)).toBeNull();
    expect(installNeeded(root, 3000, 2000)).toBe('package-lock.json changed');
  });

  it('skips a newer lockfile with the contents last installed', () => {
    writeStamp(root, 'install', { lockHash: 'other' });
    expect(installNeeded(root, 3000, 2000)).toBe('package-lock.json changed');
    const lock = path.join(root, 'package-lock.json');
    writeStamp(root, 'install', { lockHash: fileHash(lock) });
    expect(installNeeded(root, 3000, 2000)).toBeNull();
  });
});
