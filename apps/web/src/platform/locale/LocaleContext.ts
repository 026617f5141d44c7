import { createContext } from 'react';
import type { Locale } from './locale';

export interface LocaleContextValue {
  locale: Locale;
  /** Switches the interface language, remembers it in the locale cookie and keeps `?locale=` in step. */
  setLocale: (locale: Locale) => void;
}

export const LocaleContext = createContext<LocaleContextValue | null>(null);
