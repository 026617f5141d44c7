import type { CodeText } from './text.js';

/** Default texts of the store: uploads, bundles, categories and review. */
export const STORE_TEXT = {
  blocklet_blocked: { en: 'This application is blocked', zh: '该应用已被封禁' },
  bundle_missing: { en: 'The bundle is missing', zh: '缺少应用包' },
  bundle_not_gzip: { en: 'The bundle is not gzip-compressed', zh: '应用包不是 gzip 压缩格式' },
  bundle_bad_tar: { en: 'The bundle is not a valid tar archive', zh: '应用包不是有效的 tar 归档' },
  bundle_unsafe_path: { en: 'The bundle has an unsafe file path', zh: '应用包含有不安全的文件路径' },
  bundle_link: { en: 'The bundle may not contain links', zh: '应用包不能包含链接文件' },
  bundle_bomb: { en: 'The bundle unpacks to too much data', zh: '应用包解压后过大' },
  bundle_manifest_missing: { en: 'The bundle has no manifest', zh: '应用包缺少清单文件' },
  bundle_manifest_invalid: { en: 'The bundle manifest is invalid', zh: '应用包清单无效' },
  bundle_image_invalid: { en: 'An image in the bundle is invalid', zh: '应用包中的图片无效' },
  bundle_signature_invalid: { en: 'The bundle signature is invalid', zh: '应用包签名无效' },
  bundle_signature_missing: { en: 'The bundle is not signed', zh: '应用包未签名' },
  bundle_too_large: { en: 'The bundle is too large', zh: '应用包过大' },
  category_exists: { en: 'This category already exists', zh: '该分类已存在' },
  category_missing: { en: 'No such category', zh: '分类不存在' },
  changelog_invalid: { en: 'The changelog is invalid', zh: '更新日志无效' },
  icon_set_missing: { en: 'The icon set is missing', zh: '缺少图标' },
  name_changed: { en: 'The application name cannot change', zh: '应用名称不可更改' },
  name_taken: { en: 'This name is taken', zh: '该名称已被占用' },
  review_in_progress: { en: 'A review is in progress', zh: '审核正在进行中' },
  review_transition_invalid: { en: 'The review cannot move to that state', zh: '审核无法转到该状态' },
  sha512_mismatch: { en: 'The checksum does not match', zh: '校验和不匹配' },
  upload_conflict: { en: 'Another upload is in progress', zh: '已有其他上传正在进行' },
  version_not_greater: { en: 'The version must be greater than the last one', zh: '版本号必须大于上一版本' },
} as const satisfies Record<string, CodeText>;
