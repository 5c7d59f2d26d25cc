import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger, SYSTEM_ACCOUNTS, SYSTEM_SHARDS, ensureSystemAccounts, money } from '../ledger/index.js';
import { createPostgresTestDatabase } from '../testing.js';
import { type Database, queryRows, transactionStats } from './db.js';

/**
 * What a PostgreSQL server does to a node under faults: deadlocks between transactions, and connections cut
 * while a client is checked out (a restart; here `pg_terminate_backend`, as CI may not restart the shared
 * server). These need a server, so they always run on the local PostgreSQL, also in the embedded suite.
 */
let database: Database;
beforeAll(async () => {
  database = await createPostgresTestDatabase();
  await database.db.execute(sql`CREATE TABLE fault_probe (id int PRIMARY KEY, n int NOT NULL)`);
  await database.db.execute(sql`INSERT INTO fault_probe VALUES (1, 0), (2, 0)`);
});
afterAll(() => database?.close());

describe('transactions under faults (PostgreSQL)', () => {
  it('runs a transaction again when PostgreSQL aborts it as a deadlock victim, so both calls succeed', async () => {
    const before = transactionStats.deadlocks;
    // Two transactions take the rows in opposite order; each waits for the other once, which is a deadlock.
    let arrived = 0;
    const gate = async () => {
      arrived++;
      while (arrived < 2) await new Promise((r) => setTimeout(r, 5));
    };
    const bump = (first: number, second: number) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE fault_probe SET n = n + 1 WHERE id = ${first}`);
        await gate();
        await tx.execute(sql`UPDATE fault_probe SET n = n + 1 WHERE id = ${second}`);
      });
    await Promise.all([bump(1, 2), bump(2, 1)]);
    expect(transactionStats.deadlocks).toBeGreaterThan(before);
    const rows = await queryRows<{ id: number; n: number }>(
      database.db,
      sql`SELECT id, n FROM fault_probe ORDER BY id`,
    );
    expect(rows.map((r) => Number(r.n))).toEqual([2, 2]);
  });

  it('survives its connections being cut while checked out, and serves again at once', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // A transaction holds a client while every other backend of this database is terminated.
      let started = false;
      const inFlight = database.db
        .transaction(async (tx) => {
          started = true;
          await tx.execute(sql`SELECT pg_sleep(2)`);
          await tx.execute(sql`UPDATE fault_probe SET n = n + 1 WHERE id = 1`);
        })
        .then(
          () => 'committed',
          (err: unknown) => err,
        );
      while (!started) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 100));
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(await inFlight).toBeInstanceOf(Error);
      // The process is still here (an unhandled 'error' would have ended it) and calls work again at once: an
      // idle connection cut with the rest may fail one call before the pool notices, so allow a moment.
      const t0 = Date.now();
      let rows: { ok: number }[] = [];
      while (rows.length === 0 && Date.now() - t0 < 3_000) {
        rows = await queryRows<{ ok: number }>(database.db, sql`SELECT 1 AS ok`).catch(() => []);
      }
      expect(rows[0]?.ok).toBe(1);
    } finally {
      await admin.end();
    }
  });

  it('locks no system account while a money transaction runs: the hot rows are locked in one order as it commits', async () => {
    // Issue 12 item 6: house and fee shards locked call by call, in whatever order a transaction's calls came,
    // deadlocked with transactions that took them in another order. Now the ledger moves them only at the end.
    await ensureSystemAccounts(database.db, ['USDT']);
    const ledger = new Ledger();
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      const house = { system: 'house', mode: 'demo', currency: 'USDT' } as const;
      const fees = { system: 'fees', mode: 'demo', currency: 'USDT' } as const;
      const before = await systemTotals();
      const posted = await database.db.transaction(async (tx) => {
        const move = (debit: typeof house | typeof fees, credit: typeof house | typeof fees, amount: string) =>
          ledger.transfer(tx, {
            debit,
            credit,
            amount: money(amount),
            types: { debit: 'probe', credit: 'probe' },
            ref: 'probe',
          });
        const a = await move(house, fees, '7');
        const b = await move(fees, house, '2');
        // Mid-transaction, another session can lock every system row at once without waiting (as the ledger
        // locks them: NO KEY UPDATE, which the foreign-key checks of the new transfers do not block).
        await other.query('BEGIN');
        const locked = await other.query(
          'SELECT id FROM ledger_accounts WHERE user_id IS NULL ORDER BY id FOR NO KEY UPDATE NOWAIT',
        );
        await other.query('ROLLBACK');
        expect(locked.rowCount).toBe(SYSTEM_SHARDS * SYSTEM_ACCOUNTS.length * 2);
        return [a, b];
      });
      const after = await systemTotals();
      expect(money(after.house).minus(before.house).toFixed()).toBe('-5');
      expect(money(after.fees).minus(before.fees).toFixed()).toBe('5');
      // The sides recorded for the system accounts are their real balances, shifted once the rows moved.
      const [a, b] = posted as [Awaited<ReturnType<Ledger['transfer']>>, Awaited<ReturnType<Ledger['transfer']>>];
      const row = await queryRows<{ available: string }>(
        database.db,
        sql`SELECT available::text AS available FROM ledger_accounts WHERE id = ${a.debit.accountId}`,
      );
      const houseMoves = a.debit.accountId === b.credit.accountId ? '2' : '0';
      expect(money(a.debit.availableAfter).plus(houseMoves).toFixed()).toBe(money(row[0]!.available).toFixed());
      expect(await ledger.violations(database.db)).toEqual([]);
    } finally {
      await other.end();
    }
  });
});

async function systemTotals() {
  const rows = await queryRows<{ system_code: string; total: string }>(
    database.db,
    sql`SELECT system_code, sum(available)::text AS total FROM ledger_accounts
        WHERE user_id IS NULL AND mode = 'demo' AND currency = 'USDT' GROUP BY system_code`,
  );
  const of = (code: string) => rows.find((r) => r.system_code === code)?.total ?? '0';
  return { house: of('house'), fees: of('fees') };
}
