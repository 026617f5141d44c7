import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { RealtimeBus, RealtimeMessage } from './bus.js';

/** Decides whether the caller of this socket may receive a topic (e.g. only its own user topic). */
export type TopicRule = (topic: string, request: FastifyRequest) => boolean | Promise<boolean>;

export interface SocketEndpoint {
  path: string;
  /** The client sends something (a ping at least) this often; silence for twice as long closes the socket. */
  heartbeatSeconds: number;
}

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topic: z.string().min(1).max(200) }),
  z.object({ type: z.literal('unsubscribe'), topic: z.string().min(1).max(200) }),
  z.object({ type: z.literal('ping') }),
]);

const MAX_TOPICS_PER_SOCKET = 50;

interface Connection {
  socket: WebSocket;
  topics: Set<string>;
}

/**
 * Websocket endpoints on top of the realtime bus. Clients subscribe to topics; each topic prefix has a
 * rule that says who may listen. A message published anywhere in the cluster reaches every socket of
 * every process subscribed to its topic.
 */
export class RealtimeHub {
  private readonly rules: Array<{ prefix: string; rule: TopicRule }> = [];
  private readonly connections = new Set<Connection>();

  constructor(bus: RealtimeBus) {
    bus.subscribe(
      (message) => this.deliver(message),
      (topic) => this.listensTo(topic),
    );
  }

  /** Registers who may subscribe to topics starting with `prefix` (longest prefix wins). */
  allow(prefix: string, rule: TopicRule): void {
    this.rules.push({ prefix, rule });
    this.rules.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  get size(): number {
    return this.connections.size;
  }

  mount(app: FastifyInstance, endpoint: SocketEndpoint): void {
    app.get(endpoint.path, { websocket: true }, (socket, request) => {
      const connection: Connection = { socket, topics: new Set() };
      this.connections.add(connection);
      let lastHeard = Date.now();
      const timer = setInterval(() => {
        if (Date.now() - lastHeard > endpoint.heartbeatSeconds * 2000) socket.terminate();
        else socket.ping();
      }, endpoint.heartbeatSeconds * 1000);
      timer.unref();
      const send = (value: unknown) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(value));
      };
      send({ type: 'hello', heartbeat: endpoint.heartbeatSeconds });
      socket.on('pong', () => (lastHeard = Date.now()));
      socket.on('close', () => {
        clearInterval(timer);
        this.connections.delete(connection);
      });
      socket.on('message', (raw) => {
        lastHeard = Date.now();
        void this.handle(connection, request, String(raw), send);
      });
    });
  }

  closeAll(): void {
    for (const c of this.connections) c.socket.close(1001, 'server shutting down');
  }

  private async handle(c: Connection, request: FastifyRequest, raw: string, send: (v: unknown) => void) {
    let parsedJson: unknown;
    try {
      parsedJson = JSON.parse(raw);
    } catch {
      return send({ type: 'error', code: 'invalid_message', message: 'Messages must be JSON' });
    }
    const parsed = clientMessage.safeParse(parsedJson);
    if (!parsed.success) return send({ type: 'error', code: 'invalid_message', message: 'Unknown message' });
    const msg = parsed.data;
    if (msg.type === 'ping') return send({ type: 'pong' });
    if (msg.type === 'unsubscribe') {
      c.topics.delete(msg.topic);
      return send({ type: 'unsubscribed', topic: msg.topic });
    }
    if (c.topics.size >= MAX_TOPICS_PER_SOCKET) {
      return send({
        type: 'error',
        code: 'too_many_topics',
        message: 'Too many subscriptions',
        topic: msg.topic,
      });
    }
    const entry = this.rules.find((r) => msg.topic.startsWith(r.prefix));
    const allowed = entry ? await entry.rule(msg.topic, request) : false;
    if (!allowed)
      return send({
        type: 'error',
        code: 'forbidden',
        message: 'Not allowed to subscribe',
        topic: msg.topic,
      });
    c.topics.add(msg.topic);
    send({ type: 'subscribed', topic: msg.topic });
  }

  /** Whether a socket of this process is subscribed to `topic`. */
  private listensTo(topic: string): boolean {
    for (const c of this.connections) if (c.topics.has(topic)) return true;
    return false;
  }

  private deliver(message: RealtimeMessage): void {
    let text: string | null = null;
    for (const c of this.connections) {
      if (!c.topics.has(message.topic) || c.socket.readyState !== c.socket.OPEN) continue;
      text ??= JSON.stringify({ type: 'event', ...message });
      c.socket.send(text);
    }
  }
}
