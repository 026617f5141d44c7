import { describe, expect, it } from 'vitest';
import { injectedProvider, payWithProvider, sharedAccount, type Eip1193Provider } from './ethereum';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const target = {
  rail: 'evm' as const,
  chainId: 31337,
  recipient: '0x00000000000000000000000000000000000000aa',
  token: null,
  amount: '16',
  uri: '',
  confirmations: 1,
  request: { to: '0x00000000000000000000000000000000000000aa', value: '16', data: '0x' },
};

function fakeWallet(chainId = '0x7a69') {
  const calls: { method: string; params?: readonly unknown[] }[] = [];
  const provider: Eip1193Provider = {
    request: (args) => {
      calls.push(args);
      if (args.method === 'eth_requestAccounts' || args.method === 'eth_accounts')
        return Promise.resolve([ACCOUNT]);
      if (args.method === 'eth_chainId') return Promise.resolve(chainId);
      if (args.method === 'eth_sendTransaction') return Promise.resolve('0xhash');
      return Promise.resolve(null);
    },
  };
  return { provider, calls };
}

describe('EIP-1193 adapter', () => {
  it('reads window.ethereum only when it looks like a provider', () => {
    const { provider } = fakeWallet();
    expect(injectedProvider({ ethereum: provider })).toBe(provider);
    expect(injectedProvider({ ethereum: {} })).toBeNull();
    expect(injectedProvider({})).toBeNull();
  });

  it('asks for the account, then sends the payment transaction', async () => {
    const { provider, calls } = fakeWallet();
    expect(await payWithProvider(provider, target)).toBe('0xhash');
    expect(calls.map((c) => c.method)).toEqual(['eth_requestAccounts', 'eth_chainId', 'eth_sendTransaction']);
    expect(calls[2]?.params).toEqual([{ from: ACCOUNT, to: target.recipient, value: '0x10' }]);
  });

  it('switches to the payment chain first when the wallet is on another one', async () => {
    const { provider, calls } = fakeWallet('0x1');
    await payWithProvider(provider, target);
    expect(calls[2]).toEqual({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] });
  });

  it('answers the shared account without prompting, or undefined', async () => {
    expect(await sharedAccount(fakeWallet().provider)).toBe(ACCOUNT);
    expect(await sharedAccount(null)).toBeUndefined();
    const failing: Eip1193Provider = { request: () => Promise.reject(new Error('locked')) };
    expect(await sharedAccount(failing)).toBeUndefined();
  });
});
