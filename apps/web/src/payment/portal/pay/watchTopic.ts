// The relay socket (SPEC §7) for one topic: calls `onEvent` with every message; pings every 30 s.
// A failing socket is ignored (the pay flow polls anyway).
import { PING_MS, RELAY_PATH } from '../../checkout/logic/relay';

export function watchTopic(topic: string, onMessage: (data: unknown) => void): () => void {
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
  socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'subscribe', topic })));
  socket.addEventListener('message', (event: MessageEvent) => onMessage(event.data));
  return () => {
    clearInterval(ping);
    socket.close();
  };
}
