import type { CatalogEntry } from './error-catalog-entry.js';

/** Refusals of the platform's users, browser sessions and passports (platform/identity). */
export const IDENTITY_MESSAGES = {
  identity_session_missing: {
    code: 'session_not_found',
    type: 'not_found_error',
    en: 'No such session',
    zh: '会话不存在',
  },
  identity_user_missing: {
    code: 'user_not_found',
    type: 'not_found_error',
    en: 'No user with this DID has signed in yet',
    zh: '还没有使用此 DID 登录过的用户',
  },
  identity_passport_missing: {
    code: 'passport_not_found',
    type: 'not_found_error',
    en: 'No such passport',
    zh: '通行证不存在',
  },
  identity_owner_passport: {
    code: 'forbidden',
    type: 'permission_error',
    en: 'The owner passport cannot be granted or revoked',
    zh: '所有者通行证不能授予或撤销',
  },
  identity_role_not_managed: {
    code: 'forbidden',
    type: 'permission_error',
    en: 'You cannot manage {role} passports',
    zh: '您不能管理 {role} 通行证',
  },
} as const satisfies Record<string, CatalogEntry>;
