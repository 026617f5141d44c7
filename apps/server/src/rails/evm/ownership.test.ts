import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { verifyEvmOwnership } from './ownership.js';

describe('verifyEvmOwnership', () => {
  const owner = privateKeyToAccount(generatePrivateKey());
  const other = privateKeyToAccount(generatePrivateKey());
  const message = 'Payshelf: sign to prove\nNonce: 1';

  it("answers the checksummed address for the account's own personal_sign, in any letter case", async () => {
    const signature = await owner.signMessage({ message });
    expect(await verifyEvmOwnership(owner.address.toLowerCase(), message, signature)).toBe(owner.address);
  });

  it('answers null for another key, another message or garbage', async () => {
    const signature = await other.signMessage({ message });
    expect(await verifyEvmOwnership(owner.address, message, signature)).toBeNull();
    expect(
      await verifyEvmOwnership(owner.address, `${message}!`, await owner.signMessage({ message })),
    ).toBeNull();
    expect(await verifyEvmOwnership(owner.address, message, '0x1234')).toBeNull();
    expect(await verifyEvmOwnership('not-an-address', message, signature)).toBeNull();
  });
});
