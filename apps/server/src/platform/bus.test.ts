import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing.js';
import { InProcessBus, PgNotifyBus, RedisBus, type Transport, invalidBusMessages, typedBus } from './bus.js';
import type { Database } from './db.js';

/**
 * The PostgreSQL bus runs whenever the suite runs on PostgreSQL (CI's second run); the in-process bus always.
 * Both must keep order and must let a node shut down with publishes still queued without a stray rejection.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function buses(): { name: string; make: () => Transport }[] {
  const list: { name: string; make: () => Transport }[] = [{ name: 'in process', make: () => new InProcessBus() }];
  if (database.kind === 'postgres' && database.pool && database.url) {
    const { pool, url } = database;
    list.push({ name: 'PostgreSQL NOTIFY', make: () => new PgNotifyBus(pool, url) });
  }
  return list;
}

describe('typed bus', () => {
  it("hands a subscriber only messages that match their topic's contract schema", async () => {
    const transport = new InProcessBus();
    const reported: string[] = [];
    const bus = typedBus(transport, (topic) => reported.push(topic));
    const watchers: string[][] = [];
    const events: string[] = [];
    await bus.subscribe('perp-watchers', (m) => watchers.push(m.users));
    await bus.subscribe('user-events', (m) => events.push(...m.events.map((e) => e.event.type)));
    const before = invalidBusMessages.get('perp-watchers') ?? 0;
    await transport.publish('perp-watchers', { users: ['1', '2'] });
    await transport.publish('perp-watchers', { users: 'everyone' });
    await transport.publish('perp-watchers', { users: ["1'; DROP TABLE users"] });
    await bus.publish('perp-watchers', { users: ['3'] });
    // A user-event batch whose envelope is wrong (no user, an event without a type, no events) never reaches the
    // hub; the events themselves are parsed by the hub, for the users it holds (ws-hub.test.ts).
    await transport.publish('user-events', { events: [{ event: { type: 'balance.changed' } }] });
    await transport.publish('user-events', { events: [{ userId: '1', event: { order: {} } }] });
    await transport.publish('user-events', { events: [] });
    await transport.publish('user-events', { events: [{ userId: '2', event: { type: 'delivery.order' } }] });
    await new Promise((r) => setTimeout(r, 20));
    expect(watchers).toEqual([['1', '2'], ['3']]);
    expect(events).toEqual(['delivery.order']);
    expect((invalidBusMessages.get('perp-watchers') ?? 0) - before).toBe(2);
    // Reported once a topic, not once a message.
    expect(reported.filter((t) => t === 'perp-watchers').length).toBeLessThanOrEqual(1);
    await bus.close();
  });
});

describe('bus', () => {
  it('delivers in publish order and drops what is published after close', async () => {
    for (const { name, make } of buses()) {
      const bus = make();
      const got: number[] = [];
      await bus.subscribe('Order Topic', (m) => got.push((m as { n: number }).n));
      await Promise.all(Array.from({ length: 50 }, (_, n) => bus.publish('Order Topic', { n })));
      const t0 = Date.now();
      while (got.length < 50 && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 10));
      expect(got, name).toEqual(Array.from({ length: 50 }, (_, n) => n));
      await bus.close();
      await expect(bus.publish('Order Topic', { n: 99 })).resolves.toBeUndefined();
    }
  });

  it('publishMany: hundreds of messages in one call arrive all and in order, after what was published before', async () => {
    const all = [
      ...buses(),
      { name: 'Redis', make: () => new RedisBus('redis://127.0.0.1:6379', `nexa-test-${process.pid}-${Date.now()}:`) },
    ];
    for (const { name, make } of all) {
      const bus = make();
      const got: unknown[] = [];
      // Connected first, so the SUBSCRIBE is confirmed before the publishes (Redis queues it until then).
      for (let i = 0; !bus.connected() && i < 500; i++) await new Promise((r) => setTimeout(r, 10));
      await bus.subscribe('Many Topic', (m) => got.push(m));
      // 250 messages: more than one NOTIFY statement's chunk, each near the 8000-byte payload limit, with text that
      // needs escaping on the way (quotes, backslashes, a control character, Arabic, an emoji, nesting).
      const pad = 'x'.repeat(7_000);
      const text = 'a "quoted" \\back\\slash\n\u0000 {[,]} مرحبا 🚀 \'';
      const sent = Array.from({ length: 250 }, (_, n) => ({ n, pad, text, nested: { list: [n, null, true, 'x'] } }));
      const first = bus.publish('Many Topic', { n: -1 });
      const many = bus.publishMany('Many Topic', sent);
      await Promise.all([first, many, bus.publishMany('Many Topic', [])]);
      const t0 = Date.now();
      while (got.length < 251 && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 10));
      expect(got, name).toEqual([{ n: -1 }, ...sent]);
      await bus.close();
      await expect(bus.publishMany('Many Topic', [{ n: 1 }]), name).resolves.toBeUndefined();
    }
  });

  it('PostgreSQL publishMany: a chunk that fails loses only its own messages, and the call says so', async () => {
    // Always on the local PostgreSQL (CI has one), also in the embedded suite.
    const url = database.url ?? 'postgres://postgres@127.0.0.1:5432/test';
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const bus = new PgNotifyBus(pool, url);
    try {
      const got: number[] = [];
      for (let i = 0; !bus.connected() && i < 500; i++) await new Promise((r) => setTimeout(r, 10));
      await bus.subscribe('Chunk Topic', (m) => got.push((m as { n: number }).n));
      // 250 messages in chunks of 100; one message of the second chunk is over NOTIFY's 8000-byte limit.
      const messages = Array.from({ length: 250 }, (_, n) => ({ n, pad: n === 150 ? 'x'.repeat(9_000) : '' }));
      await expect(bus.publishMany('Chunk Topic', messages)).rejects.toThrow(/payload/i);
      await bus.publish('Chunk Topic', { n: 1_000 });
      const t0 = Date.now();
      while (got.length < 151 && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 10));
      const sent = [...Array.from({ length: 100 }, (_, n) => n), ...Array.from({ length: 50 }, (_, n) => 200 + n)];
      expect(got).toEqual([...sent, 1_000]);
    } finally {
      await bus.close();
      await pool.end();
    }
  });

  it('closes with publishes still queued: they settle before close returns, none rejects later', async () => {
    if (!(database.kind === 'postgres' && database.url)) {
      // On the embedded database this path is the in-process bus, covered above.
      expect(buses()).toHaveLength(1);
      return;
    }
    // Its own pool, ended right after close, as the server ends its pool after the app closes.
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const bus = new PgNotifyBus(pool, database.url);
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      // Fire and forget, as the market feed publishes.
      for (let n = 0; n < 200; n++) void bus.publish('market', { n });
      await bus.close();
      await pool.end();
      for (let n = 0; n < 20; n++) void bus.publish('market', { n });
      await new Promise((r) => setTimeout(r, 100));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});

/** Publishes until `got` sees a message again (a bus that is reconnecting drops what it misses). */
async function deliversAgain(bus: Transport, topic: string, got: unknown[], timeoutMs = 10_000) {
  const t0 = Date.now();
  for (let n = 0; Date.now() - t0 < timeoutMs; n++) {
    await bus.publish(topic, { n }).catch(() => {});
    await new Promise((r) => setTimeout(r, 100));
    if (got.length > 0) return true;
  }
  return false;
}

describe('bus connections that are cut', () => {
  it('PostgreSQL NOTIFY: the listening connection comes back and listens again after pg_terminate_backend', async () => {
    // Always on the local PostgreSQL (CI has one), also in the embedded suite.
    const url = database.url ?? 'postgres://postgres@127.0.0.1:5432/test';
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => {});
    const bus = new PgNotifyBus(pool, url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const got: unknown[] = [];
      await bus.subscribe('cut test', (m) => got.push(m));
      expect(await deliversAgain(bus, 'cut test', got)).toBe(true);
      expect(bus.connected()).toBe(true);
      const cut = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN "nexa_cut_test"%'`,
      );
      expect(cut.rowCount).toBe(1);
      const t0 = Date.now();
      while (bus.connected() && Date.now() - t0 < 2000) await new Promise((r) => setTimeout(r, 10));
      expect(bus.connected()).toBe(false);
      got.length = 0;
      expect(await deliversAgain(bus, 'cut test', got)).toBe(true);
      expect(bus.connected()).toBe(true);
    } finally {
      await bus.close();
      await pool.end();
      await admin.end();
    }
  });

  it('Redis: CLIENT KILL of the subscriber is survived, and subscriptions come back', async () => {
    const bus = new RedisBus('redis://127.0.0.1:6379', `nexa-test-${process.pid}-${Date.now()}:`);
    const admin = new Redis('redis://127.0.0.1:6379');
    try {
      const got: unknown[] = [];
      await bus.subscribe('cut', (m) => got.push(m));
      expect(await deliversAgain(bus, 'cut', got)).toBe(true);
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      got.length = 0;
      expect(await deliversAgain(bus, 'cut', got)).toBe(true);
      expect(bus.connected()).toBe(true);
    } finally {
      await bus.close();
      admin.disconnect();
    }
  });
});
