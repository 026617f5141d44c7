/**
 * Attribute of the cookie banner the build writes into index.html as plain HTML (build/cookieBanner.ts),
 * so it shows with the first paint; the React banner takes its place once the app runs.
 */
export const STATIC_COOKIE_BANNER_ATTRIBUTE = 'data-static-cookie-banner';

/** Removes the HTML banner(s) (whether or not the React one shows: an answer or a frame hides both). */
export function removeStaticBanner(doc: Document = document): void {
  for (const el of doc.querySelectorAll(`[${STATIC_COOKIE_BANNER_ATTRIBUTE}]`)) el.remove();
}
