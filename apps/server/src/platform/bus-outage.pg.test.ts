import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SdQuoteData } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killServers, placeOrders, registerThrough, startServer, trader } from '../process-testing.js';
import { createPostgresTestDatabase } from '../testing.js';
import { queryRows } from './db.js';

/**
 * Issue 12 item 8: while Redis was down every delivery order was refused, because a node that does not lead the
 * feed hears prices only through the bus. Two real server processes on one PostgreSQL: the feed leader on Redis,
 * the other with Redis unreachable from its start (its REDIS_URL names a closed port, so it stays down). The
 * deaf node still takes delivery orders and quotes converts, on prices read from the `ticks` table, and every
 * entry it gave is found there.
 */
afterAll(killServers);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a node whose Redis is down', () => {
  it('keeps trading on the stored prices, and its entries are stored ticks', async () => {
    const db = await createPostgresTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-bus-outage-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: db.url!, REDIS_PREFIX: `outage-${process.pid}-${Date.now()}:` };
      const leader = await startServer({ ...env, REDIS_URL: 'redis://127.0.0.1:6379' });
      const leads = async () =>
        /nexa_leader\{role="feed"\} 1/.test(await (await fetch(`${leader.url}/metrics`)).text());
      for (let i = 0; !(await leads()); i++) {
        if (i > 100) throw new Error('the first node never led the feed');
        await sleep(200);
      }
      const deaf = await startServer({ ...env, REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
      const token = await trader(leader, dataDir);
      // The deaf node has heard no tick at all: without the stored prices it refuses every order.
      const orders = await placeOrders([deaf], token, 4);
      const quote = await deaf.api<SdQuoteData>(
        'index/sdQuote',
        { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '100' },
        token,
      );
      expect(quote.code, quote.msg).toBe(1);
      expect(deaf.child.exitCode).toBeNull();

      // Its own prices (what its sockets send) move on the stored ticks instead of freezing, and it stays in the
      // balancer: ready, with the bus reported down.
      const btcAt = async () =>
        (await deaf.api<{ ts: number }>('product/getProductInfo', { symbol: 'BTCUSDT' })).data.ts;
      const first = await btcAt();
      let later = first;
      for (let i = 0; i < 100 && later <= first; i++) {
        await sleep(200);
        later = await btcAt();
      }
      expect(later).toBeGreaterThan(first);
      let ready: { status: number; checks?: Record<string, boolean> } = { status: 0 };
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${deaf.url}/api/ready`);
        ready = {
          status: res.status,
          checks: ((await res.json()) as { data: { checks: Record<string, boolean> } }).data.checks,
        };
        if (ready.status === 200) break;
        await sleep(200);
      }
      expect(ready).toEqual({ status: 200, checks: expect.objectContaining({ bus: false, prices: true }) });
      // Its rate limits let calls through without their Redis counts: a code is sent and a user registers through it
      // (they answered 500 after waiting 10-15 s for the reconnect).
      await registerThrough(deaf, dataDir);

      const ids = orders.map((o) => o.id);
      const found = await queryRows<{ id: string }>(
        db.db,
        sql`SELECT o.id::text AS id FROM delivery_orders o
            JOIN ticks t ON t.symbol = o.symbol AND t.ts_ms = o.entry_ts AND t.price = o.entry_price
            WHERE o.id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      expect(found.map((r) => r.id).sort()).toEqual([...ids].sort());
      await Promise.all([deaf.stop('SIGTERM'), leader.stop('SIGTERM')]);
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
