import type { productTextsEn } from './productTextsEn';

export const productTextsZh: typeof productTextsEn = {
  translated: '使用此语言的访客看到“{{name}}”',
};
