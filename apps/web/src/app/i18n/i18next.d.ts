import type { Messages } from './resources';

// Types every t() key: a misspelt or missing key fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
