import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FollowPlan, User } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../ledger/index.js';
import { type Database, openDatabase, queryRows } from '../../platform/db.js';
import { type Server, killServers, rid, startServer, trader } from '../../process-testing.js';
import { createTestDatabase } from '../../testing.js';

/**
 * Copy placement survives a real process killed with no warning at the plan's order time (issue 14): every
 * confirmed copy is placed exactly once, at the one stored entry tick, by the node that carries on (a restarted
 * process on the embedded database, the other process on PostgreSQL). The servers are real child processes.
 */
afterAll(killServers);

const FOLLOWERS = 4;
/** The order time is this far ahead of publishing (the product's minimum is 60 s). */
const LEAD_MS = 62_000;

async function uidOf(server: Server, token: string) {
  return (await server.api<User>('user/getUserinfo', {}, token)).data.uid;
}

/** A leader's plan with FOLLOWERS confirmed copies, published and confirmed through `server`. */
async function confirmedPlan(server: Server, dataDir: string) {
  const leader = await trader(server, dataDir);
  const followers: string[] = [];
  for (let i = 0; i < FOLLOWERS; i++) {
    const token = await trader(server, dataDir);
    const moved = await server.api(
      'index/zySubmit',
      { from: 'spot', to: 'copy', currency: 'USDT', amount: '100', requestId: rid() },
      token,
    );
    expect(moved.code).toBe(1);
    followers.push(token);
  }
  const uids = await Promise.all(followers.map((f) => uidOf(server, f)));
  const published = await server.api<FollowPlan>(
    'order/createOrder',
    {
      title: 'Killed at the order time',
      symbol: 'BTCUSDT',
      direction: 'call',
      seconds: 30,
      orderTime: Date.now() + LEAD_MS,
      condition: { type: 'fixed', value: '10' },
      amount: '20',
      invitees: uids,
      profitSharePct: '5',
      requestId: rid(),
    },
    leader,
  );
  expect(published.code, published.msg).toBe(1);
  const plan = published.data;
  for (const f of followers) {
    const confirmed = await server.api('order/checkFollowOrder', { planId: plan.id, requestId: rid() }, f);
    expect(confirmed.code, confirmed.msg).toBe(1);
  }
  return { plan, leader };
}

const sleepUntil = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())));

/** Waits until the plan and its copies are no longer waiting for placement (placed, or refunded with a reason). */
async function waitPlaced(db: Database, planId: string, timeoutMs = 60_000) {
  const t0 = Date.now();
  for (;;) {
    const [row] = await queryRows<{ status: string; waiting: number }>(
      db.db,
      sql`SELECT p.status, (SELECT count(*)::int FROM copy_follows f WHERE f.plan_id = p.id AND f.state = 'confirmed') AS waiting
          FROM copy_plans p WHERE p.id = ${planId}`,
    );
    if (row && row.status !== 'open' && row.waiting === 0) return;
    if (Date.now() - t0 > timeoutMs) throw new Error(`plan still ${row?.status}, ${row?.waiting} copies waiting`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every confirmed copy placed once with the leader's order at one stored tick; holds resolved once; ledger exact. */
async function expectPlacedOnce(db: Database, planId: string) {
  const orders = await queryRows<{ who: string; order_id: string; entry_ts: string; entry_price: string }>(
    db.db,
    sql`SELECT 'leader' AS who, o.id::text AS order_id, o.entry_ts::text AS entry_ts, o.entry_price::text AS entry_price
          FROM copy_plans p JOIN delivery_orders o ON o.id = p.order_id WHERE p.id = ${planId}
        UNION ALL
        SELECT 'follower', o.id::text, o.entry_ts::text, o.entry_price::text
          FROM copy_follows f JOIN delivery_orders o ON o.id = f.order_id WHERE f.plan_id = ${planId}`,
  );
  const follows = await queryRows<{ state: string }>(
    db.db,
    sql`SELECT state FROM copy_follows WHERE plan_id = ${planId}`,
  );
  expect(follows.map((f) => f.state)).toEqual(Array(FOLLOWERS).fill('placed'));
  expect(orders.filter((o) => o.who === 'leader')).toHaveLength(1);
  expect(orders.filter((o) => o.who === 'follower')).toHaveLength(FOLLOWERS);
  // One order per copy: each user of the plan has exactly one delivery order from it.
  expect(new Set(orders.map((o) => o.order_id)).size).toBe(FOLLOWERS + 1);
  const entries = new Set(orders.map((o) => `${o.entry_ts}@${o.entry_price}`));
  expect(entries.size).toBe(1);
  const [o] = orders;
  const stored = await queryRows<{ n: number }>(
    db.db,
    sql`SELECT count(*)::int AS n FROM ticks WHERE symbol = 'BTCUSDT' AND ts_ms = ${o!.entry_ts} AND price = ${o!.entry_price}::numeric`,
  );
  expect(stored[0]!.n).toBe(1);
  // Each copy's stake hold became its order's stake (settled later by the delivery rule), and no hold of the plan
  // was resolved twice.
  const carried = await queryRows<{ n: number }>(
    db.db,
    sql`SELECT count(*)::int AS n FROM copy_follows f JOIN delivery_orders o ON o.id = f.order_id
        WHERE f.plan_id = ${planId} AND o.hold_id = f.hold_id`,
  );
  expect(carried[0]!.n).toBe(FOLLOWERS);
  const twice = await queryRows<{ n: number }>(
    db.db,
    sql`SELECT count(r.id)::int AS n FROM ledger_transfers r
        WHERE r.pending_id IN (SELECT hold_id FROM copy_follows WHERE plan_id = ${planId}
                               UNION ALL SELECT hold_id FROM copy_plans WHERE id = ${planId})
        GROUP BY r.pending_id HAVING count(r.id) > 1`,
  );
  expect(twice).toEqual([]);
  expect(await new Ledger().violations(db.db)).toEqual([]);
}

describe('copy placement across a process killed at the order time', () => {
  it('places every confirmed copy exactly once at one stored entry after a SIGKILL at the order time', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-copy-kill-'));
    const pgDb = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    const env = { DATA_DIR: dataDir, DATABASE_URL: pgDb ? pgDb.url! : '' };
    try {
      const first = await startServer(env);
      // On PostgreSQL a second process serves the same database and carries on alone.
      const survivor = pgDb ? await startServer(env) : undefined;
      const { plan, leader } = await confirmedPlan(first, dataDir);
      // Killed with no warning at the order time, as its placement worker wakes for the plan.
      await sleepUntil(plan.orderTime);
      await first.stop('SIGKILL');
      const carrier = survivor ?? (await startServer(env));
      let db: Database | undefined;
      try {
        db = pgDb ?? undefined;
        if (db) await waitPlaced(db, plan.id);
        else {
          // The embedded database has one writer: check through the restarted server, then open the files.
          for (let i = 0; ; i++) {
            const res = await carrier.api<{ list: FollowPlan[] }>(
              'order/followOrders',
              { page: 1, pageSize: 10 },
              leader,
            );
            if (res.data?.list.some((p) => p.id === plan.id && p.status !== 'open')) break;
            if (i > 240) throw new Error('the plan was not placed within 60 s of the restart');
            await new Promise((r) => setTimeout(r, 250));
          }
          await carrier.stop('SIGTERM');
          db = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
          await waitPlaced(db, plan.id, 1_000);
        }
        await expectPlacedOnce(db, plan.id);
      } finally {
        await carrier.stop('SIGTERM');
        if (!pgDb) await db?.close();
      }
    } finally {
      await pgDb?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
