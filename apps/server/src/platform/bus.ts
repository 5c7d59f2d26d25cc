import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Events every node needs (the feed leader's ticks, a user's order updates for whichever node holds the
 * user's socket): Redis pub/sub when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY on a PostgreSQL database,
 * in process on the embedded database (one node). Messages are JSON; delivery is at most once.
 */
export interface Bus {
  publish(topic: string, message: unknown): Promise<void>;
  subscribe(topic: string, handler: (message: unknown) => void): Promise<void>;
  close(): Promise<void>;
}

export class InProcessBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(100);

  async publish(topic: string, message: unknown): Promise<void> {
    // Asynchronous like the networked buses, and a copy, so no subscriber shares the publisher's objects.
    const copy = JSON.parse(JSON.stringify(message));
    queueMicrotask(() => this.emitter.emit(topic, copy));
  }

  async subscribe(topic: string, handler: (message: unknown) => void): Promise<void> {
    this.emitter.on(topic, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisBus implements Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, ((m: unknown) => void)[]>();

  constructor(
    url: string,
    private readonly prefix = 'nexa:',
  ) {
    this.pub = new Redis(url, { maxRetriesPerRequest: 2 });
    this.sub = new Redis(url);
    this.sub.on('message', (channel: string, payload: string) => {
      const topic = channel.slice(this.prefix.length);
      for (const h of this.handlers.get(topic) ?? []) h(JSON.parse(payload));
    });
  }

  async publish(topic: string, message: unknown): Promise<void> {
    await this.pub.publish(this.prefix + topic, JSON.stringify(message));
  }

  async subscribe(topic: string, handler: (message: unknown) => void): Promise<void> {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
    if (list.length === 1) await this.sub.subscribe(this.prefix + topic);
  }

  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

/** LISTEN/NOTIFY carries at most 8000 bytes a message: publishers keep messages small (one product each). */
export class PgNotifyBus implements Bus {
  private readonly listener: pg.Client;
  private readonly handlers = new Map<string, ((m: unknown) => void)[]>();
  private readonly ready: Promise<void>;

  constructor(
    private readonly pool: pg.Pool,
    connectionString: string,
  ) {
    this.listener = new pg.Client({ connectionString });
    this.listener.on('notification', (n) => {
      const topic = this.topics.get(n.channel);
      if (topic === undefined) return;
      for (const h of this.handlers.get(topic) ?? []) h(JSON.parse(n.payload ?? 'null'));
    });
    this.listener.on('error', () => {});
    this.ready = this.listener.connect().then(() => undefined);
  }

  /** PostgreSQL channel name → topic. */
  private readonly topics = new Map<string, string>();

  /** Topics are free text; channels are lower-case identifiers, quoted when used. */
  private channel(topic: string) {
    const channel = `nexa_${topic.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
    this.topics.set(channel, topic);
    return channel;
  }

  private last: Promise<unknown> = Promise.resolve();
  private closed = false;

  /**
   * In order: each NOTIFY waits for the one before, so subscribers see messages as they were published.
   * After close a publish is dropped (delivery is at most once), so nothing queued touches an ended pool.
   */
  publish(topic: string, message: unknown): Promise<void> {
    if (this.closed) return Promise.resolve();
    const payload = JSON.stringify(message);
    const next = this.last.then(() =>
      this.closed ? undefined : this.pool.query('SELECT pg_notify($1, $2)', [this.channel(topic), payload]),
    );
    this.last = next.catch(() => {});
    return next.then(() => undefined);
  }

  async subscribe(topic: string, handler: (message: unknown) => void): Promise<void> {
    await this.ready;
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
    if (list.length === 1) await this.listener.query(`LISTEN "${this.channel(topic)}"`);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.last;
    await this.listener.end().catch(() => {});
  }
}
