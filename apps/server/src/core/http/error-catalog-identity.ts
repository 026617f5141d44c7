import type { CatalogEntry } from './error-catalog-entry.js';

/** Refusals of the platform's users, browser sessions and passports (platform/identity), and of
 * cookie-signed requests from elsewhere (core/http/same-origin.ts). */
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
  cross_origin_unnamed: {
    code: 'cross_origin_request',
    type: 'permission_error',
    en: 'Requests signed in by cookie must say where they come from (Origin or Referer)',
    zh: '使用 Cookie 登录的请求必须说明来源（Origin 或 Referer）',
  },
  body_not_json: {
    code: 'unsupported_media_type',
    en: 'Send the body as JSON (Content-Type: application/json)',
    zh: '请以 JSON 格式发送请求内容（Content-Type: application/json）',
  },
  route_missing: {
    code: 'route_not_found',
    type: 'not_found_error',
    en: 'No route for {method} {path}',
    zh: '没有此接口：{method} {path}',
  },
  page_path_invalid: {
    code: 'parameter_invalid',
    en: 'Not a page path',
    zh: '不是页面路径',
  },
  event_name_missing: {
    code: 'parameter_invalid',
    en: 'An event name is needed',
    zh: '需要事件名称',
  },
  checkout_start_rate_limited: {
    code: 'rate_limited',
    type: 'rate_limit_error',
    en: 'Too many checkouts started; try again in a minute',
    zh: '发起的结账过多，请一分钟后再试',
  },
  beacon_rate_limited: {
    code: 'rate_limited',
    type: 'rate_limit_error',
    en: 'Too many requests; try again in a minute',
    zh: '请求过于频繁，请一分钟后再试',
  },
  key_rate_limited: {
    code: 'rate_limited',
    type: 'rate_limit_error',
    en: 'Too many invalid API keys; try again later',
    zh: '无效的 API 密钥过多，请稍后再试',
  },
} as const satisfies Record<string, CatalogEntry>;
