/** Strings of the cross-cutting platform pieces: language and theme switches, shared widgets. */
export const platformEn = {
  locale: {
    names: { en: 'English', zh: '中文' },
    switchTo: 'Switch language to {{language}}',
  },
  theme: {
    switchToDark: 'Switch to dark theme',
    switchToLight: 'Switch to light theme',
  },
  loading: 'Loading',
};
