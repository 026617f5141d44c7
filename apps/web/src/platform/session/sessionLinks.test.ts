import { describe, expect, it } from 'vitest';
import { avatarUrl, notificationUrl, profileUrl } from './sessionLinks';

describe('user links', () => {
  it('builds the resized avatar, the profile link and a notification link', () => {
    expect(avatarUrl('z1abc')).toBe('/.well-known/service/user/avatar/z1abc?imageFilter=resize&w=48&h=48');
    expect(profileUrl('z1abc', 'zh')).toBe('/.well-known/service/user?locale=zh&did=z1abc');
    expect(notificationUrl({ id: 'n1', severity: 'error', componentDid: 'z2c' })).toBe(
      '/.well-known/service/user/notifications?id=n1&severity=error&componentDid=z2c',
    );
  });
});
