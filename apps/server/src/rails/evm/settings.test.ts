import { mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAnvilBinary } from './anvil.js';
import { evmSettingsFromMethod, hotWalletAddress, hotWalletKeyPath, loadHotWalletKey } from './settings.js';

const method = (settings: Record<string, unknown>, block?: number) => ({
  id: 'pm_1',
  type: 'base',
  livemode: false,
  settings,
  confirmation: block === undefined ? { type: 'immediate' } : { type: 'block', block },
});

describe('evmSettingsFromMethod', () => {
  it('reads settings.<type> and the confirmation depth', () => {
    const s = evmSettingsFromMethod(
      method(
        {
          base: {
            chain_id: 8453,
            api_host: 'https://mainnet.base.org',
            explorer_host: 'https://basescan.org/',
            merchant_address: '0x000000000000000000000000000000000000cafe',
          },
        },
        5,
      ),
    );
    expect(s).toEqual({
      methodId: 'pm_1',
      chainId: 8453,
      rpcUrl: 'https://mainnet.base.org',
      explorerHost: 'https://basescan.org',
      confirmations: 5,
      merchant: '0x000000000000000000000000000000000000cafE',
    });
  });

  it('needs at least one confirmation and no merchant means the hot wallet', () => {
    const s = evmSettingsFromMethod(
      method({ base: { chain_id: '84532', api_host: 'http://127.0.0.1:8545' } }, 0),
    );
    expect(s).toMatchObject({ chainId: 84532, confirmations: 1, merchant: null, explorerHost: null });
  });

  it('explains what is wrong', () => {
    expect(() => evmSettingsFromMethod(method({}))).toThrow(/settings\.base/);
    expect(() =>
      evmSettingsFromMethod(
        method({ base: { chain_id: 1, api_host: 'http://x', merchant_address: '0x12' } }),
      ),
    ).toThrow(/merchant_address/);
    expect(() => evmSettingsFromMethod({ ...method({}), type: 'stripe' })).toThrow(/not an EVM method/);
  });
});

describe('hot wallet key', () => {
  it('is created once with mode 600 and then reused', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-key-'));
    const [a, b] = await Promise.all([loadHotWalletKey(dir, 31337), loadHotWalletKey(dir, 31337)]);
    expect(a).toBe(b);
    expect(a).toMatch(/^0x[0-9a-f]{64}$/);
    const file = hotWalletKeyPath(dir, 31337);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(a);
    expect(await hotWalletAddress(dir, 31337)).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await loadHotWalletKey(dir, 8453)).not.toBe(a);
  });
});

describe('resolveAnvilBinary', () => {
  it('finds the npm platform binary, and reports a missing explicit one as null', () => {
    expect(resolveAnvilBinary('/nonexistent/anvil')).toBeNull();
    if (process.platform === 'linux' && process.arch === 'x64') {
      expect(resolveAnvilBinary()).toMatch(/@foundry-rs\/anvil-linux-amd64\/bin\/anvil$/);
    }
  });
});
