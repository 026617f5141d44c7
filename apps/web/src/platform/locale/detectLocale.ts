import { LOCALE_COOKIE, readCookie } from './cookie';
import { LOCALE_QUERY_PARAM, resolveLocale, type Locale } from './locale';

/** The locale for this page load, read from the address, the cookie and the browser. */
export function detectLocale(doc: Document = document, nav: Navigator = navigator): Locale {
  const query = new URLSearchParams(doc.location.search).get(LOCALE_QUERY_PARAM);
  const languages = nav.languages.length > 0 ? nav.languages : [nav.language];
  return resolveLocale({ query, cookie: readCookie(doc.cookie, LOCALE_COOKIE), languages });
}
