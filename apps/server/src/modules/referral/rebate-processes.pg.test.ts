import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { money } from '@nexa/rules';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../ledger/index.js';
import { queryRows } from '../../platform/db.js';
import { type Server, killServers, registerThrough, rid, startServer } from '../../process-testing.js';
import { createPostgresTestDatabase } from '../../testing.js';

/**
 * A rebate batch in a real server process killed with no warning in the middle of its transaction (issue 15): the
 * batch has claimed its events, reserved its transfer ids and written its messages when the process dies, so nothing
 * of it commits; the
 * restarted server pays every rebate exactly once. The batch is held mid-way deterministically: the test keeps a
 * lock on `rebate_records` that its last insert waits for. Real processes need a server database: this always runs
 * on the local PostgreSQL, also in the embedded suite.
 */
afterAll(killServers);

async function join(server: Server, dataDir: string, inviteCode?: string) {
  const { token, email, user } = await registerThrough(server, dataDir, inviteCode);
  return { token, email, code: user.inviteCode };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A ← B ← C on a new PostgreSQL database, registered through a real server process, with `amount` USDT of real money
 * on C's `wallet` (an approved deposit books it so: deposits → the wallet), and a client to hold locks with.
 */
async function chain(wallet: 'perpetual' | 'delivery', amount: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-rebate-kill-'));
  const db = await createPostgresTestDatabase();
  const env = { DATA_DIR: dataDir, DATABASE_URL: db.url! };
  const locker = new pg.Client({ connectionString: db.url! });
  const first = await startServer(env);
  const a = await join(first, dataDir);
  const b = await join(first, dataDir, a.code);
  const c = await join(first, dataDir, b.code);
  const cId = (
    await queryRows<{ id: string }>(db.db, sql`SELECT id::text AS id FROM users WHERE email = ${c.email}`)
  )[0]!.id;
  await db.db.transaction((tx) =>
    new Ledger().transfer(tx, {
      debit: { system: 'deposits', mode: 'real', currency: 'USDT' },
      credit: { userId: BigInt(cId), mode: 'real', wallet, currency: 'USDT' },
      amount: money(amount),
      types: { debit: 'deposit', credit: 'deposit' },
      ref: `test:rebate-kill:${wallet}:${cId}`,
    }),
  );
  // Statements waiting for a lock (read on the pool, not the locking client: inside its transaction
  // pg_stat_activity is one snapshot).
  const waitingAt = (statement: string) =>
    queryRows<{ pid: number }>(
      db.db,
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
            AND query LIKE ${`${statement}%`}`,
    );
  const close = async () => {
    await locker.end().catch(() => {});
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { dataDir, db, env, locker, first, a, b, c, cId, waitingAt, close };
}

describe('rebate batches across a process killed mid-batch', () => {
  it('pays every rebate once after a SIGKILL inside a batch transaction', async () => {
    // C's perpetual fee pays B (depth 1) and A (depth 2).
    const { db, env, locker, first, a, b, c, waitingAt, close } = await chain('perpetual', '2000');
    try {
      // The batch will wait at its rebate records while this lock is held.
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE rebate_records IN SHARE MODE');
      const open = () =>
        first.api(
          'Sustainable/createOrder',
          { symbol: 'BTCUSDT', side: 'long', type: 'market', quantity: '100', requestId: rid() },
          c.token,
        );
      // The new process's feed may not have priced BTC yet on a loaded machine: a refusal stores nothing, so ask again.
      let opened = await open();
      for (let attempt = 0; opened.code !== 1 && attempt < 60; attempt++) {
        await new Promise((r) => setTimeout(r, 500));
        opened = await open();
      }
      expect(opened.code, opened.msg).toBe(1);
      // Mid-batch: its transaction has claimed the fee and priced the rebates, and waits to record them (then post).
      const waiting = () => waitingAt('INSERT INTO rebate_records');
      await until('the rebate batch to reach its records', async () => (await waiting()).length > 0);
      await first.stop('SIGKILL');
      await locker.query('ROLLBACK');
      await until('the killed batch to be rolled back', async () => (await waiting()).length === 0);
      const claimed = async () =>
        (await queryRows<{ n: number }>(db.db, sql`SELECT count(*)::int AS n FROM rebate_events`))[0]!.n;
      const recorded = async () =>
        (await queryRows<{ n: number }>(db.db, sql`SELECT count(*)::int AS n FROM rebate_records`))[0]!.n;
      expect(await claimed()).toBe(0);
      expect(await recorded()).toBe(0);

      // The restarted server's first pass pays both rebates, once.
      const second = await startServer(env);
      try {
        await until('the rebates to be paid after the restart', async () => (await recorded()) === 2);
        // A later pass pays nothing more.
        await new Promise((r) => setTimeout(r, 1_500));
        expect(await recorded()).toBe(2);
        expect(await claimed()).toBe(1);
      } finally {
        await second.stop('SIGTERM');
      }
      const rows = await queryRows<{ email: string; depth: number; rebate: string; base: string }>(
        db.db,
        sql`SELECT u.email, r.depth, r.rebate::text AS rebate, r.base_amount::text AS base
            FROM rebate_records r JOIN users u ON u.id = r.earner_id ORDER BY r.depth`,
      );
      expect(rows.map((r) => [r.email, r.depth])).toEqual([
        [b.email, 1],
        [a.email, 2],
      ]);
      const fee = await queryRows<{ amount: string }>(
        db.db,
        sql`SELECT sum(amount)::text AS amount FROM ledger_transfers WHERE type = 'perp_fee' AND mode = 'real'
              AND kind IN ('single', 'post')`,
      );
      for (const r of rows) {
        expect(money(r.base).eq(money(fee[0]!.amount))).toBe(true);
        expect(money(r.rebate).gt(0)).toBe(true);
      }
      // Each earner's spot wallet got exactly its record; the rebates account paid exactly the records.
      const paid = await queryRows<{ email: string; available: string }>(
        db.db,
        sql`SELECT u.email, a.available::text AS available FROM ledger_accounts a JOIN users u ON u.id = a.user_id
            WHERE a.mode = 'real' AND a.wallet = 'spot' AND u.email IN (${a.email}, ${b.email})`,
      );
      for (const r of rows) {
        expect(money(paid.find((p) => p.email === r.email)!.available).eq(money(r.rebate))).toBe(true);
      }
      const account = await queryRows<{ total: string }>(
        db.db,
        sql`SELECT coalesce(sum(available), 0)::text AS total FROM ledger_accounts WHERE system_code = 'rebates'`,
      );
      const total = rows.reduce((s, r) => s.plus(r.rebate), money(0));
      expect(money(account[0]!.total).neg().eq(total)).toBe(true);
      expect(await new Ledger().violations(db.db)).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  it('settles and pays a stake’s rebates once after a SIGKILL inside the settlement transaction that pays them', async () => {
    // C's real stakes pay B (depth 1) and A (depth 2) in the transaction that settles them.
    const { db, env, locker, first, a, b, c, cId, waitingAt, close } = await chain('delivery', '1000');
    try {
      // A call and a put of 100 on one expiry: one of them wins and the other loses, unless the price did not move.
      const orders = [];
      for (const direction of ['call', 'put']) {
        const place = () =>
          first.api<{ id: string; expiresAt: number }>(
            'order/createDeliveryOrder',
            { symbol: 'BTCUSDT', direction, seconds: 30, amount: '100', requestId: rid() },
            c.token,
          );
        let placed = await place();
        for (let attempt = 0; placed.code !== 1 && attempt < 60; attempt++) {
          await new Promise((r) => setTimeout(r, 500));
          placed = await place();
        }
        expect(placed.code, placed.msg).toBe(1);
        orders.push(placed.data);
      }

      // The settlement will wait at the rebate records it writes while this lock is held: its orders' results, the
      // ledger postings and the claims are then written in its transaction, not committed.
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE rebate_records IN SHARE MODE');
      const waiting = () => waitingAt('INSERT INTO rebate_records');
      await until('the settlement to reach its rebate records', async () => (await waiting()).length > 0, 90_000);
      await first.stop('SIGKILL');
      await locker.query('ROLLBACK');
      await until('the killed settlement to be rolled back', async () => (await waiting()).length === 0);
      const statuses = async () =>
        (
          await queryRows<{ status: string }>(
            db.db,
            sql`SELECT status FROM delivery_orders WHERE user_id = ${cId}::bigint ORDER BY id`,
          )
        ).map((r) => r.status);
      const count = async (table: 'rebate_events' | 'rebate_records') =>
        (await queryRows<{ n: number }>(db.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;
      expect(await statuses()).toEqual(['open', 'open']);
      expect(await count('rebate_events')).toBe(0);
      expect(await count('rebate_records')).toBe(0);

      // The restarted server settles both (from stored ticks) and pays their rebates, once.
      const second = await startServer(env);
      try {
        await until('the orders to be settled after the restart', async () =>
          (await statuses()).every((s) => s !== 'open'),
        );
        await new Promise((r) => setTimeout(r, 1_500));
      } finally {
        await second.stop('SIGTERM');
      }
      const settled = await statuses();
      const paying = settled.filter((s) => s === 'won' || s === 'lost').length;
      // Without a move both are a draw (no turnover, no rebate); with one, one wins and one loses.
      expect(settled.sort()).toEqual(paying === 0 ? ['draw', 'draw'] : ['lost', 'won']);
      expect(await count('rebate_events')).toBe(paying);
      expect(await count('rebate_records')).toBe(paying * 2);
      const rows = await queryRows<{ email: string; depth: number; rebate: string }>(
        db.db,
        sql`SELECT u.email, r.depth, trim_scale(r.rebate)::text AS rebate
            FROM rebate_records r JOIN users u ON u.id = r.earner_id ORDER BY r.depth, r.id`,
      );
      // LV1 turnover: 1 ‰ and 0.5 ‰ of each 100 stake.
      expect(rows.map((r) => [r.email, r.depth, r.rebate])).toEqual([
        ...Array.from({ length: paying }, () => [b.email, 1, '0.1']),
        ...Array.from({ length: paying }, () => [a.email, 2, '0.05']),
      ]);
      const spot = async (email: string) =>
        (
          await queryRows<{ available: string }>(
            db.db,
            sql`SELECT coalesce(sum(a.available), 0)::text AS available FROM ledger_accounts a
                JOIN users u ON u.id = a.user_id WHERE a.mode = 'real' AND a.wallet = 'spot' AND u.email = ${email}`,
          )
        )[0]!.available;
      expect(money(await spot(b.email)).eq(money('0.1').mul(paying))).toBe(true);
      expect(money(await spot(a.email)).eq(money('0.05').mul(paying))).toBe(true);
      expect(await new Ledger().violations(db.db)).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);
});
