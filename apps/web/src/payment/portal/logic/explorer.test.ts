import { describe, expect, it } from 'vitest';
import { payerOf, transactionHash, transactionLink } from './explorer';
import { fakeMethod, TX_HASH } from './testFixtures';

const evm = (type: 'ethereum' | 'base', explorer_host: string) =>
  fakeMethod({
    type,
    settings: { [type]: { chain_id: 8453, api_host: 'https://rpc.example', explorer_host } },
  });

describe('chain explorer links per method type', () => {
  it('links EVM chains (ethereum and base) at {explorer_host}/tx/{hash}', () => {
    expect(transactionLink({ tx_hash: TX_HASH }, evm('ethereum', 'https://etherscan.io'))).toEqual({
      hash: TX_HASH,
      url: `https://etherscan.io/tx/${TX_HASH}`,
    });
    expect(transactionLink({ tx_hash: TX_HASH }, evm('base', 'https://basescan.org/'))?.url).toBe(
      `https://basescan.org/tx/${TX_HASH}`,
    );
  });

  it('keeps a path in the explorer host', () => {
    expect(transactionLink({ tx_hash: 'h1' }, evm('ethereum', 'https://host.example/sepolia'))?.url).toBe(
      'https://host.example/sepolia/tx/h1',
    );
  });

  it('links bitcoin at /tx/ and ArcBlock at /explorer/txs/', () => {
    const bitcoin = fakeMethod({
      type: 'bitcoin',
      settings: {
        bitcoin: {
          network: 'testnet',
          api_host: 'https://api.example',
          explorer_host: 'https://mempool.space/testnet',
        },
      },
    });
    expect(transactionLink({ bitcoin: { tx_hash: 'btc1' } }, bitcoin)?.url).toBe(
      'https://mempool.space/testnet/tx/btc1',
    );
    const arcblock = fakeMethod({
      type: 'arcblock',
      settings: {
        arcblock: {
          chain_id: 'beta',
          api_host: 'https://beta.example',
          explorer_host: 'https://explorer.abtnetwork.io',
        },
      },
    });
    expect(transactionLink({ arcblock: { tx_hash: 'Z1' } }, arcblock)?.url).toBe(
      'https://explorer.abtnetwork.io/explorer/txs/Z1',
    );
  });

  it('shows a card payment without an explorer link', () => {
    const stripe = fakeMethod({ type: 'stripe', settings: { stripe: { publishable_key: 'pk_test' } } });
    expect(transactionLink({ tx_hash: 'pi_1', explorer_url: 'https://x.example/pi_1' }, stripe)).toEqual({
      hash: 'pi_1',
      url: null,
    });
  });

  it('falls back to the explorer_url recorded at payment time when the method has no explorer', () => {
    const noExplorer = fakeMethod({ settings: {} });
    expect(
      transactionLink({ tx_hash: 'h', explorer_url: 'https://scan.example/tx/h' }, noExplorer)?.url,
    ).toBe('https://scan.example/tx/h');
    expect(transactionLink({ tx_hash: 'h', explorer_url: 'https://scan.example/tx/h' }, null)?.url).toBe(
      'https://scan.example/tx/h',
    );
    expect(transactionLink({ tx_hash: 'h' }, null)).toEqual({ hash: 'h', url: null });
  });

  it('shows the hash without a link on a chain with no explorer (the demo anvil chain)', () => {
    const local = fakeMethod({
      type: 'ethereum',
      settings: { ethereum: { chain_id: 31337, api_host: 'http://127.0.0.1:8545' } },
    });
    expect(transactionLink({ tx_hash: TX_HASH }, local)).toEqual({ hash: TX_HASH, url: null });
  });

  it('never links to a script or other non-web address', () => {
    expect(transactionLink({ tx_hash: 'h', explorer_url: 'javascript:alert(1)' }, null)?.url).toBeNull();
    expect(transactionLink({ tx_hash: 'h' }, evm('ethereum', 'javascript:alert(1)'))?.url).toBeNull();
  });

  it('escapes the hash inside the link', () => {
    expect(transactionLink({ tx_hash: '../a?b' }, evm('ethereum', 'https://scan.example'))?.url).toBe(
      'https://scan.example/tx/..%2Fa%3Fb',
    );
  });

  it('has no transaction without a hash', () => {
    expect(transactionLink(undefined, fakeMethod())).toBeNull();
    expect(transactionLink({ tx_hash: '' }, fakeMethod())).toBeNull();
    expect(transactionLink('0xabc', fakeMethod())).toBeNull();
    expect(transactionHash({ ethereum: { tx_hash: 'e1' } }, 'ethereum')).toBe('e1');
    expect(transactionHash({ ethereum: { tx_hash: 'e1' } }, 'base')).toBeNull();
  });

  it('reads the payer', () => {
    expect(payerOf({ payer: '0xabc' })).toBe('0xabc');
    expect(payerOf({ payer: 3 })).toBeNull();
    expect(payerOf(null)).toBeNull();
  });
});
