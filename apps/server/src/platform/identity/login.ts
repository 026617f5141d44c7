import type { ConnectAction } from './connect/action.js';
import { profileFromClaims } from './profile.js';
import type { IdentityService } from './service.js';
import { setSessionCookie } from './session-cookie.js';

const PROFILE_DESCRIPTION = {
  en: 'Share your name, email and avatar to sign in',
  zh: '提供您的姓名、邮箱和头像以登录',
};

/**
 * `/api/did/login/…`: the wallet picks an account (authPrincipal), then shares its profile. The wallet's
 * answer records the user (and makes the first one owner); the browser that showed the QR code gets
 * the session cookie when its status poll sees the success.
 */
export function loginAction(service: IdentityService): ConnectAction {
  return {
    name: 'login',
    claims: {
      profile: ({ extraParams }) => ({
        fields: ['fullName', 'email', 'avatar'],
        description: extraParams.locale === 'zh' ? PROFILE_DESCRIPTION.zh : PROFILE_DESCRIPTION.en,
      }),
    },
    async onAuth({ userDid, userPk, claims }) {
      await service.signIn(userDid, userPk, profileFromClaims(claims));
      return undefined;
    },
    async onComplete({ request, reply, userDid }) {
      const { token, maxAgeSeconds } = await service.createSession(userDid, {
        userAgent: request.headers['user-agent'] ?? '',
        ip: request.ip,
      });
      setSessionCookie(request, reply, token, maxAgeSeconds);
    },
  };
}
