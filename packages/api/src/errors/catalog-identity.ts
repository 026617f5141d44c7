import type { CodeText } from './text.js';

/** Default texts of sign-in, sessions, passports and DID Connect. */
export const IDENTITY_TEXT = {
  session_invalid: { en: 'The session is invalid', zh: '会话无效' },
  session_not_found: { en: 'No such session', zh: '会话不存在' },
  session_used: { en: 'This session was already used', zh: '该会话已被使用' },
  user_not_found: { en: 'No such user', zh: '用户不存在' },
  passport_not_found: { en: 'No such passport', zh: '通行证不存在' },
  did_taken: { en: 'This DID is already linked', zh: '该 DID 已被绑定' },
  did_space_required: { en: 'A DID Space is needed', zh: '需要 DID Space' },
  connect_forbidden: { en: 'This wallet may not sign in here', zh: '该钱包无权在此登录' },
  connect_refused: { en: 'The wallet refused the request', zh: '钱包拒绝了请求' },
  connect_token_expired: { en: 'The sign-in code expired; try again', zh: '登录码已过期，请重试' },
  demo_unavailable: { en: 'The demo is not available', zh: '演示不可用' },
  invalid_message: { en: 'Invalid message', zh: '消息无效' },
} as const satisfies Record<string, CodeText>;
