import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../core/config.js';

describe('identity configuration', () => {
  it('refuses the test wallet on a live install', () => {
    expect(() => loadConfig({ PAYSHELF_LIVE: '1', DEV_WALLET: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYSHELF_LIVE: '1', DEV_WALLET: '1' })).toThrow(/DEV_WALLET/);
    expect(loadConfig({ DEV_WALLET: '1' }).DEV_WALLET).toBe(true);
    expect(loadConfig({ PAYSHELF_LIVE: '1' }).DEV_WALLET).toBe(false);
  });

  it('accepts OWNER_DID with or without the did:abt: prefix, and refuses anything else', () => {
    const did = 'z1ZQ8aWC4PMykjM65ZaRxg2CzwCMZwn3ySc';
    expect(loadConfig({ OWNER_DID: `did:abt:${did}` }).OWNER_DID).toBe(did);
    expect(loadConfig({ OWNER_DID: did }).OWNER_DID).toBe(did);
    expect(() => loadConfig({ OWNER_DID: '0xabc' })).toThrow(ConfigError);
  });
});
