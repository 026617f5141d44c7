import { describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES, parseAvatar, profileFromClaims } from './profile.js';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64');

describe('profile from wallet claims', () => {
  it('reads name, email and avatar from the profile claim', () => {
    const p = profileFromClaims([
      { type: 'authPrincipal' },
      {
        type: 'profile',
        fullName: '  Ada\u0007 Lovelace ',
        email: 'Ada@Example.com',
        avatar: `data:image/png;base64,${png}`,
      },
    ]);
    expect(p.fullName).toBe('Ada Lovelace');
    expect(p.email).toBe('ada@example.com');
    expect(p.avatar).toMatchObject({ kind: 'image', mimeType: 'image/png' });
  });

  it('turns missing or malformed fields into empty values, never an error', () => {
    expect(profileFromClaims([])).toEqual({ fullName: '', email: '', avatar: { kind: 'none' } });
    const p = profileFromClaims([{ type: 'profile', fullName: 42, email: 'not an email', avatar: {} }]);
    expect(p).toEqual({ fullName: '', email: '', avatar: { kind: 'none' } });
    expect(profileFromClaims([{ type: 'profile', fullName: 'x'.repeat(500) }]).fullName).toHaveLength(100);
  });

  it('keeps raster data URIs, links https URLs, refuses SVG, other schemes and oversized images', () => {
    expect(parseAvatar('https://cdn.example/a.png')).toEqual({
      kind: 'url',
      url: 'https://cdn.example/a.png',
    });
    expect(parseAvatar('http://cdn.example/a.png')).toEqual({ kind: 'none' });
    expect(parseAvatar('javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(parseAvatar(`data:image/svg+xml;base64,${png}`)).toEqual({ kind: 'none' });
    const big = Buffer.alloc(MAX_AVATAR_BYTES + 1).toString('base64');
    expect(parseAvatar(`data:image/png;base64,${big}`)).toEqual({ kind: 'none' });
    const a = parseAvatar(`data:image/jpeg;base64,${png}`);
    const b = parseAvatar(`data:image/jpeg;base64,${png}`);
    expect(a.kind === 'image' && b.kind === 'image' && a.etag === b.etag).toBe(true);
  });
});
