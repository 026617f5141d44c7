import { describe, expect, it } from 'vitest';
import { generateAppKeyPair, keyFile } from './keyPair';

describe('application key pairs made in the browser', () => {
  it('makes a new Ed25519 pair each time, with the public key at the end of the 64-byte secret', async () => {
    const a = await generateAppKeyPair();
    const b = await generateAppKeyPair();
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.secretKeyHex).toMatch(/^[0-9a-f]{128}$/);
    expect(a.secretKeyHex.endsWith(a.publicKeyHex)).toBe(true);
    expect(b.publicKey).not.toBe(a.publicKey);
    expect(JSON.parse(keyFile('zApp', a))).toEqual({
      did: 'zApp',
      type: 'ed25519',
      publicKey: a.publicKeyHex,
      secretKey: a.secretKeyHex,
    });
  });

  it('says so when the browser cannot make Ed25519 keys', async () => {
    const subtle = { generateKey: () => Promise.reject(new Error('NotSupportedError')) };
    await expect(generateAppKeyPair(subtle as unknown as SubtleCrypto)).rejects.toThrow('unsupported');
  });
});
