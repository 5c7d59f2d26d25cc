import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.js';
import {
  expectSettledOnce,
  killServers,
  placeOrders,
  startServer,
  trader,
  waitAllSettled,
} from '../../process-testing.js';
import { createPostgresTestDatabase } from '../../testing.js';

/**
 * Several server processes settling from one database. Two processes cannot share the embedded database, so this
 * always runs on the local PostgreSQL (`.pg.test.ts`: in CI, in the PostgreSQL suite only).
 */
afterAll(killServers);

describe('settlement with several processes', () => {
  it('settles each order once with two server processes on one PostgreSQL', async () => {
    const db = await createPostgresTestDatabase();
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
