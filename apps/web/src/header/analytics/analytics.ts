/** SPEC.md section 7: page views and events are counted by loading a script from the server. */
export const ANALYTICS_PREFIX = '/.well-known/analytics';
export const BEACON_DELAY_MS = 200;

function encodePath(path: string): string {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map(encodeURIComponent)
    .join('/');
}

/** `/store/apps` → `/.well-known/analytics/pv/store/apps`; the root page is `/pv/`. */
export function pageViewUrl(pathname: string): string {
  return `${ANALYTICS_PREFIX}/pv/${encodePath(pathname)}`;
}

export function eventUrl(name: string): string {
  return `${ANALYTICS_PREFIX}/evt/${encodeURIComponent(name)}`;
}

/**
 * Adds a script tag for `src` after 200 ms and removes it again once it has loaded (or failed).
 * Returns a cancel function for beacons not yet sent.
 */
export function sendBeacon(src: string, doc: Document = document, delayMs = BEACON_DELAY_MS): () => void {
  const timer = setTimeout(() => {
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    const remove = () => script.remove();
    script.addEventListener('load', remove, { once: true });
    script.addEventListener('error', remove, { once: true });
    doc.head.appendChild(script);
  }, delayMs);
  return () => clearTimeout(timer);
}

export function trackPageView(pathname: string): () => void {
  return sendBeacon(pageViewUrl(pathname));
}

export function trackEvent(name: string): () => void {
  return sendBeacon(eventUrl(name));
}
