import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  it('opens what it sealed for the same endpoint, and the sealed text does not contain the secret', () => {
    const box = new SecretBox('0xinstance-key');
    const sealed = box.seal('whsec_abc123', 'we_1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('abc123');
    expect(box.open(sealed, 'we_1')).toBe('whsec_abc123');
    expect(box.seal('whsec_abc123', 'we_1')).not.toBe(sealed);
  });

  it('refuses another instance key, another endpoint, or an altered ciphertext', () => {
    const sealed = new SecretBox('0xinstance-key').seal('whsec_abc123', 'we_1');
    expect(new SecretBox('0xother-key').open(sealed, 'we_1')).toBeNull();
    expect(new SecretBox('0xinstance-key').open(sealed, 'we_2')).toBeNull();
    const parts = sealed.split('.');
    const body = parts[3] ?? '';
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(
      new SecretBox('0xinstance-key').open([...parts.slice(0, 3), flipped].join('.'), 'we_1'),
    ).toBeNull();
    expect(new SecretBox('0xinstance-key').open('garbage', 'we_1')).toBeNull();
  });
});
