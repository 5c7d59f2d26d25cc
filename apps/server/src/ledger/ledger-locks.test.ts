import { money } from '@nexa/rules';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../platform/db.js';
import { createPostgresTestDatabase } from '../testing.js';
import { Ledger, ensureSystemAccounts } from './ledger.js';

/**
 * The one-statement movement and the lock order, on PostgreSQL (two connections; also in the embedded suite). When
 * an account of the movement is missing, the statement must lock none of the others: the path that then opens the
 * account may wait on another transaction opening it, and that one may be waiting for an account this one holds.
 */
let database: Database;
beforeAll(async () => {
  database = await createPostgresTestDatabase();
});
afterAll(() => database?.close());

describe('a one-statement movement with an account missing', () => {
  it('locks nothing, so a transaction opening that account meanwhile is never waited for in a circle', async () => {
    const ledger = new Ledger(undefined, undefined, await ensureSystemAccounts(database.db, ['USDT']));
    const [u] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO users (uid, email, password_hash, invite_code)
          VALUES (${90_000_000 + Math.floor(Math.random() * 1e6)}, ${`locks${Date.now()}@example.com`}, 'x',
                  ${`K${Date.now()}`}) RETURNING id::text AS id`,
    );
    const userId = BigInt(u!.id);
    const at = (wallet: 'spot' | 'delivery') => ({ userId, mode: 'real' as const, wallet, currency: 'USDT' as const });
    const transfer = (debit: ReturnType<typeof at>, credit: ReturnType<typeof at>, amount: number) =>
      database.db.transaction((t) =>
        ledger.transfer(t, {
          debit,
          credit,
          amount: money(amount),
          types: { debit: 'transfer_out', credit: 'transfer_in' },
          ref: 'locks',
        }),
      );
    await database.db.transaction((t) =>
      ledger.transfer(t, {
        debit: { system: 'deposits', mode: 'real', currency: 'USDT' },
        credit: at('spot'),
        amount: money(10),
        types: { debit: 'deposit', credit: 'deposit' },
        ref: 'locks',
      }),
    );
    // The ledger believes the delivery account open (it saw it in a transaction that then rolled back): its next
    // transfer there tries the one statement, which finds the account missing.
    await database.db
      .transaction(async (t) => {
        for (let i = 0; i < 2; i++) {
          await ledger.transfer(t, {
            debit: at('spot'),
            credit: at('delivery'),
            amount: money(1),
            types: { debit: 'transfer_out', credit: 'transfer_in' },
            ref: 'locks',
          });
        }
        throw new Error('roll back');
      })
      .catch(() => {});
    const [spot] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM ledger_accounts WHERE user_id = ${u!.id} AND wallet = 'spot'`,
    );

    // Another transaction opens the delivery account and has not committed.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO ledger_accounts (user_id, mode, wallet, currency) VALUES ($1, 'real', 'delivery', 'USDT')`,
        [u!.id],
      );
      const moved = transfer(at('spot'), at('delivery'), 3);
      // The transfer waits for that opener…
      for (let i = 0; ; i++) {
        const rows = await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%ledger_accounts%'`,
        );
        if (rows[0]!.n > 0) break;
        if (i > 400) throw new Error('the transfer never waited for the opener');
        await new Promise((r) => setTimeout(r, 25));
      }
      // …holding no lock on the spot account, which the opener can take at once.
      await expect(
        other.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR NO KEY UPDATE NOWAIT', [spot!.id]),
      ).resolves.toBeDefined();
      await other.query('ROLLBACK');
      const done = await moved;
      expect(done.debit).toMatchObject({ availableBefore: '10', availableAfter: '7' });
      expect(done.credit).toMatchObject({ availableBefore: '0', availableAfter: '3' });
    } finally {
      await other.end();
    }
    expect(await ledger.violations(database.db)).toEqual([]);
  });
});
