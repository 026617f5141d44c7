import { describe, expect, it, vi } from 'vitest';
import type { Eip1193Provider } from './ethereum';
import { provedPayer } from './payer';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function wallet(sign: () => Promise<unknown>) {
  const calls: string[] = [];
  const provider: Eip1193Provider = {
    request: (args) => {
      calls.push(args.method);
      if (args.method === 'eth_accounts') return Promise.resolve([ACCOUNT]);
      if (args.method === 'personal_sign') return sign();
      return Promise.resolve(null);
    },
  };
  return { provider, calls };
}

function api(proved: boolean) {
  return {
    payerChallenge: vi.fn(() =>
      Promise.resolve({
        address: ACCOUNT,
        proved,
        challenge: proved
          ? null
          : { id: 'pchal_1', message: 'Payshelf: sign to prove', expires_at: '2026-01-01T00:10:00.000Z' },
      }),
    ),
    payerProof: vi.fn(() => Promise.resolve({ address: ACCOUNT, proved: true as const })),
  };
}

describe('provedPayer', () => {
  it('asks the wallet to sign the challenge once, then offers the account', async () => {
    const { provider, calls } = wallet(() => Promise.resolve('0xsig'));
    const server = api(false);
    expect(await provedPayer(server, 'cs_1', 'pm_1', provider)).toBe(ACCOUNT);
    expect(calls).toEqual(['eth_accounts', 'personal_sign']);
    expect(server.payerProof).toHaveBeenCalledWith('cs_1', 'pm_1', 'pchal_1', '0xsig');
  });

  it('offers an account proved before without asking the wallet', async () => {
    const { provider, calls } = wallet(() => Promise.resolve('0xsig'));
    expect(await provedPayer(api(true), 'cs_1', 'pm_1', provider)).toBe(ACCOUNT);
    expect(calls).toEqual(['eth_accounts']);
  });

  it('offers no payer when the customer refuses to sign or there is no wallet', async () => {
    const { provider } = wallet(() => Promise.reject(new Error('User rejected')));
    const server = api(false);
    expect(await provedPayer(server, 'cs_1', 'pm_1', provider)).toBeUndefined();
    expect(server.payerProof).not.toHaveBeenCalled();
    expect(await provedPayer(server, 'cs_1', 'pm_1', null)).toBeUndefined();
  });
});
