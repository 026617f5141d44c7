import { socketServerMessage, type SocketServerMessage } from '@payshelf/api';
import WebSocket from 'ws';

/** A websocket test client that collects server messages and can wait for one matching a predicate. */
export async function openSocket(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const received: SocketServerMessage[] = [];
  const waiters: Array<{
    match: (m: SocketServerMessage) => boolean;
    resolve: (m: SocketServerMessage) => void;
  }> = [];
  ws.on('message', (raw) => {
    const message = socketServerMessage.parse(JSON.parse(String(raw)));
    received.push(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (match: (m: SocketServerMessage) => boolean, timeoutMs = 10_000) =>
    new Promise<SocketServerMessage>((resolve, reject) => {
      const seen = received.find(match);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error('timed out waiting for a socket message')), timeoutMs);
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  return {
    received,
    next,
    send: (value: unknown) => ws.send(JSON.stringify(value)),
    close: () => ws.close(),
  };
}

export function socketUrl(httpUrl: string, path: string): string {
  return httpUrl.replace(/^http/, 'ws') + path;
}
