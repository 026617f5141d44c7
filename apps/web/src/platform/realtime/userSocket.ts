/** The user notifications websocket (SPEC.md section 7): JSON topics, a ping every 100 s, reconnects. */
export const USER_SOCKET_PATH = '/.well-known/service/user/websocket';
export const HEARTBEAT_MS = 100_000;
const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

/** Delay before reconnect attempt `attempt` (0-based): 1 s doubling up to 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
}

export interface SocketEvent {
  topic: string;
  event: string;
  data: unknown;
}

/** Reads an `{type:'event', topic, event, data}` frame; anything else (hello, pong, subscribed) is ignored. */
export function parseSocketEvent(raw: string): SocketEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const frame = value as Record<string, unknown>;
  if (frame.type !== 'event' || typeof frame.topic !== 'string' || typeof frame.event !== 'string')
    return undefined;
  return { topic: frame.topic, event: frame.event, data: frame.data };
}

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, path = USER_SOCKET_PATH): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

export interface UserSocketOptions {
  url: string;
  topic: string;
  onEvent: (event: SocketEvent) => void;
  /** Called after every (re)connect, so callers can reload what they may have missed. */
  onOpen?: () => void;
  createSocket?: (url: string) => WebSocket;
}

/** Opens the socket and keeps it open until the returned function is called. */
export function connectUserSocket(options: UserSocketOptions): () => void {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | undefined;
  let attempt = 0;
  let stopped = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const send = (value: unknown) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(value));
  };

  const open = () => {
    if (stopped) return;
    socket = create(options.url);
    socket.addEventListener('open', () => {
      attempt = 0;
      send({ type: 'subscribe', topic: options.topic });
      heartbeat = setInterval(() => send({ type: 'ping' }), HEARTBEAT_MS);
      options.onOpen?.();
    });
    socket.addEventListener('message', (message: MessageEvent) => {
      if (typeof message.data !== 'string') return;
      const event = parseSocketEvent(message.data);
      if (event && event.topic === options.topic) options.onEvent(event);
    });
    socket.addEventListener('close', () => {
      clearInterval(heartbeat);
      if (stopped) return;
      retry = setTimeout(open, backoffDelay(attempt));
      attempt += 1;
    });
  };

  open();
  return () => {
    stopped = true;
    clearInterval(heartbeat);
    clearTimeout(retry);
    socket?.close(1000);
  };
}
