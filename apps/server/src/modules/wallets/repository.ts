import type { AccountMode } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';
import { deferWrite } from '../../platform/tx-scope.js';

export interface WalletTransferRow {
  [k: string]: unknown;
  id: string;
  mode: AccountMode;
  currency: string;
  amount: string;
  from_wallet: string;
  to_wallet: string;
  from_before: string;
  from_after: string;
  to_before: string;
  to_after: string;
  created_at: Date | string;
}

export interface ChangeRow {
  [k: string]: unknown;
  id: string;
  type: string;
  wallet: string;
  currency: string;
  amount: string;
  balance_before: string;
  balance_after: string;
  frozen_change: string;
  ref: string;
  created_at: Date | string;
}

export interface ChangeFilter {
  type?: string | undefined;
  wallet?: string | undefined;
  startMs?: number | undefined;
  endMs?: number | undefined;
}

const iso = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

export const walletsRepository = {
  /**
   * Records a wallet transfer. Nothing in the call reads it back, so it rides with the transaction's last statements
   * (`deferWrite`: one round trip fewer); returns the row as it is stored.
   */
  async insertWalletTransfer(
    ex: Executor,
    t: {
      id: string;
      userId: bigint;
      mode: AccountMode;
      currency: string;
      amount: string;
      fromWallet: string;
      toWallet: string;
      fromBefore: string;
      fromAfter: string;
      toBefore: string;
      toAfter: string;
      transferId: string;
      now: Date;
    },
  ): Promise<WalletTransferRow> {
    await deferWrite(
      ex,
      sql`INSERT INTO wallet_transfers (id, user_id, mode, currency, amount, from_wallet, to_wallet, from_before,
                                        from_after, to_before, to_after, transfer_id, created_at)
          VALUES (${t.id}::bigint, ${String(t.userId)}, ${t.mode}, ${t.currency}, ${t.amount}::numeric, ${t.fromWallet}, ${t.toWallet},
                  ${t.fromBefore}::numeric, ${t.fromAfter}::numeric, ${t.toBefore}::numeric, ${t.toAfter}::numeric,
                  ${t.transferId}, ${t.now.toISOString()}::timestamptz)`,
    );
    return {
      id: t.id,
      mode: t.mode,
      currency: t.currency,
      amount: t.amount,
      from_wallet: t.fromWallet,
      to_wallet: t.toWallet,
      from_before: t.fromBefore,
      from_after: t.fromAfter,
      to_before: t.toBefore,
      to_after: t.toAfter,
      created_at: t.now,
    };
  },

  async pageWalletTransfers(ex: Executor, userId: bigint, mode: AccountMode, limit: number, offset: number) {
    const where = sql`user_id = ${String(userId)} AND mode = ${mode}`;
    return queryPage<WalletTransferRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM wallet_transfers WHERE ${where}`,
      sql`SELECT id::text AS id, mode, currency, amount::text AS amount, from_wallet, to_wallet,
                   from_before::text AS from_before, from_after::text AS from_after, to_before::text AS to_before,
                   to_after::text AS to_after, created_at
            FROM wallet_transfers WHERE ${where} ORDER BY wallet_transfers.created_at DESC, wallet_transfers.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /** Records this month's demo claim; false when the user has one for the month already. */
  async insertDemoClaim(
    ex: Executor,
    c: { userId: bigint; month: string; currency: string; amount: string; transferId: string; now: Date },
  ): Promise<boolean> {
    const rows = await queryRows(
      ex,
      sql`INSERT INTO demo_claims (user_id, month, currency, amount, transfer_id, created_at)
          VALUES (${String(c.userId)}, ${c.month}, ${c.currency}, ${c.amount}::numeric, ${c.transferId},
                  ${c.now.toISOString()}::timestamptz)
          ON CONFLICT (user_id, month) DO NOTHING RETURNING 1 AS ok`,
    );
    return rows.length === 1;
  },

  async hasDemoClaim(ex: Executor, userId: bigint, month: string): Promise<boolean> {
    const rows = await queryRows(
      ex,
      sql`SELECT 1 FROM demo_claims WHERE user_id = ${String(userId)} AND month = ${month}`,
    );
    return rows.length === 1;
  },

  async pageChanges(ex: Executor, userId: bigint, mode: AccountMode, f: ChangeFilter, limit: number, offset: number) {
    const conds: SQL[] = [sql`user_id = ${String(userId)}`, sql`mode = ${mode}`];
    if (f.type) conds.push(sql`type = ${f.type}`);
    if (f.wallet) conds.push(sql`wallet = ${f.wallet}`);
    if (f.startMs !== undefined) conds.push(sql`created_at >= ${iso(f.startMs)}`);
    if (f.endMs !== undefined) conds.push(sql`created_at < ${iso(f.endMs)}`);
    const where = sql.join(conds, sql` AND `);
    return queryPage<ChangeRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM account_changes WHERE ${where}`,
      sql`SELECT id::text AS id, type, wallet, currency, amount::text AS amount,
                   balance_before::text AS balance_before, balance_after::text AS balance_after,
                   frozen_change::text AS frozen_change, ref, created_at
            FROM account_changes WHERE ${where} ORDER BY account_changes.created_at DESC, account_changes.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /** Sum per currency of the given change types since `sinceMs`. */
  async sumChanges(ex: Executor, userId: bigint, mode: AccountMode, types: readonly string[], sinceMs: number) {
    if (types.length === 0) return [];
    return queryRows<{ currency: string; total: string }>(
      ex,
      sql`SELECT currency, sum(amount + frozen_change)::text AS total FROM account_changes
          WHERE user_id = ${String(userId)} AND mode = ${mode} AND created_at >= ${iso(sinceMs)}
            AND type IN (${sql.join(
              types.map((t) => sql`${t}`),
              sql`, `,
            )})
          GROUP BY currency`,
    );
  },

  async fiatRates(ex: Executor) {
    return queryRows<{ code: string; symbol: string; rate: string }>(
      ex,
      sql`SELECT code, symbol, rate::text AS rate FROM fiat_rates ORDER BY sort, code`,
    );
  },
};
