import { sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

/**
 * The console's read model over the users' tables (operators look, they never edit a balance), and the writes
 * of its three user actions: freezes, session revocation, second-factor reset.
 */
type Ts = Date | string;
export interface UserRow {
  [k: string]: unknown;
  id: string;
  uid: string | number;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  invite_code: string;
  mode: 'real' | 'demo';
  created_at: Ts;
  logins_frozen: boolean | null;
  withdrawals_frozen: boolean | null;
}

const USER_COLUMNS = sql`u.id::text AS id, u.uid, u.email, u.area_code, u.mobile, u.invite_code, u.mode, u.created_at,
  f.logins_frozen, f.withdrawals_frozen`;
const USER_FROM = sql`users u LEFT JOIN user_freezes f ON f.user_id = u.id`;

/** The user search's condition on `users u` (exported for the test that reads its plan). */
export function userSearchWhere(q: string) {
  if (q === '') return sql`TRUE`;
  const digits = /^\d{1,18}$/.test(q) ? q : null;
  const mobile = q.replace(/[\s()+-]/g, '');
  const emailPart = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${digits === null ? sql`FALSE` : sql`u.uid = ${digits}`}
      OR u.invite_code = ${q.toUpperCase()} OR u.mobile = ${mobile} OR (u.area_code || u.mobile) = ${mobile}
      OR lower(u.email) LIKE ${emailPart})`;
}

export const consoleRepository = {
  /**
   * Exact uid, invitation code (any case: codes are stored upper-case and typed either way) or mobile number, or any part of an e-mail (case-insensitive; the query's own `%`, `_`
   * and `\\` match themselves); an empty query: every user. Newest first, one page. Each branch has its index
   * (migration 0031: a trigram index serves the part of an e-mail), so the search reads no more of `users` than it finds.
   */
  async searchUsers(ex: Executor, q: string, limit: number, offset: number) {
    const where = userSearchWhere(q);
    return queryPage<UserRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM ${USER_FROM} WHERE ${where}`,
      sql`SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE ${where} ORDER BY u.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async user(ex: Executor, userId: string) {
    const rows = await queryRows<
      UserRow & { inviter_uid: string | number | null; inviter_id: string | null; totp_on: boolean | null }
    >(
      ex,
      sql`SELECT ${USER_COLUMNS}, i.uid AS inviter_uid, i.id::text AS inviter_id, (s.totp_secret IS NOT NULL) AS totp_on
          FROM ${USER_FROM} LEFT JOIN users i ON i.id = u.inviter_id LEFT JOIN user_security s ON s.user_id = u.id
          WHERE u.id = ${userId}`,
    );
    return rows[0];
  },

  /** The latest audited freeze of each kind on the user, with its operator (audit_log_entity_idx serves it). */
  lastFreezes(ex: Executor, userId: string) {
    return queryRows<{ action: string; reason: string | null; operator_id: string; username: string; created_at: Ts }>(
      ex,
      sql`SELECT DISTINCT ON (a.action) a.action, a.reason, a.operator_id::text AS operator_id, o.username, a.created_at
          FROM audit_log a JOIN operators o ON o.id = a.operator_id
          WHERE a.entity = 'user' AND a.entity_id = ${userId}
            AND a.action IN ('user.freezeLogins', 'user.freezeWithdrawals')
          ORDER BY a.action, a.id DESC`,
    );
  },

  verifications(ex: Executor, userId: string) {
    return queryRows<{ id: string; level: string; status: string; created_at: Ts }>(
      ex,
      sql`SELECT id::text AS id, level, status, created_at FROM verifications WHERE user_id = ${userId}
          ORDER BY verifications.id DESC LIMIT 20`,
    );
  },

  balances(ex: Executor, userId: string) {
    return queryRows<{ mode: 'real' | 'demo'; wallet: string; currency: string; available: string; frozen: string }>(
      ex,
      sql`SELECT mode, wallet, currency, available::text AS available, frozen::text AS frozen FROM ledger_accounts
          WHERE user_id = ${userId} ORDER BY mode DESC, wallet, currency LIMIT 200`,
    );
  },

  addresses(ex: Executor, userId: string) {
    return queryRows<{ chain: string; address: string; label: string | null; updated_at: Ts; usable_at: Ts }>(
      ex,
      sql`SELECT chain, address, label, updated_at, usable_at FROM withdrawal_addresses
          WHERE user_id = ${userId} ORDER BY chain`,
    );
  },

  /** The user's bound bank card (one at most: binding again replaces it). */
  async bankCard(ex: Executor, userId: string) {
    const rows = await queryRows<{ bank_name: string; user_name: string; card_number: string; updated_at: Ts }>(
      ex,
      sql`SELECT bank_name, user_name, card_number, updated_at FROM bank_cards WHERE user_id = ${userId}`,
    );
    return rows[0];
  },

  liveSessions(ex: Executor, userId: string, now: Date) {
    return queryRows<{
      id: string;
      created_at: Ts;
      expires_at: Ts;
      last_seen_at: Ts | null;
      ip: string | null;
      user_agent: string | null;
    }>(
      ex,
      sql`SELECT id::text AS id, created_at, expires_at, last_seen_at, ip, user_agent FROM sessions
          WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz
          ORDER BY sessions.id DESC LIMIT 100`,
    );
  },

  changes(ex: Executor, userId: string, limit: number, offset: number) {
    return queryPage<{
      id: string;
      mode: 'real' | 'demo';
      wallet: string;
      currency: string;
      type: string;
      amount: string;
      frozen_change: string;
      balance_after: string;
      ref: string;
      created_at: Ts;
    }>(
      ex,
      sql`SELECT count(*)::int AS n FROM account_changes WHERE user_id = ${userId}`,
      sql`SELECT id::text AS id, mode, wallet, currency, type, amount::text AS amount,
                 frozen_change::text AS frozen_change, balance_after::text AS balance_after, ref, created_at
          FROM account_changes WHERE user_id = ${userId} ORDER BY account_changes.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /**
   * Delivery and perpetual orders together, newest first; a perpetual order with its position's terms (for its
   * liquidation price) and the PnL its fills realised when they closed lots.
   */
  orders(ex: Executor, userId: string, limit: number, offset: number) {
    const all = sql`(SELECT 'delivery' AS product, d.id, d.mode, d.symbol, d.direction AS side, d.stake::text AS amount,
                            d.status, d.created_at, NULL::text AS closed_pnl, NULL::text AS p_side,
                            NULL::text AS p_quantity, NULL::text AS p_contract_size, NULL::text AS p_entry_price,
                            NULL::text AS p_margin, NULL::text AS p_status
                       FROM delivery_orders d WHERE d.user_id = ${userId}
                     UNION ALL
                     SELECT 'perpetual', o.id, o.mode, o.symbol, o.side, o.quantity::text, o.status, o.created_at,
                            (SELECT sum(t.realized_pnl)::text FROM perp_trades t
                              WHERE t.order_id = o.id AND t.action <> 'open'),
                            p.side, p.quantity::text, p.contract_size::text, p.entry_price::text, p.margin::text,
                            p.status
                       FROM perp_orders o LEFT JOIN perp_positions p ON p.id = o.position_id
                      WHERE o.user_id = ${userId}) o`;
    return queryPage<{
      product: 'delivery' | 'perpetual';
      id: string;
      mode: 'real' | 'demo';
      symbol: string;
      side: string;
      amount: string;
      status: string;
      created_at: Ts;
      closed_pnl: string | null;
      p_side: 'long' | 'short' | null;
      p_quantity: string | null;
      p_contract_size: string | null;
      p_entry_price: string | null;
      p_margin: string | null;
      p_status: 'open' | 'closed' | 'liquidated' | null;
    }>(
      ex,
      sql`SELECT count(*)::int AS n FROM ${all}`,
      sql`SELECT product, id::text AS id, mode, symbol, side, amount, status, created_at, closed_pnl, p_side, p_quantity,
                 p_contract_size, p_entry_price, p_margin, p_status FROM ${all}
          ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  positions(ex: Executor, userId: string, limit: number, offset: number) {
    return queryPage<{
      id: string;
      mode: 'real' | 'demo';
      symbol: string;
      side: string;
      quantity: string;
      leverage: number;
      contract_size: string;
      entry_price: string;
      margin: string;
      realized_pnl: string;
      status: 'open' | 'closed' | 'liquidated';
      opened_at: Ts;
    }>(
      ex,
      sql`SELECT count(*)::int AS n FROM perp_positions WHERE user_id = ${userId}`,
      sql`SELECT id::text AS id, mode, symbol, side, quantity::text AS quantity, leverage,
                 contract_size::text AS contract_size, entry_price::text AS entry_price, margin::text AS margin, realized_pnl::text AS realized_pnl, status,
                 opened_at
          FROM perp_positions WHERE user_id = ${userId}
          ORDER BY (status = 'open') DESC, perp_positions.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  funding(ex: Executor, userId: string, limit: number, offset: number) {
    const all = sql`(SELECT 'deposit' AS kind, id, currency, chain, amount, status, created_at FROM deposits
                      WHERE user_id = ${userId}
                     UNION ALL
                     SELECT 'withdrawal', id, currency, chain, amount, status, created_at FROM withdrawals
                      WHERE user_id = ${userId}) f`;
    return queryPage<{
      kind: 'deposit' | 'withdrawal';
      id: string;
      currency: string;
      chain: string | null;
      amount: string;
      status: string;
      created_at: Ts;
    }>(
      ex,
      sql`SELECT count(*)::int AS n FROM ${all}`,
      sql`SELECT kind, id::text AS id, currency, chain, amount::text AS amount, status, created_at FROM ${all}
          ORDER BY f.created_at DESC, f.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /** Locks the user's freeze row (made when missing) and answers it as it was. */
  async lockFreezes(ex: Executor, userId: string) {
    await ex.execute(sql`INSERT INTO user_freezes (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`);
    const rows = await queryRows<{ logins_frozen: boolean; withdrawals_frozen: boolean }>(
      ex,
      sql`SELECT logins_frozen, withdrawals_frozen FROM user_freezes WHERE user_id = ${userId} FOR UPDATE`,
    );
    return rows[0]!;
  },

  async setFreeze(ex: Executor, userId: string, what: 'logins' | 'withdrawals', frozen: boolean, now: Date) {
    const column = what === 'logins' ? sql`logins_frozen` : sql`withdrawals_frozen`;
    await ex.execute(
      sql`UPDATE user_freezes SET ${column} = ${frozen}, updated_at = ${now.toISOString()}::timestamptz
          WHERE user_id = ${userId}`,
    );
  },

  /** Revokes every live session of the user; answers their ids (each node's sockets are told). */
  async revokeSessions(ex: Executor, userId: string, now: Date): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`UPDATE sessions SET revoked_at = ${now.toISOString()}::timestamptz
          WHERE user_id = ${userId} AND revoked_at IS NULL RETURNING id::text AS id`,
    );
    return rows.map((r) => r.id);
  },

  /** Turns the user's TOTP off (secret, pending secret, recovery codes); true when it was on. */
  async resetTwoFactor(ex: Executor, userId: string): Promise<boolean> {
    const rows = await queryRows<{ was_on: boolean }>(
      ex,
      sql`UPDATE user_security s SET totp_secret = NULL, totp_pending = NULL, totp_enabled_at = NULL,
            totp_last_step = NULL
          FROM (SELECT user_id, totp_secret IS NOT NULL AS was_on FROM user_security WHERE user_id = ${userId}
                FOR UPDATE) o
          WHERE s.user_id = o.user_id RETURNING o.was_on`,
    );
    await ex.execute(sql`DELETE FROM recovery_codes WHERE user_id = ${userId}`);
    return rows[0]?.was_on ?? false;
  },
};
