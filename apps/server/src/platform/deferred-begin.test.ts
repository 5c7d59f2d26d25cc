import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../testing.js';
import { type Database, queryRows } from './db.js';
import { deferBegin } from './deferred-begin.js';
import { StatementNames, nameStatements } from './prepared-statements.js';

/**
 * A transaction's BEGIN goes out with its first statement (deferred-begin.ts). On PostgreSQL only (the embedded
 * database has no round trips), so also in the embedded suite.
 */
describe('BEGIN with the first statement, on PostgreSQL', () => {
  let database: Database;
  /** Round trips: every ReadyForQuery any connection of the pool has received. */
  let answers = 0;
  const watched = new WeakSet<object>();
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    database.pool!.on('acquire', (client: pg.PoolClient) => {
      if (watched.has(client)) return;
      watched.add(client);
      (client as unknown as { connection: pg.Connection }).connection.on('readyForQuery', () => {
        answers++;
      });
    });
  });
  afterAll(() => database?.close());

  const counted = async <T>(fn: () => Promise<T>): Promise<{ value: T; roundTrips: number }> => {
    const before = answers;
    const value = await fn();
    return { value, roundTrips: answers - before };
  };
  const txid = (tx: Database['db']) =>
    queryRows<{ id: string; pid: number }>(tx, sql`SELECT txid_current()::text AS id, pg_backend_pid() AS pid`);
  /** drizzle wraps the driver's error ("Failed query: …") with PostgreSQL's as its cause. */
  const duplicateKey = (err: unknown) => /duplicate key/.test(String((err as { cause?: Error }).cause?.message));
  const table = `deferred_${Date.now().toString(36)}`;

  it('runs the first statement inside the transaction, one round trip fewer', async () => {
    // The statement has no parameters, so it runs unnamed whichever pooled connection the transaction gets: BEGIN
    // always travels with it (a named one the connection has yet to parse sends BEGIN on its own, see the next test).
    const { value, roundTrips } = await counted(() =>
      database.db.transaction(async (tx) => {
        const first = await txid(tx);
        const second = await txid(tx);
        return { first: first[0]!, second: second[0]! };
      }),
    );
    // One transaction: the same id in both statements (outside one, each statement would be its own).
    expect(value.first).toEqual(value.second);
    // Two statements and COMMIT; BEGIN travelled with the first.
    expect(roundTrips).toBe(3);
  });

  it('sends BEGIN with a named statement once the connection has parsed it, and on its own before that', async () => {
    // One connection, wrapped as the pool wraps each, driven as drizzle drives it.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      deferBegin(client);
      nameStatements(client, new StatementNames());
      let trips = 0;
      (client as unknown as { connection: pg.Connection }).connection.on('readyForQuery', () => {
        trips++;
      });
      const transaction = async () => {
        const before = trips;
        await client.query({ text: 'begin' }, []);
        const { rows } = await client.query({ text: 'SELECT $1::int + 1 AS n, txid_current()::text AS id' }, [41]);
        const again = await client.query({ text: 'SELECT txid_current()::text AS id' }, []);
        await client.query({ text: 'commit' }, []);
        expect(rows[0].n).toBe(42);
        expect(again.rows[0].id).toBe(rows[0].id);
        return trips - before;
      };
      // First use: unnamed, with BEGIN. Second: named now, and this connection has yet to parse it: BEGIN goes on
      // its own first. From then on the named statement carries BEGIN.
      expect([await transaction(), await transaction(), await transaction(), await transaction()]).toEqual([
        3, 4, 3, 3,
      ]);
    } finally {
      await client.end();
    }
  });

  it('keeps a statement that failed in the transaction it opened, and rolls back the whole of it', async () => {
    await queryRows(database.db, sql.raw(`CREATE TABLE ${table} (id int PRIMARY KEY)`));
    await queryRows(database.db, sql.raw(`INSERT INTO ${table} VALUES (1)`));
    const insert = (tx: Database['db'], id: number) =>
      queryRows(tx, sql`INSERT INTO ${sql.raw(table)} VALUES (${id}) RETURNING id`);
    // The same text fails first in each of many transactions: once named and parsed on a connection, it travels
    // with BEGIN; its failure must neither leave the transaction open nor unsettle the connection's prepared state.
    for (let i = 0; i < 8; i++) {
      await expect(database.db.transaction(async (tx) => insert(tx, 1))).rejects.toSatisfy(duplicateKey);
    }
    // A transaction whose second statement fails: its first one is undone with it.
    await expect(
      database.db.transaction(async (tx) => {
        await insert(tx, 2);
        await insert(tx, 1);
      }),
    ).rejects.toSatisfy(duplicateKey);
    for (let i = 0; i < 3; i++) await database.db.transaction(async (tx) => insert(tx, 10 + i));
    const rows = await queryRows<{ id: number }>(database.db, sql.raw(`SELECT id FROM ${table} ORDER BY id`));
    expect(rows.map((r) => r.id)).toEqual([1, 10, 11, 12]);
  });

  it('sends nothing for a transaction that ran no statement, and ends one the code rolls back', async () => {
    const empty = await counted(() => database.db.transaction(async () => 'nothing'));
    expect(empty).toEqual({ value: 'nothing', roundTrips: 0 });

    await expect(
      database.db.transaction(async (tx) => {
        await queryRows(tx, sql`INSERT INTO ${sql.raw(table)} VALUES (${99})`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    const rows = await queryRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    expect(rows[0]!.n).toBe(4);
    // The connection is out of any transaction: two plain statements are two transactions.
    const a = await txid(database.db);
    const b = await txid(database.db);
    expect(a[0]!.id).not.toBe(b[0]!.id);
  });

  it('fails the first statement when the connection was cut while BEGIN was held, and serves again at once', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const cut = database.db.transaction(async (tx) => {
        // BEGIN is held on this transaction's connection; the server side of it goes away (a restart).
        await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        await new Promise((r) => setTimeout(r, 100));
        await queryRows(tx, sql`INSERT INTO ${sql.raw(table)} VALUES (${50})`);
      });
      await expect(cut).rejects.toThrow();
      let served = false;
      for (let attempt = 0; attempt < 5 && !served; attempt++) {
        // An idle connection the cut reached fails once; the pool then opens fresh ones.
        served = await database.db
          .transaction(async (tx) => txid(tx))
          .then(
            () => true,
            () => false,
          );
      }
      expect(served).toBe(true);
      const rows = await queryRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
      expect(rows[0]!.n).toBe(4);
    } finally {
      await admin.end();
    }
  });

  it('holds nested transactions (savepoints) inside the outer one', async () => {
    const ids = await database.db.transaction(async (tx) => {
      const outer = await txid(tx);
      const inner = await tx.transaction(async (sp) => txid(sp));
      return [outer[0]!.id, inner[0]!.id];
    });
    expect(ids[0]).toBe(ids[1]);
  });
});
