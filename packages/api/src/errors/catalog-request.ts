import type { CodeText } from './text.js';

/** Default texts of the codes any request can meet (validation, access, limits, idempotency, URLs). */
export const REQUEST_TEXT = {
  parameter_invalid: { en: 'A parameter is invalid', zh: '参数无效' },
  parameter_missing: { en: 'A required parameter is missing', zh: '缺少必填参数' },
  resource_missing: { en: 'No such resource', zh: '资源不存在' },
  unauthenticated: { en: 'Sign in first', zh: '请先登录' },
  forbidden: { en: 'You are not allowed to do this', zh: '您无权执行此操作' },
  rate_limited: { en: 'Too many requests; try again in a moment', zh: '请求过于频繁，请稍后再试' },
  internal_error: { en: 'Something went wrong on our side', zh: '服务器出错了' },
  service_unavailable: { en: 'Busy right now; try again in a moment', zh: '服务繁忙，请稍后再试' },
  cross_origin_request: { en: 'Cross-origin requests are refused', zh: '拒绝跨站请求' },
  unsupported_media_type: { en: 'Unsupported content type', zh: '不支持的内容类型' },
  uri_too_long: { en: 'The address is too long', zh: '请求地址过长' },
  payload_too_large: { en: 'The request body is too large', zh: '请求内容过大' },
  body_empty: { en: 'The body is empty', zh: '请求内容为空' },
  body_invalid_json: { en: 'The body is not valid JSON', zh: '请求内容不是有效的 JSON' },
  body_too_large: { en: 'The body is too large', zh: '请求内容过大' },
  body_invalid_length: {
    en: 'The body does not match its Content-Length',
    zh: '请求内容与其 Content-Length 不符',
  },
  not_supported: { en: 'This is not supported', zh: '不支持此操作' },
  route_not_found: { en: 'No such route', zh: '没有该接口' },
  response_mismatch: { en: 'The answer did not match its contract', zh: '响应与接口约定不符' },
  idempotency_key_in_use: {
    en: 'This Idempotency-Key was used with other parameters',
    zh: '该幂等键已用于其他参数的请求',
  },
  idempotency_key_invalid: { en: 'Invalid Idempotency-Key', zh: '幂等键无效' },
  idempotency_request_in_progress: {
    en: 'A request with this Idempotency-Key is still in progress',
    zh: '使用该幂等键的请求仍在处理中',
  },
  too_many_topics: { en: 'Too many topics', zh: '订阅的主题过多' },
  url_invalid: { en: 'Invalid URL', zh: '网址无效' },
  url_link_local: { en: 'Link-local addresses are not allowed', zh: '不允许使用链路本地地址' },
  url_private_address: { en: 'Private network addresses are not allowed', zh: '不允许使用内网地址' },
  url_own_port: {
    en: "This server's own ports (its database, chain or web server) are not allowed",
    zh: '不允许使用本服务器自身的端口（数据库、链或 Web 服务）',
  },
  url_unresolvable: { en: 'The host name does not resolve', zh: '无法解析该主机名' },
} as const satisfies Record<string, CodeText>;
