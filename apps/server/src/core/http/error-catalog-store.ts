import type { CatalogEntry } from './error-catalog-entry.js';

/** The store's refusals: uploads, review, access tokens, manifest signing and the connect-CLI handoff. */
export const STORE_MESSAGES = {
  store_blocklet_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: 'No such application',
    zh: '应用不存在',
  },
  store_not_owner: {
    code: 'forbidden',
    type: 'permission_error',
    en: 'This application belongs to another developer',
    zh: '该应用属于其他开发者',
  },
  store_developer_required: {
    code: 'forbidden',
    type: 'permission_error',
    en: 'A developer passport is needed',
    zh: '需要开发者通行证',
  },
  store_not_for_sale: {
    code: 'not_for_sale',
    type: 'permission_error',
    en: 'This application is not for sale yet; its bundle is served only to its developer and the store admins',
    zh: '该应用暂未开放购买；其安装包仅提供给开发者和商店管理员',
  },
  store_blocklet_blocked: {
    code: 'blocklet_blocked',
    type: 'permission_error',
    en: 'This application is blocked: {reason}',
    zh: '该应用已被封禁：{reason}',
  },
  store_review_in_progress: {
    code: 'review_in_progress',
    en: 'Version {version} is under review; cancel it or wait for the decision before uploading',
    zh: '版本 {version} 正在审核中；请先取消审核或等待审核结果后再上传',
  },
  store_version_not_greater: {
    code: 'version_not_greater',
    en: 'Version {version} must be greater than the latest version {latest}',
    zh: '版本 {version} 必须高于最新版本 {latest}',
  },
  store_name_taken: {
    code: 'name_taken',
    en: 'The name {name} is used by another application',
    zh: '名称 {name} 已被其他应用使用',
  },
  store_did_taken: {
    code: 'did_taken',
    en: 'An application with this DID exists',
    zh: '已存在使用该 DID 的应用',
  },
  store_review_transition_invalid: {
    code: 'review_transition_invalid',
    en: 'Cannot {action} version {version} while it is {status}',
    zh: '版本 {version} 当前状态为 {status}，不能执行 {action}',
  },
  store_token_invalid: {
    code: 'unauthenticated',
    type: 'authentication_error',
    en: 'Invalid or revoked access token',
    zh: '访问令牌无效或已被撤销',
  },
  store_bundle_too_large: {
    code: 'bundle_too_large',
    en: 'The bundle exceeds {limit} bytes',
    zh: '应用包超过 {limit} 字节',
  },
  // Store: manifest signing and the connect-CLI handoff.
  store_bundle_signature_missing: {
    code: 'bundle_signature_missing',
    en: 'This access token signs its uploads: send x-bundle-signature (the bundle sha512 signed with the token key)',
    zh: '此访问令牌的上传需要签名：请发送 x-bundle-signature（用令牌密钥签名的应用包 sha512）',
  },
  store_bundle_signature_invalid: {
    code: 'bundle_signature_invalid',
    en: 'The bundle signature does not match this bundle and access token',
    zh: '应用包签名与该应用包和访问令牌不匹配',
  },
  store_connect_session_invalid: {
    code: 'session_invalid',
    type: 'not_found_error',
    en: 'This connect session is invalid or has expired; run payshelf-store connect again',
    zh: '该连接会话无效或已过期；请重新运行 payshelf-store connect',
  },
  store_connect_session_used: {
    code: 'session_used',
    en: 'This connect session was already approved',
    zh: '该连接会话已被批准',
  },
  // Upload refusals about the bundle's own contents and headers.
  store_changelog_too_long: {
    code: 'changelog_invalid',
    en: 'x-blocklet-changelog is longer than {limit} bytes',
    zh: 'x-blocklet-changelog 超过 {limit} 字节',
  },
  store_changelog_encoding: {
    code: 'changelog_invalid',
    en: 'x-blocklet-changelog is not percent-encoded UTF-8',
    zh: 'x-blocklet-changelog 不是百分号编码的 UTF-8',
  },
  store_sha512_mismatch: {
    code: 'sha512_mismatch',
    en: 'The bundle does not match its x-bundle-sha512',
    zh: '上传的包与其 x-bundle-sha512 不符',
  },
  store_name_changed: {
    code: 'name_changed',
    en: 'The application is named {name}; the manifest says {manifest}',
    zh: '该应用名为 {name}，但清单中为 {manifest}',
  },
  store_developer_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: 'No such developer',
    zh: '开发者不存在',
  },
  store_token_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: 'No such access token',
    zh: '访问令牌不存在',
  },
  store_bearer_invalid: {
    code: 'unauthenticated',
    type: 'authentication_error',
    en: 'Invalid access token: expected `Authorization: Bearer pst_…`',
    zh: '访问令牌无效：应为 `Authorization: Bearer pst_…`',
  },
  store_version_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: 'No version {version} of this application',
    zh: '该应用没有 {version} 版本',
  },
  store_category_missing: { code: 'category_missing', en: 'No such category', zh: '分类不存在' },
  store_publish_refused: {
    code: 'review_transition_invalid',
    en: 'Version {version} cannot be published now',
    zh: '版本 {version} 现在不能发布',
  },
  store_bundle_not_in_place: {
    code: 'bundle_missing',
    type: 'api_error',
    en: 'The bundle of this version is not in place; not published',
    zh: '该版本的应用包不在存储中，未发布',
  },
  store_upload_in_progress: {
    code: 'upload_conflict',
    en: 'Another upload of this application is in progress; retry',
    zh: '该应用的另一次上传正在进行，请重试',
  },
  store_connect_rate_limited: {
    code: 'rate_limited',
    type: 'rate_limit_error',
    en: 'Too many connect requests; try again in a minute',
    zh: '连接请求过于频繁，请一分钟后再试',
  },
  store_bundle_media_type: {
    code: 'unsupported_media_type',
    en: 'Send the bundle as application/gzip',
    zh: '请以 application/gzip 发送应用包',
  },
  store_admin_required: {
    code: 'forbidden',
    type: 'permission_error',
    en: 'Only the store owner and admins may do this',
    zh: '仅商店所有者和管理员可执行此操作',
  },
  store_bundle_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: 'No such bundle',
    zh: '安装包不存在',
  },
  store_image_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: 'No such image',
    zh: '图片不存在',
  },
  store_version_unreadable: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: 'No such version',
    zh: '版本不存在',
  },
  store_category_not_found: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: 'No such category',
    zh: '分类不存在',
  },
  store_category_exists: {
    code: 'category_exists',
    en: 'A category named {name} exists',
    zh: '名为 {name} 的分类已存在',
  },
  icon_set_missing: {
    code: 'icon_set_missing',
    type: 'not_found_error',
    en: 'No icon set {id}',
    zh: '没有图标集 {id}',
  },
  icon_url_too_long: {
    code: 'uri_too_long',
    en: 'Icon URLs are limited to {limit} characters',
    zh: '图标地址最长 {limit} 个字符',
  },
} as const satisfies Record<string, CatalogEntry>;
