import { describe, expect, it } from 'vitest';
import { createHandoffKeys, openHandoff, sealHandoff } from './seal.js';

describe('connect handoff sealing', () => {
  it('opens only with the key it was sealed to, and not once altered', () => {
    const keys = createHandoffKeys();
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(32);
    const box = sealHandoff(keys.publicKey, '{"token":"secret"}');
    expect(box.ciphertext).not.toContain('secret');
    expect(openHandoff(keys, box)).toBe('{"token":"secret"}');
    expect(() => openHandoff(createHandoffKeys(), box)).toThrow();
    const bytes = Buffer.from(box.ciphertext, 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => openHandoff(keys, { ...box, ciphertext: bytes.toString('base64url') })).toThrow();
    expect(() => sealHandoff('short', 'x')).toThrow('publicKey must be 32 bytes');
  });
});
