import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db.js';
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
 * Settlement survives what happens to real servers: a process killed while its orders expire, on the suite's
 * database engine (several processes on one database: settlement-nodes.pg.test.ts). The servers here are real child
 * processes.
 */
afterAll(killServers);

describe('settlement across a process crash', () => {
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
});
