/**
 * Turns a return address from the query string (`?referer=`) into a same-origin path, or undefined.
 * Absolute URLs on another origin, protocol-relative `//host` and `javascript:` are refused, so a
 * crafted link cannot send the user elsewhere (open redirect).
 */
export function safeReturnPath(raw: string | null | undefined, origin: string): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
