import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Public icon hosts the header's icon component falls back to after our own /.well-known/service/icons. */
const ICON_HOSTS = ['https://api.iconify.design', 'https://api.simplesvg.com', 'https://api.unisvg.com'];

export interface SecurityHeaderOptions {
  paymentMount: string;
  /** Origins (CHECKOUT_FRAME_ANCESTORS) that may show the checkout in an iframe, besides ourselves. */
  checkoutFrameAncestors: readonly string[];
  /** Origins of the payment rails' browser parts (a card provider's script, API and frames). */
  railOrigins?: RailPageOrigins;
}

export interface RailPageOrigins {
  script: readonly string[];
  connect: readonly string[];
  frame: readonly string[];
}

const NO_RAIL_ORIGINS: RailPageOrigins = { script: [], connect: [], frame: [] };
const listed = (origins: readonly string[]) => origins.map((o) => ` ${o}`).join('');

/**
 * The checkout pages in their embeddable form: `${mount}/checkout/pay|link/…` with `mode=inline`
 * or `mode=minimal`, or `embed=1`. Only these may be framed, and only by the configured origins.
 */
export function isEmbeddableCheckout(url: string, paymentMount: string): boolean {
  const [pathname = '', search = ''] = url.split('?', 2);
  const mount = paymentMount === '/' ? '' : paymentMount;
  if (!pathname.startsWith(`${mount}/`)) return false;
  if (!/^\/checkout\/(pay|link)\/[^/]+\/?$/.test(pathname.slice(mount.length))) return false;
  const query = new URLSearchParams(search);
  const mode = query.get('mode');
  return mode === 'inline' || mode === 'minimal' || query.get('embed') === '1';
}

/**
 * The page policy: scripts only from our origin (the built app has no inline script); styles also
 * inline, as the UI library (emotion) injects its style tags at run time; images from anywhere over
 * https (product images and currency logos are merchant URLs); network calls to our origin, its
 * websocket, and the public icon hosts; no plugins; forms post only to us. The payment rails' browser
 * parts (a card provider's script, its API and its frames) are allowed by their origins.
 */
export function contentSecurityPolicy(
  host: string,
  frameAncestors: string,
  rails: RailPageOrigins = NO_RAIL_ORIGINS,
): string {
  return [
    "default-src 'self'",
    `script-src 'self'${listed(rails.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ws://${host} wss://${host} ${ICON_HOSTS.join(' ')}${listed(rails.connect)}`,
    `frame-src 'self'${listed(rails.frame)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

export function securityHeaders(
  request: Pick<FastifyRequest, 'url' | 'host' | 'protocol'>,
  options: SecurityHeaderOptions,
): Record<string, string> {
  const embeddable = isEmbeddableCheckout(request.url, options.paymentMount);
  const ancestors = embeddable ? ["'self'", ...options.checkoutFrameAncestors].join(' ') : "'none'";
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(request.host, ancestors, options.railOrigins),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  // X-Frame-Options cannot name several origins; the embeddable checkout relies on frame-ancestors.
  if (!embeddable) headers['x-frame-options'] = 'DENY';
  // Only over https: over plain http the header is meaningless and would pin a test host to https.
  if (request.protocol === 'https') headers['strict-transport-security'] = 'max-age=31536000';
  return headers;
}

/** Distinct (protocol, host, embeddable) header sets kept; a host is client-chosen, so the set is bounded. */
const KEPT_HEADER_SETS = 64;

/**
 * Sets the headers on every response (routes may still replace them, e.g. avatars' stricter CSP). They
 * depend only on the protocol, the host and whether the URL is an embeddable checkout, so each such set
 * is built once and reused.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const kept = new Map<string, Record<string, string>>();
  app.addHook('onRequest', (request, reply, done) => {
    const embeddable =
      request.url.includes('/checkout/') && isEmbeddableCheckout(request.url, options.paymentMount);
    const key = `${embeddable ? 'e' : 'p'} ${request.protocol} ${request.host}`;
    let headers = kept.get(key);
    if (!headers) {
      if (kept.size >= KEPT_HEADER_SETS) kept.clear();
      headers = securityHeaders(request, options);
      kept.set(key, headers);
    }
    reply.headers(headers);
    done();
  });
}
