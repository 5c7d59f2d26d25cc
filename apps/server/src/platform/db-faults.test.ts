import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing.js';
import { type Database, queryRows, transactionStats } from './db.js';

/**
 * What a PostgreSQL server does to a node under faults: deadlocks between transactions, and connections cut
 * while a client is checked out (a restart; here `pg_terminate_backend`, as CI may not restart the shared
 * server). These need a server, so they always run on the local PostgreSQL, also in the embedded suite.
 */
let database: Database;
beforeAll(async () => {
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = saved || 'postgres://postgres@127.0.0.1:5432/test';
  try {
    database = await createTestDatabase();
  } finally {
    process.env.DATABASE_URL = saved;
  }
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
});
