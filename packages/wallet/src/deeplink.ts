/** Hosts whose `/i/` links are DID Connect deep links (the QR code content). */
const DEEP_LINK_HOSTS = new Set(['abtwallet.io', 'didwallet.io']);

/**
 * Extracts the app's auth URL from a DID Connect deep link
 * (`https://abtwallet.io/i/?action=requestAuth&url=<encoded auth URL>`). The inner URL is encoded
 * twice by the server; both once- and twice-encoded forms are accepted. A bare http(s) auth URL is
 * accepted too.
 */
export function authUrlFromDeepLink(link: string): URL {
  let outer: URL;
  try {
    outer = new URL(link.trim());
  } catch {
    throw new Error('Not a DID Connect link: not a URL');
  }
  if (!DEEP_LINK_HOSTS.has(outer.hostname)) return requireHttp(outer);
  const action = outer.searchParams.get('action');
  if (action !== 'requestAuth')
    throw new Error(`Not a DID Connect link: unknown action ${action ?? '(none)'}`);
  let inner = outer.searchParams.get('url');
  if (!inner) throw new Error('Not a DID Connect link: no url parameter');
  for (let i = 0; i < 2 && !/^https?:\/\//i.test(inner); i++) inner = decodeURIComponent(inner);
  try {
    return requireHttp(new URL(inner));
  } catch {
    throw new Error('Not a DID Connect link: the url parameter is not a URL');
  }
}

function requireHttp(url: URL): URL {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Not a DID Connect link: unsupported scheme ${url.protocol}`);
  }
  return url;
}

/** The wallet only ever talks to the origin that the link named: a signed `url` elsewhere is refused. */
export function sameOrigin(a: URL, b: URL): boolean {
  return a.origin === b.origin;
}
