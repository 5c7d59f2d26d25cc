import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DeliveryOrder } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Server,
  expectSettledOnce,
  killServers,
  placeOrders,
  startServer,
  trader,
  waitAllSettled,
} from '../process-testing.js';
import { createTestDatabase } from '../testing.js';
import { type Database, queryRows } from './db.js';

/**
 * Two real server processes on one PostgreSQL and one Redis, a short delivery workload, and the faults of the
 * bank test: every connection to the database cut (`pg_terminate_backend`, the feed lock holder's included; CI
 * cannot restart the shared server), the feed leader killed -9, and Redis connections dropped (`CLIENT KILL`).
 * Nothing may end a process; the feed must be back within 5 s; every acknowledged order settles exactly once,
 * with its entry and exit found in the ticks table; the ledger balances.
 */
afterAll(killServers);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function isReady(server: Server): Promise<boolean> {
  try {
    return (await fetch(`${server.url}/api/ready`)).status === 200;
  } catch {
    return false;
  }
}

async function untilReady(server: Server, timeoutMs: number) {
  const t0 = Date.now();
  while (!(await isReady(server))) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`${server.url} not ready after ${timeoutMs} ms`);
    await sleep(200);
  }
  return Date.now() - t0;
}

async function leadsFeed(server: Server): Promise<boolean> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return /nexa_leader\{role="feed"\} 1/.test(text);
}

/** How long after `since` a tick newer than `since` was stored (the feed is back), in ms. */
async function feedBackAfter(db: Database, since: number, timeoutMs = 10_000): Promise<number> {
  for (;;) {
    // The test's own pool was cut too: a failed read is retried like any other.
    const rows = await queryRows<{ ts: string | null }>(db.db, sql`SELECT max(ts_ms) AS ts FROM ticks`).catch(() => []);
    if (rows[0]?.ts && Number(rows[0].ts) > since) return Date.now() - since;
    if (Date.now() - since > timeoutMs) throw new Error('the feed did not come back');
    await sleep(100);
  }
}

describe('two nodes through database, leader and Redis faults', () => {
  it('stays up, leads again within 5 s, and settles every acknowledged order once from stored ticks', async () => {
    const db = await createTestDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
    const adminUrl = new URL(db.url!);
    const dbName = adminUrl.pathname.slice(1);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    const redis = new Redis('redis://127.0.0.1:6379');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-faults-'));
    try {
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: db.url!,
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `faults-${process.pid}-${Date.now()}:`,
      };
      const a = await startServer(env);
      const b = await startServer(env);
      await Promise.all([untilReady(a, 30_000), untilReady(b, 30_000)]);
      const token = await trader(a, dataDir);
      const orders: DeliveryOrder[] = await placeOrders([a, b], token, 6);

      // (a) Every connection of both nodes to the database is cut, the feed lock holder's too.
      const cutAt = Date.now();
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      expect(await feedBackAfter(db, cutAt)).toBeLessThanOrEqual(5_000);
      await Promise.all([untilReady(a, 15_000), untilReady(b, 15_000)]);
      expect([a.child.exitCode, b.child.exitCode]).toEqual([null, null]);
      orders.push(...(await placeOrders([a, b], token, 2)));

      // (b) The feed leader is killed -9; the other node takes the feed over.
      const leader = (await leadsFeed(a)) ? a : b;
      const survivor = leader === a ? b : a;
      const killedAt = Date.now();
      await leader.stop('SIGKILL');
      expect(await feedBackAfter(db, killedAt)).toBeLessThanOrEqual(5_000);
      expect(await leadsFeed(survivor)).toBe(true);

      // (c) Redis drops the survivor's connections (subscriber and publisher); it reconnects by itself.
      await redis.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      await redis.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
      await untilReady(survivor, 15_000);
      orders.push(...(await placeOrders([survivor], token, 2)));
      expect(survivor.child.exitCode).toBeNull();

      await waitAllSettled(survivor, token, orders.length, 90_000);
      await survivor.stop('SIGTERM');
      await expectSettledOnce(db, orders);
      // Every entry and exit is a stored tick: each result can be re-derived from the ticks table.
      const unstored = await queryRows<{ id: string }>(
        db.db,
        sql`SELECT o.id::text AS id FROM delivery_orders o
            WHERE NOT EXISTS (SELECT 1 FROM ticks t WHERE t.symbol = o.symbol AND t.ts_ms = o.entry_ts
                                AND t.price = o.entry_price)
               OR (o.exit_ts IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ticks t WHERE t.symbol = o.symbol
                                AND t.ts_ms = o.exit_ts AND t.price = o.exit_price))`,
      );
      expect(unstored).toEqual([]);
    } finally {
      redis.disconnect();
      await admin.end();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
