import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../testing.js';
import { type Database, queryRows } from './db.js';
import { StatementNames } from './prepared-statements.js';

describe('statement names', () => {
  it('names a text with parameters from its second use, and always the same', () => {
    const names = new StatementNames();
    expect(names.nameOf('SELECT $1', true)).toBeUndefined();
    const name = names.nameOf('SELECT $1', true);
    expect(name).toMatch(/^nexa_[\w-]{16}$/);
    expect(names.nameOf('SELECT $1', true)).toBe(name);
    names.nameOf('SELECT $1, $2', true);
    expect(names.nameOf('SELECT $1, $2', true)).not.toBe(name);
  });

  it('never names a text without parameters (transaction control, migrations of several statements)', () => {
    const names = new StatementNames();
    for (let i = 0; i < 3; i++) expect(names.nameOf('BEGIN', false)).toBeUndefined();
    expect(names.size).toBe(0);
  });

  it('names at most `limit` texts; the rest run unnamed, and texts seen once are forgotten past their own limit', () => {
    const names = new StatementNames(2, 3);
    for (const text of ['a', 'b', 'c']) {
      names.nameOf(text, true);
      names.nameOf(text, true);
    }
    expect(names.size).toBe(2);
    expect(names.nameOf('c', true)).toBeUndefined();
    expect(names.nameOf('a', true)).toBeDefined();

    const fresh = new StatementNames(10, 3);
    fresh.nameOf('x', true);
    for (const text of ['p', 'q', 'r']) fresh.nameOf(text, true);
    // 'x' was forgotten when the once-seen set filled: its next use counts as a first one.
    expect(fresh.nameOf('x', true)).toBeUndefined();
    expect(fresh.nameOf('x', true)).toBeDefined();
  });
});

/** On PostgreSQL (the embedded database has no connections to prepare on), also in the embedded suite. */
describe('prepared statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
  });
  afterAll(() => database?.close());

  /** The statements this connection has prepared, read in the same transaction (one connection). */
  const prepared = (tx: Database['db']) =>
    queryRows<{ name: string; statement: string }>(tx, sql`SELECT name, statement FROM pg_prepared_statements`);

  it('prepares a repeated statement on the connection and answers it the same every time', async () => {
    const marker = `m${Date.now()}`;
    const list = await database.db.transaction(async (tx) => {
      const answers: string[] = [];
      for (let i = 0; i < 8; i++) {
        const rows = await queryRows<{ v: string }>(tx, sql`SELECT ${marker}::text || ${String(i)} AS v`);
        answers.push(rows[0]!.v);
      }
      expect(answers).toEqual(Array.from({ length: 8 }, (_, i) => `${marker}${i}`));
      return prepared(tx);
    });
    expect(list.filter((p) => p.name.startsWith('nexa_') && p.statement.includes('::text ||'))).toHaveLength(1);
  });

  it('prepares the text-and-values form of a query too', async () => {
    const client = await database.pool!.connect();
    try {
      for (let i = 0; i < 3; i++) {
        const { rows } = await client.query('SELECT $1::int * 2 AS n', [i]);
        expect(rows[0].n).toBe(i * 2);
      }
      const { rows } = await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
      expect(rows.map((r) => r.statement)).toContain('SELECT $1::int * 2 AS n');
    } finally {
      client.release();
    }
  });

  it('prepares again on a new connection after one is lost', async () => {
    const run = () =>
      database.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) await queryRows(tx, sql`SELECT ${i}::int + 1 AS n`);
        return queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
      });
    await run();
    // Cut every connection of this pool (as a restart would); the pool opens new ones.
    await queryRows(
      database.db,
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    let answered = false;
    for (let attempt = 0; attempt < 5 && !answered; attempt++) {
      try {
        await run();
        answered = true;
      } catch {
        // A connection cut while idle in the pool fails once; the next attempt takes a fresh one.
      }
    }
    expect(answered).toBe(true);
    const rows = await database.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await queryRows(tx, sql`SELECT ${i}::int + 1 AS n`);
      return prepared(tx);
    });
    expect(rows.some((p) => p.statement.includes('::int + 1'))).toBe(true);
  });
});
