import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateKey } from './keyfile.js';

describe('key files', () => {
  it('creates a key once (mode 600) and reads the same key back', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wallet-key-'));
    const file = path.join(dir, 'nested', 'key.json');
    const first = await loadOrCreateKey(file, { fullName: 'Key Holder' });
    expect(first.created).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await loadOrCreateKey(file);
    expect(again.created).toBe(false);
    expect(again.wallet.address).toBe(first.wallet.address);
    expect(again.profile).toEqual({ fullName: 'Key Holder' });
  });

  it('gives processes racing to create it the same key', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wallet-key-'));
    const file = path.join(dir, 'key.json');
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateKey(file)));
    expect(new Set(keys.map((k) => k.wallet.address)).size).toBe(1);
  });

  it('refuses a file that is not a key, or whose key does not match its address', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wallet-key-'));
    const junk = path.join(dir, 'junk.json');
    await writeFile(junk, '{"hello":1}');
    await expect(loadOrCreateKey(junk)).rejects.toThrow(/not a wallet key file/);
    const good = path.join(dir, 'good.json');
    await loadOrCreateKey(good);
    const content = JSON.parse(await readFile(good, 'utf8')) as { address: string };
    await writeFile(good, JSON.stringify({ ...content, address: 'z1ZQ8aWC4PMykjM65ZaRxg2CzwCMZwn3ySc' }));
    await expect(loadOrCreateKey(good)).rejects.toThrow(/does not match/);
  });
});
