// The relay socket (SPEC section 4): subscribe to the session's topic, ping every 30 s, report the
// checkout.session.completed event of this session.

export const RELAY_PATH = '/.well-known/service/relay/websocket';
export const PING_MS = 30_000;

export function isCompletedEvent(raw: unknown, sessionId: string): boolean {
  if (typeof raw !== 'string') return false;
  try {
    const message = JSON.parse(raw) as Record<string, unknown>;
    return (
      message.type === 'event' &&
      message.event === 'checkout.session.completed' &&
      message.topic === `checkout_session:${sessionId}`
    );
  } catch {
    return false;
  }
}

/** Opens the socket; answers the function that closes it. Failing sockets are ignored (polling remains). */
export function watchCheckout(sessionId: string, onCompleted: () => void): () => void {
  if (typeof WebSocket === 'undefined') return () => undefined;
  const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${RELAY_PATH}`;
  let socket: WebSocket;
  try {
    socket = new WebSocket(url);
  } catch {
    return () => undefined;
  }
  const ping = setInterval(() => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'ping' }));
  }, PING_MS);
  socket.addEventListener('open', () =>
    socket.send(JSON.stringify({ type: 'subscribe', topic: `checkout_session:${sessionId}` })),
  );
  socket.addEventListener('message', (event: MessageEvent) => {
    if (isCompletedEvent(event.data, sessionId)) onCompleted();
  });
  return () => {
    clearInterval(ping);
    socket.close();
  };
}
