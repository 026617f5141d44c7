/**
 * The page only ever navigates to web addresses: an http(s) URL comes back normalised, anything else
 * (`javascript:`, `data:`, relative text, garbage) is null and the page stays where it is.
 */
export function webUrl(text: string | null | undefined): string | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
