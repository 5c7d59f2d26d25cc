import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing.js';
import { type Bus, InProcessBus, PgNotifyBus } from './bus.js';
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

function buses(): { name: string; make: () => Bus }[] {
  const list: { name: string; make: () => Bus }[] = [{ name: 'in process', make: () => new InProcessBus() }];
  if (database.kind === 'postgres' && database.pool && database.url) {
    const { pool, url } = database;
    list.push({ name: 'PostgreSQL NOTIFY', make: () => new PgNotifyBus(pool, url) });
  }
  return list;
}

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
