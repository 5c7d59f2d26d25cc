import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../platform/db.js';
import {
  expectSettledOnce,
  killServers,
  placeOrders,
  startServer,
  trader,
  waitAllSettled,
} from '../../process-testing.js';
import { createTestDatabase } from '../../testing.js';

/**
 * Settlement survives what happens to real servers: a process killed while its orders expire, and several
 * processes settling from one database. The servers here are real child processes.
 */
afterAll(killServers);

describe('settlement across process crashes and several processes', () => {
  it('settles every order exactly once after the server is SIGKILLed while they expire', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-crash-'));
    const pgDb = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    const env = { DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url! } : { DATABASE_URL: '' }) };
    try {
      const first = await startServer(env);
      const token = await trader(first, dataDir);
      const orders = await placeOrders([first], token, 8);
      // Killed with no warning some seconds before the orders expire: nothing is flushed or settled.
      await new Promise((r) => setTimeout(r, Math.max(0, orders[0]!.expiresAt - Date.now() - 5_000)));
      await first.stop('SIGKILL');
      // Down across every expiry.
      await new Promise((r) => setTimeout(r, Math.max(0, orders.at(-1)!.expiresAt - Date.now() + 3_000)));
      const second = await startServer(env);
      const settled = await waitAllSettled(second, token, orders.length);
      // Every exit comes from a stored tick at or before the expiry, never the price at restart.
      for (const o of settled.list) {
        if (o.exit) expect(o.exit.ts).toBeLessThanOrEqual(o.expiresAt);
      }
      await second.stop('SIGTERM');
      const db = pgDb ?? (await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') }));
      try {
        await expectSettledOnce(db, orders);
      } finally {
        if (!pgDb) await db.close();
      }
    } finally {
      await pgDb?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it('settles each order once with two server processes on one PostgreSQL', async () => {
    // Two processes cannot share the embedded database: this test always runs on the local PostgreSQL.
    const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = admin;
    const db = await createTestDatabase();
    process.env.DATABASE_URL = saved;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-two-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: db.url! };
      const a = await startServer(env);
      const b = await startServer(env);
      const token = await trader(a, dataDir);
      const orders = await placeOrders([a, b], token, 12);
      await waitAllSettled(b, token, orders.length, 90_000);
      // Exactly one of the two leads the feed: one backend holds the feed's advisory lock.
      const leaders = await queryRows<{ n: number }>(
        db.db,
        sql`SELECT count(*)::int AS n FROM pg_locks
            WHERE locktype = 'advisory' AND objid = 727002 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(leaders[0]!.n).toBe(1);
      await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
      await expectSettledOnce(db, orders);
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
