/**
 * Tells listeners when tracked requests start and end: GET fetches (fetch is wrapped once, here) and
 * websockets while they connect. Nothing else on window is touched.
 */
export interface RequestListener {
  begin: () => void;
  end: () => void;
}

const listeners = new Set<RequestListener>();
let installed = false;

export function subscribeRequests(listener: RequestListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function begin(): () => void {
  const current = [...listeners];
  for (const l of current) l.begin();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    for (const l of current) l.end();
  };
}

function methodOf(input: RequestInfo | URL, init?: RequestInit): string {
  if (init?.method) return init.method.toUpperCase();
  if (typeof Request !== 'undefined' && input instanceof Request) return input.method.toUpperCase();
  return 'GET';
}

/** Wraps `window.fetch` (once per page) so GET requests are tracked. */
export function installFetchTracker(win: Window = window): void {
  if (installed) return;
  installed = true;
  const original = win.fetch.bind(win);
  win.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (methodOf(input, init) !== 'GET') return original(input, init);
    const done = begin();
    return original(input, init).finally(done);
  };
}

/** Tracks a websocket until it opens, fails or closes. */
export function trackSocket(socket: WebSocket): WebSocket {
  const done = begin();
  socket.addEventListener('open', done, { once: true });
  socket.addEventListener('error', done, { once: true });
  socket.addEventListener('close', done, { once: true });
  return socket;
}
