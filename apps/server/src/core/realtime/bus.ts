import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';

export interface RealtimeMessage {
  id: string;
  topic: string;
  event: string;
  data: unknown;
  /** Milliseconds since the epoch when it was published. */
  at: number;
}

type Listener = (message: RealtimeMessage) => void;
/** The topics a listener wants; a listener without one hears every topic. */
export type TopicFilter = (topic: string) => boolean;
/** publishMany's payload: entries each sent to several topics. */
interface Bundle {
  bundle: Array<{ topics: string[]; event: string; data: unknown; at: number }>;
}
/**
 * publishEvents' payload: messages whose data is the object of a stored event (`events.data.object`),
 * each sent to several topics; receivers read the objects by id.
 */
interface EventBundle {
  events: Array<{ id: string; topics: string[]; event: string }>;
  at: number;
}
type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

const CHANNEL = 'payshelf_realtime';
/** NOTIFY payloads must stay under 8000 bytes; larger messages travel by reference. */
const MAX_INLINE = 7000;

/**
 * Cross-process fan-out over PostgreSQL LISTEN/NOTIFY. `publish` inside a transaction is delivered only
 * if and when that transaction commits, so subscribers never see an event for a change that rolled back.
 * Every process, including the publisher, receives each message once through its LISTEN connection.
 */
export class RealtimeBus {
  private listener: pg.Client | null = null;
  private readonly listeners = new Map<Listener, TopicFilter | null>();
  private readonly connectedListeners = new Set<() => void>();
  private stopping = false;
  private retryMs = 250;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopping = false;
    await this.connect();
  }

  /** Whether the LISTEN connection is up (while it is down, messages of other processes are missed). */
  get listening(): boolean {
    return this.listener !== null;
  }

  /** Called each time the LISTEN connection is (re)established, e.g. to drop state that missed messages. */
  onListening(listener: () => void): () => void {
    this.connectedListeners.add(listener);
    return () => this.connectedListeners.delete(listener);
  }

  /**
   * Hears the messages of the topics `wants` accepts (all without it). Messages no listener of this
   * process wants are dropped on arrival: a batch's stored event objects are then not read at all.
   */
  subscribe(listener: Listener, wants: TopicFilter | null = null): () => void {
    this.listeners.set(listener, wants);
    return () => this.listeners.delete(listener);
  }

  private wanted(topic: string): boolean {
    for (const wants of this.listeners.values()) if (!wants || wants(topic)) return true;
    return false;
  }

  async publish(
    topic: string,
    event: string,
    data: unknown,
    db: Queryable = this.pool,
  ): Promise<RealtimeMessage> {
    const message: RealtimeMessage = { id: randomUUID(), topic, event, data, at: Date.now() };
    const text = JSON.stringify(message);
    if (Buffer.byteLength(text) <= MAX_INLINE) {
      await db.query('SELECT pg_notify($1, $2)', [CHANNEL, text]);
    } else {
      const row = await db.query<{ id: string }>(
        'INSERT INTO realtime_overflow (payload) VALUES ($1) RETURNING id',
        [text],
      );
      await db.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ ref: row.rows[0]?.id })]);
    }
    return message;
  }

  /**
   * Many messages in one NOTIFY (by reference when large): a batch (a renewal run) announces its
   * changes with one notification. Each entry goes to all its topics (stored once); every listener
   * still receives one message per topic, in order.
   */
  async publishMany(
    entries: ReadonlyArray<{ topics: readonly string[]; event: string; data: unknown }>,
    db: Queryable = this.pool,
  ): Promise<void> {
    if (entries.length === 0) return;
    const at = Date.now();
    const text = JSON.stringify({ bundle: entries.map((e) => ({ ...e, at })) });
    if (Buffer.byteLength(text) <= MAX_INLINE) {
      await db.query('SELECT pg_notify($1, $2)', [CHANNEL, text]);
      return;
    }
    const row = await db.query<{ id: string }>(
      'INSERT INTO realtime_overflow (payload) VALUES ($1) RETURNING id',
      [text],
    );
    await db.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ ref: row.rows[0]?.id })]);
  }

  /**
   * publishMany for messages whose data is a stored event's object (a batch renewal's events): the
   * bundle carries the event ids only (stored by reference, one NOTIFY) and each receiver reads the
   * objects from `events` after the commit, so the writer never serialises them. Listeners get the same
   * messages as from publishMany.
   */
  async publishEvents(
    entries: ReadonlyArray<{ id: string; topics: readonly string[]; event: string }>,
    db: Queryable = this.pool,
  ): Promise<void> {
    if (entries.length === 0) return;
    const events = entries.map((e) => ({ ...e, topics: [...e.topics] }));
    const bundle: EventBundle = { events, at: Date.now() };
    await db.query(
      `WITH o AS (INSERT INTO realtime_overflow (payload) VALUES ($2) RETURNING id)
       SELECT pg_notify($1, json_build_object('ref', o.id::text)::text) FROM o`,
      [CHANNEL, JSON.stringify(bundle)],
    );
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const client = this.listener;
    this.listener = null;
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) void this.receive(n.payload);
    });
    client.on('error', (err) => this.log.warn({ err }, 'realtime listener connection error'));
    client.on('end', () => {
      if (this.stopping || this.listener !== client) return;
      this.listener = null;
      this.reconnectSoon();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
    this.retryMs = 250;
    for (const listener of this.connectedListeners) listener();
  }

  private reconnectSoon(): void {
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    this.log.warn({ waitMs: wait }, 'realtime listener lost; reconnecting');
    setTimeout(() => {
      if (this.stopping) return;
      this.connect().catch((err: unknown) => {
        this.log.warn({ err }, 'realtime listener reconnect failed');
        this.reconnectSoon();
      });
    }, wait).unref();
  }

  /**
   * An event bundle as a plain bundle of the entries some listener wants: each event's stored object read
   * by id (one query, none when nothing is wanted).
   */
  private async eventMessages(all: EventBundle): Promise<Bundle> {
    const events = all.events.flatMap((e) => {
      const topics = e.topics.filter((t) => this.wanted(t));
      return topics.length === 0 ? [] : [{ ...e, topics }];
    });
    const bundle = { events, at: all.at };
    if (events.length === 0) return { bundle: [] };
    const rows = await this.pool.query<{ id: string; object: unknown }>(
      `SELECT id, data->'object' AS object FROM events WHERE id = ANY($1::text[])`,
      [bundle.events.map((e) => e.id)],
    );
    const objects = new Map(rows.rows.map((r) => [r.id, r.object]));
    return {
      bundle: bundle.events.flatMap((e) => {
        const object = objects.get(e.id);
        return object === undefined
          ? []
          : [{ topics: e.topics, event: e.event, data: object, at: bundle.at }];
      }),
    };
  }

  private async receive(payload: string): Promise<void> {
    try {
      let parsed = JSON.parse(payload) as RealtimeMessage | Bundle | EventBundle | { ref: string };
      if ('ref' in parsed) {
        const row = await this.pool.query<{ payload: string }>(
          'SELECT payload::text AS payload FROM realtime_overflow WHERE id = $1',
          [parsed.ref],
        );
        const stored = row.rows[0]?.payload;
        if (!stored) return;
        parsed = JSON.parse(stored) as RealtimeMessage | Bundle | EventBundle;
      }
      if ('events' in parsed) parsed = await this.eventMessages(parsed);
      // A bundle (publishMany): one message per entry and topic, in order.
      const messages: RealtimeMessage[] =
        'bundle' in parsed
          ? parsed.bundle.flatMap((e) =>
              e.topics
                .filter((topic) => this.wanted(topic))
                .map((topic) => ({ id: randomUUID(), topic, event: e.event, data: e.data, at: e.at })),
            )
          : [parsed];
      for (const message of messages) {
        for (const [listener, wants] of this.listeners) {
          if (!wants || wants(message.topic)) listener(message);
        }
      }
    } catch (err) {
      this.log.error({ err }, 'bad realtime payload');
    }
  }
}
