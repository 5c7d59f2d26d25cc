import { EventEmitter } from 'node:events';
import { type BusData, type BusMessage, type BusTopic, type SessionRevocation, busTopics } from '@nexa/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Reconnector, backoffDelay } from './loops.js';

/**
 * Events every node needs (the feed leader's ticks, a user's order updates for whichever node holds the
 * user's socket): Redis pub/sub when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY on a PostgreSQL database,
 * in process on the embedded database (one node). Messages are JSON; delivery is at most once.
 */
export interface Bus {
  publish<T extends BusTopic>(topic: T, message: BusMessage<T>): Promise<void>;
  /** Several messages in order, in as few round trips as the transport allows (see `Transport.publishMany`). */
  publishMany<T extends BusTopic>(topic: T, messages: BusMessage<T>[]): Promise<void>;
  /** `handler` gets only messages that match the topic's contract schema (`busTopics`). */
  subscribe<T extends BusTopic>(topic: T, handler: (message: BusData<T>) => void): Promise<void>;
  /**
   * A part of a message a consumer dropped because it did not match its schema (the hub's user events, which it
   * parses only for the users it holds): counted and reported as the bus's own refusals are.
   */
  reportInvalid(topic: BusTopic, issues: unknown): void;
  /** Whether the subscribing connection is up now (readiness; a probe checks that messages come back). */
  connected(): boolean;
  close(): Promise<void>;
}

/** What carries the bytes: Redis, PostgreSQL NOTIFY or in process. Topics are free text here, messages unchecked. */
export interface Transport {
  publish(topic: string, message: unknown): Promise<void>;
  /**
   * Several messages in order, in one round trip (PostgreSQL: one statement; Redis: one pipeline). Identical messages
   * in one call may arrive once (PostgreSQL folds identical notifications of one transaction): callers send messages
   * that differ, as user events do (each carries its number), or whose repeats mean nothing.
   */
  publishMany(topic: string, messages: unknown[]): Promise<void>;
  subscribe(topic: string, handler: (message: unknown) => void): Promise<void>;
  connected(): boolean;
  close(): Promise<void>;
}

/** Messages dropped because they did not match their topic's schema, by topic (a metric). */
export const invalidBusMessages = new Map<string, number>();

/**
 * The bus the modules use: a transport whose every received message is parsed by its topic's contract schema.
 * What does not match is dropped, counted and reported once a topic, never handed to a consumer. (`user-events`'
 * schema is the envelope: the hub parses each event for the users it holds and reports refusals through
 * `reportInvalid`.)
 */
export function typedBus(transport: Transport, onInvalid?: (topic: string, error: unknown) => void): Bus {
  const reportInvalid = (topic: string, issues: unknown) => {
    const seen = invalidBusMessages.get(topic) ?? 0;
    invalidBusMessages.set(topic, seen + 1);
    if (seen === 0) onInvalid?.(topic, issues);
  };
  return {
    publish: (topic, message) => transport.publish(topic, message),
    publishMany: (topic, messages) => transport.publishMany(topic, messages),
    subscribe: (topic, handler) =>
      transport.subscribe(topic, (raw) => {
        const parsed = busTopics[topic].safeParse(raw);
        if (parsed.success) return handler(parsed.data as BusData<typeof topic>);
        reportInvalid(topic, parsed.error.issues.slice(0, 5));
      }),
    reportInvalid,
    connected: () => transport.connected(),
    close: () => transport.close(),
  };
}

export class InProcessBus implements Transport {
  private readonly emitter = new EventEmitter().setMaxListeners(100);

  async publish(topic: string, message: unknown): Promise<void> {
    // Asynchronous like the networked buses, and a copy, so no subscriber shares the publisher's objects.
    const copy = JSON.parse(JSON.stringify(message));
    queueMicrotask(() => this.emitter.emit(topic, copy));
  }

  async publishMany(topic: string, messages: unknown[]): Promise<void> {
    for (const message of messages) await this.publish(topic, message);
  }

  async subscribe(topic: string, handler: (message: unknown) => void): Promise<void> {
    this.emitter.on(topic, handler);
  }

  connected(): boolean {
    return true;
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Reconnect back-off of every bus connection: from 250 ms, doubling, at most 5 s. */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

export class RedisBus implements Transport {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, ((m: unknown) => void)[]>();

  constructor(
    url: string,
    private readonly prefix = 'nexa:',
  ) {
    // ioredis 6: SUBSCRIBE is never written into the connection handshake (5.x could, leaving a node deaf);
    // subscriptions are restored after every reconnect. Errors are reconnects, never the end of the process.
    // Reconnects back off as the NOTIFY listener's do: 250 ms doubling, at most 5 s apart, for ever.
    const retryStrategy = (times: number) => backoffDelay(times - 1, RECONNECT_MIN_MS, RECONNECT_MAX_MS);
    this.pub = new Redis(url, { maxRetriesPerRequest: 2, retryStrategy });
    // A SUBSCRIBE waits for the connection however long Redis is away (a node starts during an outage).
    this.sub = new Redis(url, { maxRetriesPerRequest: null, retryStrategy });
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
    this.sub.on('message', (channel: string, payload: string) => {
      const topic = channel.slice(this.prefix.length);
      for (const h of this.handlers.get(topic) ?? []) h(JSON.parse(payload));
    });
  }

  /** After close a publish is dropped, as on the other transports (delivery is at most once). */
  private closed = false;

  async publish(topic: string, message: unknown): Promise<void> {
    if (this.closed) return;
    await this.pub.publish(this.prefix + topic, JSON.stringify(message));
  }

  async publishMany(topic: string, messages: unknown[]): Promise<void> {
    if (this.closed || messages.length === 0) return;
    const pipeline = this.pub.pipeline();
    for (const message of messages) pipeline.publish(this.prefix + topic, JSON.stringify(message));
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([err]) => err);
    if (failed) throw failed[0];
  }

  async subscribe(topic: string, handler: (message: unknown) => void): Promise<void> {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
    if (list.length !== 1) return;
    const subscribed = this.sub.subscribe(this.prefix + topic);
    // Redis down (at start too): the node starts and serves anyway (its prices come from the database, issue 12
    // item 8); the SUBSCRIBE is queued and sent once the connection is up.
    if (this.sub.status === 'ready') await subscribed;
    else subscribed.catch(() => {});
  }

  connected(): boolean {
    return this.sub.status === 'ready' && this.pub.status === 'ready';
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

/** Messages a NOTIFY statement carries at most (each at most 8000 bytes: under a megabyte a statement). */
const NOTIFY_CHUNK = 100;

/** LISTEN/NOTIFY carries at most 8000 bytes a message: publishers keep messages small (one product each). */
export class PgNotifyBus implements Transport {
  private listener: pg.Client | null = null;
  private readonly handlers = new Map<string, ((m: unknown) => void)[]>();
  private ready: Promise<void>;
  private up = false;
  private readonly reconnect = new Reconnector(
    () => {
      this.ready = this.connect();
    },
    RECONNECT_MIN_MS,
    RECONNECT_MAX_MS,
  );

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {
    this.ready = this.connect();
  }

  /**
   * The listening connection, and again after every loss (a PostgreSQL restart, a terminated backend): it
   * reconnects with back-off and LISTENs to every topic again. Messages sent while it was down are lost
   * (delivery is at most once); consumers resync from the database.
   */
  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    this.listener = client;
    client.on('notification', (n) => {
      const topic = this.topics.get(n.channel);
      if (topic === undefined) return;
      for (const h of this.handlers.get(topic) ?? []) h(JSON.parse(n.payload ?? 'null'));
    });
    const lost = () => {
      if (this.listener !== client) return;
      this.up = false;
      this.listener = null;
      client.end().catch(() => {});
      this.reconnect.lost();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      for (const topic of this.handlers.keys()) await client.query(`LISTEN "${this.channel(topic)}"`);
      this.up = true;
      this.reconnect.connected();
    } catch {
      lost();
    }
  }

  connected(): boolean {
    return this.up;
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
    return this.publishMany(topic, [message]);
  }

  /**
   * One statement a chunk of messages: settling thousands of orders sends hundreds of user-event messages, which as
   * one NOTIFY a round trip kept a pool connection and the event loop busy for hundreds of ms (CPU profile of
   * `bench delivery-settle`). The chunk goes as one JSON array, which the database splits (`json_array_elements`
   * keeps each element's text as sent) and hands to `pg_notify` in array order; one transaction's notifications
   * reach a listener in the order they were sent. (As a `text[]` of payloads, node-postgres escaped every quote of
   * every payload in JavaScript: ~190 ms of the node's thread in that profile.)
   */
  publishMany(topic: string, messages: unknown[]): Promise<void> {
    if (this.closed || messages.length === 0) return Promise.resolve();
    const channel = this.channel(topic);
    const chunks: string[] = [];
    for (let i = 0; i < messages.length; i += NOTIFY_CHUNK) {
      chunks.push(JSON.stringify(messages.slice(i, i + NOTIFY_CHUNK)));
    }
    // A chunk that fails (a lost connection, a payload over NOTIFY's 8,000 bytes) loses only its own messages: the
    // chunks after it are still sent, and the call rejects with the first failure once all have been tried.
    let failure: { error: unknown } | undefined;
    let next: Promise<unknown> = this.last;
    for (const chunk of chunks) {
      next = next
        .then(() =>
          this.closed
            ? undefined
            : this.pool.query('SELECT count(pg_notify($1, m::text)) FROM json_array_elements($2::json) AS m', [
                channel,
                chunk,
              ]),
        )
        .catch((error: unknown) => {
          failure ??= { error };
        });
    }
    this.last = next;
    return next.then(() => {
      if (failure) throw failure.error;
    });
  }

  async subscribe(topic: string, handler: (message: unknown) => void): Promise<void> {
    await this.ready;
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
    // While disconnected, the reconnect LISTENs to every topic with handlers, this one included.
    if (list.length === 1 && this.up) await this.listener?.query(`LISTEN "${this.channel(topic)}"`).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    this.reconnect.stop();
    await this.last;
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => {});
  }
}

/**
 * How a module tells every node's sockets about revoked sessions, after the revoking commit: best effort (the call has
 * succeeded; a bus that is down must not answer it with an error) and logged, since those sockets then stop only at
 * the next database re-check (`WsHub.checkRevocations`, every 15 s).
 */
export function revocationPublisher(
  bus: Pick<Bus, 'publish'>,
  log: { warn(obj: object, msg: string): void },
): (r: SessionRevocation) => Promise<void> {
  return (r) =>
    bus.publish('sessions', r).catch((err: unknown) => {
      log.warn({ err }, 'sessions: revocation not published; the sockets end at the next re-check');
    });
}
