import i18next, { type i18n, type Resource } from 'i18next';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '../locale/locale';

/**
 * One i18next instance per app (and per test), initialised synchronously from bundled resources so
 * the first render is already translated. Handed to React through <I18nextProvider>.
 */
export function createI18n(locale: Locale, resources: Resource): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    resources,
    initAsync: false,
    returnNull: false,
    // React escapes text itself.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Keeps `<html lang>` equal to the interface language, for screen readers, fonts and hyphenation. */
export function bindDocumentLanguage(instance: i18n, doc: Document = document): () => void {
  const apply = (language: string) => {
    doc.documentElement.lang = language;
  };
  apply(instance.language);
  instance.on('languageChanged', apply);
  return () => instance.off('languageChanged', apply);
}
