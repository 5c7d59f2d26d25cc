import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../platform/db.js';

/** The ledger's SQL. Amounts go in and come out as decimal strings; NUMERIC does the arithmetic. */

export interface AccountRow {
  [k: string]: unknown;
  id: string;
  available: string;
  frozen: string;
}

export interface AccountKeySql {
  userId: bigint | null;
  systemCode: string | null;
  shard: number;
  mode: string;
  wallet: string | null;
  currency: string;
}

export interface PendingRow {
  [k: string]: unknown;
  id: string;
  mode: string;
  currency: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: string;
  ref: string;
  resolved: boolean;
}

/** The columns that name a ledger account, as rows read them. */
export interface AccountKeyRow {
  [k: string]: unknown;
  user_id: string | null;
  system_code: string | null;
  shard: number;
  mode: string;
  wallet: string | null;
  currency: string;
}

export interface LockedAccountRow extends AccountKeyRow {
  id: string;
  available: string;
  frozen: string;
}

/** A user account as a one-statement movement left it (`moveAndRecord`). */
export interface MovedRow extends AccountRow {
  ord: number;
}

export interface NewTransfer {
  /** Reserved beforehand (`nextTransferIds`); else taken from the sequence on insert. */
  id?: string;
  kind: 'single' | 'pending' | 'post' | 'void';
  mode: string;
  currency: string;
  debitId: string;
  creditId: string;
  amount: string;
  pendingId: string | null;
  type: string;
  ref: string;
}

/** One account_changes row as the inserts take it (ids and amounts as decimal strings). */
export interface ChangeRow {
  user_id: string;
  account_id: string;
  transfer_id: string;
  mode: string;
  wallet: string;
  currency: string;
  type: string;
  amount: string;
  balance_before: string;
  balance_after: string;
  frozen_change: string;
  /** Not stored (the change row keeps the movement): the account's frozen figure after it, for the `user` channel. */
  frozen_after: string;
  ref: string;
}

const keysJson = (keys: AccountKeySql[]) =>
  JSON.stringify(
    keys.map((k) => ({
      user_id: k.userId === null ? null : String(k.userId),
      system_code: k.systemCode,
      shard: k.shard,
      mode: k.mode,
      wallet: k.wallet,
      currency: k.currency,
    })),
  );

function keyWhere(k: AccountKeySql) {
  return k.userId !== null
    ? sql`user_id = ${String(k.userId)} AND mode = ${k.mode} AND wallet = ${k.wallet} AND currency = ${k.currency}`
    : sql`system_code = ${k.systemCode} AND mode = ${k.mode} AND currency = ${k.currency} AND shard = ${k.shard}`;
}

export const ledgerRepository = {
  async createAccount(ex: Executor, k: AccountKeySql): Promise<void> {
    await ex.execute(sql`
      INSERT INTO ledger_accounts (user_id, system_code, shard, mode, wallet, currency)
      VALUES (${k.userId === null ? null : String(k.userId)}, ${k.systemCode}, ${k.shard}, ${k.mode}, ${k.wallet}, ${k.currency})
      ON CONFLICT DO NOTHING`);
  },

  /**
   * Adds `availableDelta` and `frozenDelta` to an account, refusing (no row) when `available` would drop below
   * `availableFloor` (null: no floor, for system accounts). Returns the balances after.
   */
  async apply(
    ex: Executor,
    k: AccountKeySql,
    availableDelta: string,
    frozenDelta: string,
    guard: { available: boolean; frozen: boolean },
  ): Promise<AccountRow | undefined> {
    const availableGuard = guard.available ? sql` AND available + ${availableDelta}::numeric >= 0` : sql``;
    const frozenGuard = guard.frozen ? sql` AND frozen + ${frozenDelta}::numeric >= 0` : sql``;
    const rows = await queryRows<AccountRow>(
      ex,
      sql`UPDATE ledger_accounts
          SET available = available + ${availableDelta}::numeric, frozen = frozen + ${frozenDelta}::numeric
          WHERE ${keyWhere(k)}${availableGuard}${frozenGuard}
          RETURNING id::text AS id, available::text AS available, frozen::text AS frozen`,
    );
    return rows[0];
  },

  async exists(ex: Executor, k: AccountKeySql): Promise<boolean> {
    const rows = await queryRows(ex, sql`SELECT 1 FROM ledger_accounts WHERE ${keyWhere(k)}`);
    return rows.length > 0;
  },

  async idOf(ex: Executor, k: AccountKeySql): Promise<string | undefined> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`SELECT id::text AS id FROM ledger_accounts WHERE ${keyWhere(k)}`,
    );
    return rows[0]?.id;
  },

  /**
   * A transfer and the account changes it makes (`changes`' `transfer_id` is ignored: the new transfer's id is
   * used), in one statement, the changes in their given order. Returns the transfer's id.
   */
  async insertTransfer(ex: Executor, t: NewTransfer & { now: Date }, changes: ChangeRow[]): Promise<string> {
    const now = t.now.toISOString();
    const rows = changes.map((c) => ({
      user_id: c.user_id,
      account_id: c.account_id,
      mode: c.mode,
      wallet: c.wallet,
      currency: c.currency,
      type: c.type,
      amount: c.amount,
      balance_before: c.balance_before,
      balance_after: c.balance_after,
      frozen_change: c.frozen_change,
      ref: c.ref,
    }));
    const inserted = await queryRows<{ id: string }>(
      ex,
      sql`WITH t AS (
            INSERT INTO ledger_transfers (kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref, created_at)
            VALUES (${t.kind}, ${t.mode}, ${t.currency}, ${t.debitId}, ${t.creditId}, ${t.amount}::numeric, ${t.pendingId},
                    ${t.type}, ${t.ref}, ${now}::timestamptz)
            RETURNING id
          ), c AS (
            INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                         balance_before, balance_after, frozen_change, ref, created_at)
            SELECT c.user_id, c.account_id, t.id, c.mode, c.wallet, c.currency, c.type, c.amount,
                   c.balance_before, c.balance_after, c.frozen_change, c.ref, ${now}::timestamptz
            FROM t, json_array_elements(${JSON.stringify(rows)}::json) WITH ORDINALITY AS e(v, n),
                 json_to_record(e.v) AS c(user_id bigint, account_id bigint, mode text, wallet text, currency text,
                                           type text, amount numeric, balance_before numeric, balance_after numeric,
                                           frozen_change numeric, ref text)
            ORDER BY e.n
          )
          SELECT id::text AS id FROM t`,
    );
    return inserted[0]!.id;
  },

  /**
   * One movement in one statement (Ledger's single path): the user accounts `moves` name, locked in the lock order
   * (user, mode, wallet, currency), checked against their floors, changed, and the transfer inserted with one change
   * row per move, or nothing changed when an account is missing (`found` short of the moves) or a floor refuses
   * (`fits` false, `short`: the moves that would go below). A transfer account is an id, or the account of a move.
   */
  async moveAndRecord(
    ex: Executor,
    moves: {
      userId: string;
      mode: string;
      wallet: string;
      currency: string;
      available: string;
      frozen: string;
      guardAvailable: boolean;
      guardFrozen: boolean;
      type: string;
    }[],
    t: Omit<NewTransfer, 'id' | 'debitId' | 'creditId'> & {
      debit: { id: string } | { move: number };
      credit: { id: string } | { move: number };
      now: Date;
    },
  ): Promise<{ found: number; fits: boolean; short: number[]; transferId: string | null; rows: MovedRow[] }> {
    const now = t.now.toISOString();
    const ref = (r: { id: string } | { move: number }) =>
      'id' in r ? sql`${r.id}::bigint` : sql`(SELECT id FROM upd WHERE ord = ${r.move}::int)`;
    const rows = await queryRows<{
      found: number;
      fits: boolean;
      short: number[] | null;
      transfer_id: string | null;
      rows: MovedRow[] | null;
    }>(
      ex,
      sql`WITH d AS (
            SELECT * FROM json_to_recordset(${JSON.stringify(
              moves.map((m, ord) => ({
                ord,
                user_id: m.userId,
                mode: m.mode,
                wallet: m.wallet,
                currency: m.currency,
                da: m.available,
                df: m.frozen,
                ga: m.guardAvailable,
                gf: m.guardFrozen,
                type: m.type,
              })),
            )}::json) AS d(ord int, user_id bigint, mode text, wallet text, currency text, da numeric, df numeric,
                           ga boolean, gf boolean, type text)
          ), seen AS (
            -- Without locking: are they all there? If one is missing nothing is locked, so the caller's path that
            -- opens it does not hold a later account's lock while it waits on another opener (the lock order).
            SELECT count(*)::int AS n FROM d JOIN ledger_accounts a
              ON a.user_id = d.user_id AND a.mode = d.mode AND a.wallet = d.wallet AND a.currency = d.currency
          ), held AS (
            SELECT a.id, a.available, a.frozen, d.*,
                   (NOT d.ga OR a.available + d.da >= 0) AND (NOT d.gf OR a.frozen + d.df >= 0) AS fits
            FROM d JOIN ledger_accounts a
              ON a.user_id = d.user_id AND a.mode = d.mode AND a.wallet = d.wallet AND a.currency = d.currency
            WHERE (SELECT n FROM seen) = ${moves.length}::int
            ORDER BY a.user_id, a.mode COLLATE "C", a.wallet COLLATE "C", a.currency COLLATE "C"
            FOR NO KEY UPDATE OF a
          ), ok AS (
            SELECT CASE WHEN count(*) > 0 THEN count(*)::int ELSE (SELECT n FROM seen) END AS found,
                   coalesce(bool_and(fits), false) AS fits,
                   array_agg(ord ORDER BY ord) FILTER (WHERE NOT fits) AS short
            FROM held
          ), go AS (
            SELECT 1 FROM ok WHERE ok.found = ${moves.length}::int AND ok.fits
          ), upd AS (
            UPDATE ledger_accounts a SET available = a.available + h.da, frozen = a.frozen + h.df
            FROM held h WHERE a.id = h.id AND EXISTS (SELECT 1 FROM go)
            RETURNING h.ord, a.id, a.available, a.frozen, h.da, h.df, h.type, h.user_id, h.mode, h.wallet, h.currency
          ), t AS (
            INSERT INTO ledger_transfers (kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref, created_at)
            SELECT ${t.kind}, ${t.mode}, ${t.currency}, ${ref(t.debit)}, ${ref(t.credit)}, ${t.amount}::numeric,
                   ${t.pendingId}::bigint, ${t.type}, ${t.ref}, ${now}::timestamptz
            FROM go
            RETURNING id
          ), c AS (
            INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                         balance_before, balance_after, frozen_change, ref, created_at)
            SELECT u.user_id, u.id, t.id, u.mode, u.wallet, u.currency, u.type, u.da,
                   u.available - u.da, u.available, u.df, ${t.ref}, ${now}::timestamptz
            FROM upd u, t ORDER BY u.ord
          )
          SELECT ok.found, ok.fits, ok.short, (SELECT id::text FROM t) AS transfer_id,
                 (SELECT json_agg(json_build_object('ord', ord, 'id', id::text, 'available', available::text,
                                                    'frozen', frozen::text) ORDER BY ord) FROM upd) AS rows
          FROM ok`,
    );
    const r = rows[0]!;
    return { found: r.found, fits: r.fits, short: r.short ?? [], transferId: r.transfer_id, rows: r.rows ?? [] };
  },

  /**
   * A pending transfer, locked (only its own row: the accounts are locked later, in the lock order), with what
   * names each of its two accounts, and whether it is still open, in one statement.
   */
  async lockPending(
    ex: Executor,
    pendingId: string,
  ): Promise<(PendingRow & { debit: AccountKeyRow; credit: AccountKeyRow }) | undefined> {
    const rows = await queryRows<PendingRow & { debit: AccountKeyRow; credit: AccountKeyRow }>(
      ex,
      sql`SELECT t.id::text AS id, t.mode, t.currency, t.debit_account_id::text AS debit_account_id,
                 t.credit_account_id::text AS credit_account_id, t.amount::text AS amount, t.ref,
                 EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id) AS resolved,
                 jsonb_build_object('user_id', d.user_id::text, 'system_code', d.system_code, 'shard', d.shard,
                   'mode', d.mode, 'wallet', d.wallet, 'currency', d.currency) AS debit,
                 jsonb_build_object('user_id', c.user_id::text, 'system_code', c.system_code, 'shard', c.shard,
                   'mode', c.mode, 'wallet', c.wallet, 'currency', c.currency) AS credit
          FROM ledger_transfers t
          JOIN ledger_accounts d ON d.id = t.debit_account_id
          JOIN ledger_accounts c ON c.id = t.credit_account_id
          WHERE t.id = ${pendingId} AND t.kind = 'pending' FOR UPDATE OF t`,
    );
    return rows[0];
  },

  // Batches (Ledger.postBatch): each statement takes its rows as one JSON parameter, so a batch of any size is
  // the same few round trips and never meets the bind-parameter limit.

  /** Pending transfers and whether each is already resolved. */
  async pendings(ex: Executor, ids: string[]) {
    return queryRows<PendingRow>(
      ex,
      sql`SELECT t.id::text AS id, t.mode, t.currency, t.debit_account_id::text AS debit_account_id,
                 t.credit_account_id::text AS credit_account_id, t.amount::text AS amount, t.ref,
                 EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id) AS resolved
          FROM ledger_transfers t
          WHERE t.id IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json)::bigint) AND t.kind = 'pending'`,
    );
  },

  /** Every system account's key and id. */
  async systemAccounts(ex: Executor): Promise<(AccountKeyRow & { id: string })[]> {
    return queryRows<AccountKeyRow & { id: string }>(
      ex,
      sql`SELECT id::text AS id, user_id, system_code, shard, mode, wallet, currency
          FROM ledger_accounts WHERE user_id IS NULL`,
    );
  },

  async createAccounts(ex: Executor, keys: AccountKeySql[]): Promise<void> {
    await ex.execute(sql`
      INSERT INTO ledger_accounts (user_id, system_code, shard, mode, wallet, currency)
      SELECT user_id, system_code, shard, mode, wallet, currency
      FROM json_to_recordset(${keysJson(keys)}::json)
        AS k(user_id bigint, system_code text, shard smallint, mode text, wallet text, currency text)
      ON CONFLICT DO NOTHING`);
  },

  /**
   * The user (or the system) accounts among those named by id or by key, with their balances, in the ledger's
   * lock order; locked when asked (NO KEY UPDATE, as an UPDATE of the balances locks; the reference checks of
   * transfers and change rows that name the account only read it, migration 0026).
   */
  async accounts(ex: Executor, ids: string[], keys: AccountKeySql[], o: { users: boolean; lock: boolean }) {
    const users = keys.filter((k) => k.userId !== null);
    const systems = keys.filter((k) => k.userId === null);
    return queryRows<LockedAccountRow>(
      ex,
      sql`SELECT a.id::text AS id, a.user_id::text AS user_id, a.system_code, a.shard, a.mode, a.wallet, a.currency,
                 a.available::text AS available, a.frozen::text AS frozen
          FROM ledger_accounts a
          WHERE (a.user_id IS NOT NULL) = ${o.users} AND (
                a.id IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json)::bigint)
             OR (a.user_id, a.mode, a.wallet, a.currency) IN (
                  SELECT user_id, mode, wallet, currency
                  FROM json_to_recordset(${keysJson(users)}::json) AS k(user_id bigint, mode text, wallet text, currency text))
             OR (a.system_code, a.mode, a.currency, a.shard) IN (
                  SELECT system_code, mode, currency, shard
                  FROM json_to_recordset(${keysJson(systems)}::json) AS k(system_code text, mode text, currency text, shard smallint)))
          ORDER BY a.user_id, a.system_code COLLATE "C", a.mode COLLATE "C", a.wallet COLLATE "C", a.currency COLLATE "C",
                   a.shard
          ${o.lock ? sql`FOR NO KEY UPDATE OF a` : sql``}`,
    );
  },

  /** Adds each row's deltas to its (locked) account. */
  async applyDeltas(ex: Executor, deltas: { id: string; available: string; frozen: string }[]): Promise<void> {
    await ex.execute(sql`
      UPDATE ledger_accounts a SET available = a.available + d.available, frozen = a.frozen + d.frozen
      FROM json_to_recordset(${JSON.stringify(deltas)}::json) AS d(id bigint, available numeric, frozen numeric)
      WHERE a.id = d.id`);
  },

  /**
   * Adds each row's deltas to its system account in one statement: the rows are locked first, in the lock order
   * (code, mode, currency, shard: a sorted `FOR NO KEY UPDATE`), then updated. Returns each row's balances before.
   */
  async moveSystemRows(
    ex: Executor,
    deltas: { id: string; available: string; frozen: string }[],
  ): Promise<{ id: string; available: string; frozen: string }[]> {
    return queryRows<{ id: string; available: string; frozen: string }>(
      ex,
      sql`WITH d AS (
            SELECT * FROM json_to_recordset(${JSON.stringify(deltas)}::json) AS d(id bigint, available numeric, frozen numeric)
          ), held AS (
            SELECT a.id, a.available, a.frozen
            FROM ledger_accounts a
            -- The ids as an array, not IN (SELECT id FROM d): the planner takes a JSON function for 100 rows and,
            -- on a small accounts table, hashed them against a scan of every account; an array's length it knows.
            WHERE a.user_id IS NULL AND a.id = ANY(${`{${deltas.map((d) => BigInt(d.id)).join(',')}}`}::bigint[])
            ORDER BY a.system_code COLLATE "C", a.mode COLLATE "C", a.currency COLLATE "C", a.shard
            FOR NO KEY UPDATE OF a
          )
          UPDATE ledger_accounts a SET available = a.available + d.available, frozen = a.frozen + d.frozen
          FROM held h JOIN d ON d.id = h.id
          WHERE a.id = h.id
          RETURNING a.id::text AS id, h.available::text AS available, h.frozen::text AS frozen`,
    );
  },

  /** Transfers in one statement; their ids are taken from the sequence first, so each row's id is known. */
  async nextTransferIds(ex: Executor, n: number): Promise<string[]> {
    if (n === 0) return [];
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`SELECT nextval('ledger_transfers_id_seq')::text AS id FROM generate_series(1, ${n})`,
    );
    return rows.map((r) => r.id);
  },

  /**
   * One statement: each transfer takes its reserved id or the sequence's next (in the batch's order), and the ids
   * come back in that order.
   */
  async insertTransfers(ex: Executor, transfers: NewTransfer[], now: Date): Promise<string[]> {
    const rows = transfers.map((t, i) => ({
      i,
      id: t.id ?? null,
      kind: t.kind,
      mode: t.mode,
      currency: t.currency,
      debit_account_id: t.debitId,
      credit_account_id: t.creditId,
      amount: t.amount,
      pending_id: t.pendingId,
      type: t.type,
      ref: t.ref,
    }));
    const ids = await queryRows<{ id: string }>(
      ex,
      sql`
      WITH src AS MATERIALIZED (
        SELECT i, coalesce(id, nextval('ledger_transfers_id_seq')) AS id, kind, mode, currency, debit_account_id,
               credit_account_id, amount, pending_id, type, ref
        FROM json_to_recordset(${JSON.stringify(rows)}::json)
          AS t(i int, id bigint, kind text, mode text, currency text, debit_account_id bigint,
               credit_account_id bigint, amount numeric, pending_id bigint, type text, ref text)
        ORDER BY i
      ), ins AS (
        INSERT INTO ledger_transfers (id, kind, mode, currency, debit_account_id, credit_account_id, amount,
                                      pending_id, type, ref, created_at)
        SELECT id, kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref,
               ${now.toISOString()}::timestamptz
        FROM src
      )
      SELECT id::text AS id FROM src ORDER BY i`,
    );
    return ids.map((r) => r.id);
  },

  async insertChangeBatch(ex: Executor, changes: ChangeRow[], now: Date): Promise<void> {
    if (changes.length === 0) return;
    await ex.execute(sql`
      INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                   balance_before, balance_after, frozen_change, ref, created_at)
      SELECT user_id, account_id, transfer_id, mode, wallet, currency, type, amount, balance_before, balance_after,
             frozen_change, ref, ${now.toISOString()}::timestamptz
      FROM json_to_recordset(${JSON.stringify(changes)}::json)
        AS c(user_id bigint, account_id bigint, transfer_id bigint, mode text, wallet text, currency text, type text,
             amount numeric, balance_before numeric, balance_after numeric, frozen_change numeric, ref text)`);
  },

  async userBalances(ex: Executor, userId: bigint, mode: string) {
    return queryRows<{ wallet: string; currency: string; available: string; frozen: string }>(
      ex,
      sql`SELECT wallet, currency, available::text AS available, frozen::text AS frozen
          FROM ledger_accounts WHERE user_id = ${String(userId)} AND mode = ${mode} ORDER BY wallet, currency`,
    );
  },

  /** Every way the stored balances could disagree with the transfers; empty when the ledger is sound. */
  async violations(ex: Executor): Promise<string[]> {
    const sums = await queryRows<{ mode: string; currency: string; total: string }>(
      ex,
      sql`SELECT mode, currency, sum(available + frozen)::text AS total FROM ledger_accounts
          GROUP BY mode, currency HAVING sum(available + frozen) <> 0`,
    );
    const drift = await queryRows<{
      id: string;
      available: string;
      frozen: string;
      exp_available: string;
      exp_frozen: string;
    }>(
      ex,
      sql`WITH resolved AS (
            SELECT p.id, p.debit_account_id, p.amount, r.kind AS resolution
            FROM ledger_transfers p LEFT JOIN ledger_transfers r ON r.pending_id = p.id
            WHERE p.kind = 'pending'
          ),
          moves AS (
            SELECT credit_account_id AS account_id, amount AS d_available, 0::numeric AS d_frozen
              FROM ledger_transfers WHERE kind IN ('single', 'post')
            UNION ALL
            SELECT debit_account_id, -amount, 0 FROM ledger_transfers WHERE kind = 'single'
            UNION ALL
            SELECT debit_account_id,
                   CASE WHEN resolution = 'void' THEN 0 ELSE -amount END,
                   CASE WHEN resolution IS NULL THEN amount ELSE 0 END
              FROM resolved
          ),
          expected AS (
            SELECT account_id, sum(d_available) AS available, sum(d_frozen) AS frozen FROM moves GROUP BY account_id
          )
          SELECT a.id::text AS id, a.available::text AS available, a.frozen::text AS frozen,
                 coalesce(e.available, 0)::text AS exp_available, coalesce(e.frozen, 0)::text AS exp_frozen
          FROM ledger_accounts a LEFT JOIN expected e ON e.account_id = a.id
          WHERE a.available <> coalesce(e.available, 0) OR a.frozen <> coalesce(e.frozen, 0)`,
    );
    const negative = await queryRows<{ id: string }>(
      ex,
      sql`SELECT id::text AS id FROM ledger_accounts WHERE frozen < 0 OR (user_id IS NOT NULL AND available < 0)`,
    );
    return [
      ...sums.map((s) => `${s.mode} ${s.currency} accounts sum to ${s.total}, not 0`),
      ...drift.map(
        (d) =>
          `account ${d.id} holds ${d.available}/${d.frozen} but its transfers give ${d.exp_available}/${d.exp_frozen}`,
      ),
      ...negative.map((n) => `account ${n.id} is negative`),
    ];
  },
};
