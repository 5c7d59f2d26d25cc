import type { ReviewStatus } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

type Ts = Date | string;

/** Who a record belongs to, joined from users for operators. */
export interface OwnerColumns {
  owner_uid?: string | number;
  owner_email?: string | null;
  owner_area_code?: string | null;
  owner_mobile?: string | null;
  /** The operator who decided it, joined for operators (null while under review). */
  reviewed_by?: string | null;
  reviewed_by_name?: string | null;
}

export interface DepositRow extends OwnerColumns {
  [k: string]: unknown;
  id: string;
  order_no: string;
  user_id: string;
  currency: string;
  chain: string;
  address: string;
  amount: string;
  screenshot: string;
  status: ReviewStatus;
  reason: string | null;
  transfer_id: string | null;
  created_at: Ts;
  reviewed_at: Ts | null;
}

export interface WithdrawalRow extends OwnerColumns {
  [k: string]: unknown;
  id: string;
  order_no: string;
  user_id: string;
  method: 'crypto' | 'bank';
  currency: string;
  chain: string | null;
  address: string | null;
  bank_name: string | null;
  card_number: string | null;
  user_name: string | null;
  amount: string;
  fee: string;
  status: ReviewStatus;
  reason: string | null;
  hold_id: string;
  fee_hold_id: string | null;
  created_at: Ts;
  reviewed_at: Ts | null;
}

export interface PasswordRow {
  [k: string]: unknown;
  password_hash: string;
  failures: number;
  window_start_at: Ts | null;
  locked_until: Ts | null;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const DEPOSIT_COLUMNS = sql.raw(`d.id::text AS id, d.order_no, d.user_id::text AS user_id, d.currency, d.chain,
  d.address, trim_scale(d.amount)::text AS amount, d.screenshot, d.status, d.reason, d.transfer_id::text AS transfer_id,
  d.created_at, d.reviewed_at`);
const WITHDRAWAL_COLUMNS = sql.raw(`w.id::text AS id, w.order_no, w.user_id::text AS user_id, w.method, w.currency,
  w.chain, w.address, w.bank_name, w.card_number, w.user_name, trim_scale(w.amount)::text AS amount,
  trim_scale(w.fee)::text AS fee, w.status, w.reason, w.hold_id::text AS hold_id, w.fee_hold_id::text AS fee_hold_id,
  w.created_at, w.reviewed_at`);
const ADDRESS_COLUMNS = sql.raw('chain, address, label, updated_at, usable_at');
/** The owner and the reviewer (null while under review) of a deposit `d` or withdrawal `w`, as operators see them. */
const operatorView = (t: 'd' | 'w') => ({
  columns: sql.raw(`u.uid AS owner_uid, u.email AS owner_email, u.area_code AS owner_area_code,
    u.mobile AS owner_mobile, ${t}.reviewed_by::text AS reviewed_by, r.username AS reviewed_by_name`),
  joins: sql.raw(`JOIN users u ON u.id = ${t}.user_id LEFT JOIN operators r ON r.id = ${t}.reviewed_by`),
});
const DEPOSIT_VIEW = operatorView('d');
const WITHDRAWAL_VIEW = operatorView('w');

export const fundingRepository = {
  /** Serialises one user's money-out calls (daily count, balance): a row lock on the user, for this transaction. */
  async lockUser(ex: Executor, userId: bigint): Promise<void> {
    await ex.execute(sql`SELECT id FROM users WHERE id = ${String(userId)} FOR NO KEY UPDATE`);
  },

  // ── Deposits ──────────────────────────────────────────────────────────────────────────────────────────────

  async insertDeposit(
    ex: Executor,
    d: {
      orderNo: string;
      userId: bigint;
      currency: string;
      chain: string;
      address: string;
      amount: string;
      screenshot: string;
      now: Date;
    },
  ): Promise<DepositRow> {
    const rows = await queryRows<DepositRow>(
      ex,
      sql`WITH d AS (
            INSERT INTO deposits (order_no, user_id, currency, chain, address, amount, screenshot, status, created_at)
            VALUES (${d.orderNo}, ${String(d.userId)}, ${d.currency}, ${d.chain}, ${d.address}, ${d.amount}::numeric,
                    ${d.screenshot}, 'review', ${iso(d.now)})
            RETURNING *)
          SELECT ${DEPOSIT_COLUMNS} FROM d`,
    );
    return rows[0]!;
  },

  pageUserDeposits(ex: Executor, userId: bigint, limit: number, offset: number) {
    const where = sql`d.user_id = ${String(userId)}`;
    return queryPage<DepositRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM deposits d WHERE ${where}`,
      sql`SELECT ${DEPOSIT_COLUMNS} FROM deposits d WHERE ${where}
          ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  pageDeposits(ex: Executor, status: ReviewStatus | undefined, limit: number, offset: number) {
    const where = status ? sql`d.status = ${status}` : sql`true`;
    const order = status === 'review' ? sql`d.created_at, d.id` : sql`d.created_at DESC, d.id DESC`;
    return queryPage<DepositRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM deposits d WHERE ${where}`,
      sql`SELECT ${DEPOSIT_COLUMNS}, ${DEPOSIT_VIEW.columns} FROM deposits d ${DEPOSIT_VIEW.joins} WHERE ${where}
          ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /** The deposit with its owner, locked for a decision. */
  async lockDeposit(ex: Executor, id: string): Promise<DepositRow | undefined> {
    const rows = await queryRows<DepositRow>(
      ex,
      sql`SELECT ${DEPOSIT_COLUMNS}, ${DEPOSIT_VIEW.columns} FROM deposits d ${DEPOSIT_VIEW.joins}
          WHERE d.id = ${id} FOR UPDATE OF d`,
    );
    return rows[0];
  },

  async decideDeposit(
    ex: Executor,
    id: string,
    d: {
      status: 'approved' | 'failed';
      reason: string | null;
      operatorId: string;
      transferId: string | null;
      now: Date;
    },
  ): Promise<void> {
    await ex.execute(sql`UPDATE deposits SET status = ${d.status}, reason = ${d.reason}, transfer_id = ${d.transferId},
      reviewed_by = ${d.operatorId}, reviewed_at = ${iso(d.now)} WHERE id = ${id} AND status = 'review'`);
  },

  // ── Bindings ──────────────────────────────────────────────────────────────────────────────────────────────

  /** Binds (or replaces) the user's address on `chain`; the caller decides from when it is usable. */
  async saveAddress(
    ex: Executor,
    userId: bigint,
    a: { chain: string; address: string; label: string; usableAt: Date; now: Date },
  ): Promise<AddressRow> {
    const rows = await queryRows<AddressRow>(
      ex,
      sql`INSERT INTO withdrawal_addresses (user_id, chain, address, label, updated_at, usable_at)
          VALUES (${String(userId)}, ${a.chain}, ${a.address}, ${a.label}, ${iso(a.now)}, ${iso(a.usableAt)})
          ON CONFLICT (user_id, chain) DO UPDATE SET address = EXCLUDED.address, label = EXCLUDED.label,
            updated_at = EXCLUDED.updated_at, usable_at = EXCLUDED.usable_at
          RETURNING ${ADDRESS_COLUMNS}`,
    );
    return rows[0]!;
  },

  /** The bound addresses; `lock` holds them for a binding that reads before it writes. */
  addresses(ex: Executor, userId: bigint, lock = false) {
    return queryRows<AddressRow>(
      ex,
      sql`SELECT ${ADDRESS_COLUMNS} FROM withdrawal_addresses WHERE user_id = ${String(userId)} ORDER BY chain
          ${lock ? sql`FOR UPDATE` : sql``}`,
    );
  },

  /** Where a notice to the user goes. */
  async recipient(ex: Executor, userId: bigint): Promise<RecipientRow | undefined> {
    const rows = await queryRows<RecipientRow>(
      ex,
      sql`SELECT email, area_code AS "areaCode", mobile FROM users WHERE id = ${String(userId)}`,
    );
    return rows[0];
  },

  async saveBank(
    ex: Executor,
    userId: bigint,
    b: { bankName: string; cardNumber: string; userName: string; now: Date },
  ) {
    const rows = await queryRows<BankRow>(
      ex,
      sql`INSERT INTO bank_cards (user_id, bank_name, card_number, user_name, updated_at)
          VALUES (${String(userId)}, ${b.bankName}, ${b.cardNumber}, ${b.userName}, ${iso(b.now)})
          ON CONFLICT (user_id) DO UPDATE SET bank_name = EXCLUDED.bank_name, card_number = EXCLUDED.card_number,
            user_name = EXCLUDED.user_name, updated_at = EXCLUDED.updated_at
          RETURNING bank_name, card_number, user_name, updated_at`,
    );
    return rows[0]!;
  },

  async bank(ex: Executor, userId: bigint): Promise<BankRow | undefined> {
    const rows = await queryRows<BankRow>(
      ex,
      sql`SELECT bank_name, card_number, user_name, updated_at FROM bank_cards WHERE user_id = ${String(userId)}`,
    );
    return rows[0];
  },

  // ── Withdrawal password ───────────────────────────────────────────────────────────────────────────────────

  async password(ex: Executor, userId: bigint): Promise<PasswordRow | undefined> {
    const rows = await queryRows<PasswordRow>(
      ex,
      sql`SELECT password_hash, failures, window_start_at, locked_until FROM withdrawal_passwords
          WHERE user_id = ${String(userId)}`,
    );
    return rows[0];
  },

  async setPassword(ex: Executor, userId: bigint, hash: string, now: Date): Promise<void> {
    await ex.execute(sql`INSERT INTO withdrawal_passwords (user_id, password_hash, updated_at)
      VALUES (${String(userId)}, ${hash}, ${iso(now)})
      ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, failures = 0,
        window_start_at = NULL, locked_until = NULL, updated_at = EXCLUDED.updated_at`);
  },

  /** Counts one wrong attempt within the window (a new window once the old one ended); returns the count. */
  async addFailure(ex: Executor, userId: bigint, now: Date, windowMs: number): Promise<number> {
    const windowStart = new Date(now.getTime() - windowMs);
    const rows = await queryRows<{ failures: number }>(
      ex,
      sql`UPDATE withdrawal_passwords SET
            failures = CASE WHEN window_start_at IS NULL OR window_start_at < ${iso(windowStart)} THEN 1
                            ELSE failures + 1 END,
            window_start_at = CASE WHEN window_start_at IS NULL OR window_start_at < ${iso(windowStart)}
                                   THEN ${iso(now)} ELSE window_start_at END
          WHERE user_id = ${String(userId)} RETURNING failures`,
    );
    return Number(rows[0]?.failures ?? 0);
  },

  async lockPassword(ex: Executor, userId: bigint, until: Date): Promise<void> {
    await ex.execute(sql`UPDATE withdrawal_passwords SET locked_until = ${iso(until)}, failures = 0,
      window_start_at = NULL WHERE user_id = ${String(userId)}`);
  },

  async clearFailures(ex: Executor, userId: bigint): Promise<void> {
    await ex.execute(sql`UPDATE withdrawal_passwords SET failures = 0, window_start_at = NULL, locked_until = NULL
      WHERE user_id = ${String(userId)} AND (failures > 0 OR locked_until IS NOT NULL)`);
  },

  // ── Withdrawals ───────────────────────────────────────────────────────────────────────────────────────────

  async countWithdrawalsSince(ex: Executor, userId: bigint, since: Date): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${String(userId)} AND created_at >= ${iso(since)}`,
    );
    return Number(rows[0]!.n);
  },

  async insertWithdrawal(
    ex: Executor,
    w: {
      orderNo: string;
      userId: bigint;
      method: string;
      currency: string;
      chain: string | null;
      address: string | null;
      bank: BankRow | null;
      amount: string;
      fee: string;
      usdValue: string;
      holdId: string;
      feeHoldId: string | null;
      now: Date;
    },
  ): Promise<WithdrawalRow> {
    const rows = await queryRows<WithdrawalRow>(
      ex,
      sql`WITH w AS (
            INSERT INTO withdrawals (order_no, user_id, method, currency, chain, address, bank_name, card_number,
                                     user_name, amount, fee, usd_value, status, hold_id, fee_hold_id, created_at)
            VALUES (${w.orderNo}, ${String(w.userId)}, ${w.method}, ${w.currency}, ${w.chain}, ${w.address},
                    ${w.bank?.bank_name ?? null}, ${w.bank?.card_number ?? null}, ${w.bank?.user_name ?? null},
                    ${w.amount}::numeric, ${w.fee}::numeric, ${w.usdValue}::numeric, 'review', ${w.holdId},
                    ${w.feeHoldId}, ${iso(w.now)})
            RETURNING *)
          SELECT ${WITHDRAWAL_COLUMNS} FROM w`,
    );
    return rows[0]!;
  },

  pageUserWithdrawals(ex: Executor, userId: bigint, limit: number, offset: number) {
    const where = sql`w.user_id = ${String(userId)}`;
    return queryPage<WithdrawalRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM withdrawals w WHERE ${where}`,
      sql`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals w WHERE ${where}
          ORDER BY w.created_at DESC, w.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  pageWithdrawals(ex: Executor, status: ReviewStatus | undefined, limit: number, offset: number) {
    const where = status ? sql`w.status = ${status}` : sql`true`;
    const order = status === 'review' ? sql`w.created_at, w.id` : sql`w.created_at DESC, w.id DESC`;
    return queryPage<WithdrawalRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM withdrawals w WHERE ${where}`,
      sql`SELECT ${WITHDRAWAL_COLUMNS}, ${WITHDRAWAL_VIEW.columns} FROM withdrawals w ${WITHDRAWAL_VIEW.joins}
          WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async lockWithdrawal(ex: Executor, id: string): Promise<WithdrawalRow | undefined> {
    const rows = await queryRows<WithdrawalRow>(
      ex,
      sql`SELECT ${WITHDRAWAL_COLUMNS}, ${WITHDRAWAL_VIEW.columns} FROM withdrawals w ${WITHDRAWAL_VIEW.joins}
          WHERE w.id = ${id} FOR UPDATE OF w`,
    );
    return rows[0];
  },

  async decideWithdrawal(
    ex: Executor,
    id: string,
    d: { status: 'approved' | 'failed'; reason: string | null; operatorId: string; now: Date },
  ): Promise<void> {
    await ex.execute(sql`UPDATE withdrawals SET status = ${d.status}, reason = ${d.reason},
      reviewed_by = ${d.operatorId}, reviewed_at = ${iso(d.now)} WHERE id = ${id} AND status = 'review'`);
  },
};

export interface BankRow {
  [k: string]: unknown;
  bank_name: string;
  card_number: string;
  user_name: string;
  updated_at: Ts;
}

export interface AddressRow {
  [k: string]: unknown;
  chain: string;
  address: string;
  label: string | null;
  updated_at: Ts;
  usable_at: Ts;
}

export interface RecipientRow {
  [k: string]: unknown;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
}
