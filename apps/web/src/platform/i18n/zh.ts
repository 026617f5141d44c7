import type { platformEn } from './en';

export const platformZh: typeof platformEn = {
  locale: {
    names: { en: 'English', zh: '中文' },
    switchTo: '切换语言为{{language}}',
  },
  theme: {
    switchToDark: '切换到深色主题',
    switchToLight: '切换到浅色主题',
  },
  loading: '加载中',
};
