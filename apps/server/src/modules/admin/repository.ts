import type { OperatorRole } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

export interface OperatorRow {
  [k: string]: unknown;
  id: string;
  username: string;
  password_hash: string;
  disabled: boolean;
  role: OperatorRole;
  totp_secret: Buffer | Uint8Array | null;
  totp_pending: Buffer | Uint8Array | null;
  created_at: Date | string;
}

const OPERATOR_COLUMNS = sql`id::text AS id, username, password_hash, disabled, role, totp_secret, totp_pending, created_at`;

export interface AuditRow {
  [k: string]: unknown;
  id: string;
  /** Null for a login attempt on a username no operator has. */
  operator_id: string | null;
  username: string | null;
  attempted_name: string | null;
  ip: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  created_at: Date | string;
  /** The deposit's or withdrawal's order number (what the user quotes), else null. */
  order_no: string | null;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface AuditFilter {
  entity?: string | undefined;
  /** The record's id, or the order number of a deposit or withdrawal. */
  entityId?: string | undefined;
  operatorId?: string | undefined;
  /** Exact, or a prefix ending in '.' (e.g. `deposit.`). */
  action?: string | undefined;
  /** The address of login attempts (and of address unlocks). */
  ip?: string | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

/** Records with an order number: entity → table (the audit row's entity_id is the record's id). */
const ORDER_TABLES = [
  ['deposit', sql`deposits`],
  ['withdrawal', sql`withdrawals`],
] as const;

// The CASE evaluates only the subquery of the row's own entity, so entity_id is cast only where it is an order's id.
const ORDER_NO = sql`CASE a.entity ${sql.join(
  ORDER_TABLES.map(
    ([entity, table]) => sql`WHEN ${entity} THEN (SELECT r.order_no FROM ${table} r WHERE r.id = a.entity_id::bigint)`,
  ),
  sql` `,
)} END`;

const AUDIT_COLUMNS = sql`a.id::text AS id, a.operator_id::text AS operator_id, o.username, a.attempted_name, a.ip,
  a.action, a.entity, a.entity_id, a.before, a.after, a.reason, a.created_at, ${ORDER_NO} AS order_no`;
// A LEFT JOIN: a login attempt on an unknown username has no operator and must not drop out of the log.
const AUDIT_FROM = sql`audit_log a LEFT JOIN operators o ON o.id = a.operator_id`;

function auditWhere(f: AuditFilter) {
  const conds = [sql`TRUE`];
  if (f.entity) conds.push(sql`a.entity = ${f.entity}`);
  if (f.entityId) {
    const byOrderNo = ORDER_TABLES.map(
      ([entity, table]) =>
        sql`(a.entity = ${entity} AND a.entity_id IN (SELECT r.id::text FROM ${table} r WHERE r.order_no = ${f.entityId}))`,
    );
    conds.push(sql`(a.entity_id = ${f.entityId} OR ${sql.join(byOrderNo, sql` OR `)})`);
  }
  if (f.operatorId) conds.push(sql`a.operator_id = ${f.operatorId}`);
  if (f.ip) conds.push(sql`a.ip = ${f.ip}`);
  if (f.action?.endsWith('.')) conds.push(sql`starts_with(a.action, ${f.action})`);
  else if (f.action) conds.push(sql`a.action = ${f.action}`);
  if (f.fromMs !== undefined) conds.push(sql`a.created_at >= ${ts(new Date(f.fromMs))}`);
  if (f.toMs !== undefined) conds.push(sql`a.created_at < ${ts(new Date(f.toMs))}`);
  return sql.join(conds, sql` AND `);
}

/** Operators, their sessions (token hashes only), their login throttle and the audit log they leave. */
export const adminRepository = {
  /** Inserts an operator; undefined when the username is taken. */
  async insertOperator(ex: Executor, username: string, passwordHash: string, now: Date, role: OperatorRole = 'admin') {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`INSERT INTO operators (username, password_hash, created_at, role)
          VALUES (${username}, ${passwordHash}, ${ts(now)}, ${role})
          ON CONFLICT (username) DO NOTHING RETURNING id::text AS id`,
    );
    return rows[0]?.id;
  },

  async findOperator(ex: Executor, username: string): Promise<OperatorRow | undefined> {
    const rows = await queryRows<OperatorRow>(
      ex,
      sql`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE username = ${username}`,
    );
    return rows[0];
  },

  async operatorById(ex: Executor, id: string, forUpdate = false): Promise<OperatorRow | undefined> {
    const lock = forUpdate ? sql` FOR UPDATE` : sql``;
    const rows = await queryRows<OperatorRow>(
      ex,
      sql`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = ${id}${lock}`,
    );
    return rows[0];
  },

  async listOperators(ex: Executor): Promise<OperatorRow[]> {
    return queryRows<OperatorRow>(ex, sql`SELECT ${OPERATOR_COLUMNS} FROM operators ORDER BY operators.id LIMIT 500`);
  },

  async setRole(ex: Executor, id: string, role: OperatorRole): Promise<void> {
    await ex.execute(sql`UPDATE operators SET role = ${role} WHERE id = ${id}`);
  },

  /** Ends every live session of an operator (disabled, or role changed: they log in again). */
  async revokeOperatorSessions(ex: Executor, id: string, now: Date): Promise<void> {
    await ex.execute(
      sql`UPDATE operator_sessions SET revoked_at = ${ts(now)} WHERE operator_id = ${id} AND revoked_at IS NULL`,
    );
  },

  /** A new secret to enrol; false when the operator has a second factor already. */
  async setTotpPending(ex: Executor, id: string, sealed: Buffer): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`UPDATE operators SET totp_pending = ${sealed} WHERE id = ${id} AND totp_secret IS NULL RETURNING id::text AS id`,
    );
    return rows.length > 0;
  },

  async enableTotp(ex: Executor, id: string, pending: Buffer, step: number): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`UPDATE operators SET totp_secret = totp_pending, totp_pending = NULL, totp_last_step = ${step}
          WHERE id = ${id} AND totp_secret IS NULL AND totp_pending = ${pending} RETURNING id::text AS id`,
    );
    return rows.length > 0;
  },

  /** Accepts a TOTP step once: true only when it is later than every step accepted before (atomic). */
  async useTotpStep(ex: Executor, id: string, step: number): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`UPDATE operators SET totp_last_step = ${step}
          WHERE id = ${id} AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < ${step})
          RETURNING id::text AS id`,
    );
    return rows.length > 0;
  },

  async setPasswordHash(ex: Executor, id: string, passwordHash: string): Promise<void> {
    await ex.execute(sql`UPDATE operators SET password_hash = ${passwordHash} WHERE id = ${id}`);
  },

  async setDisabled(ex: Executor, id: string, disabled: boolean): Promise<void> {
    await ex.execute(sql`UPDATE operators SET disabled = ${disabled} WHERE id = ${id}`);
  },

  async insertSession(ex: Executor, s: { operatorId: string; tokenHash: string; now: Date; expiresAt: Date }) {
    await ex.execute(
      sql`INSERT INTO operator_sessions (operator_id, token_hash, expires_at, created_at)
          VALUES (${s.operatorId}, ${s.tokenHash}, ${ts(s.expiresAt)}, ${ts(s.now)})`,
    );
  },

  /** Runs on every operator call: a live session of an operator who is not disabled. */
  async findLiveSession(ex: Executor, tokenHash: string, now: Date) {
    const rows = await queryRows<{
      session_id: string;
      operator_id: string;
      username: string;
      role: OperatorRole;
      totp_enabled: boolean;
    }>(
      ex,
      sql`SELECT s.id::text AS session_id, o.id::text AS operator_id, o.username, o.role,
                 (o.totp_secret IS NOT NULL) AS totp_enabled
          FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
          WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > ${ts(now)}
            AND NOT o.disabled
          LIMIT 1`,
    );
    return rows[0];
  },

  /** Turns an operator's authenticator off, and any enrolment under way. */
  async clearTotp(ex: Executor, id: string): Promise<void> {
    await ex.execute(
      sql`UPDATE operators SET totp_secret = NULL, totp_pending = NULL, totp_last_step = NULL WHERE id = ${id}`,
    );
  },

  /** Whether an unexpired session of this token belongs to a disabled operator (disabling revokes it). */
  async sessionOfDisabled(ex: Executor, tokenHash: string, now: Date): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      ex,
      sql`SELECT 1 AS one FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
          WHERE s.token_hash = ${tokenHash} AND s.expires_at > ${ts(now)} AND o.disabled
          LIMIT 1`,
    );
    return rows.length > 0;
  },

  async revokeSession(ex: Executor, sessionId: string, now: Date): Promise<void> {
    await ex.execute(
      sql`UPDATE operator_sessions SET revoked_at = ${ts(now)} WHERE id = ${sessionId} AND revoked_at IS NULL`,
    );
  },

  async pageAudit(ex: Executor, f: AuditFilter, limit: number, offset: number) {
    const where = auditWhere(f);
    return queryPage<AuditRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM audit_log a WHERE ${where}`,
      sql`SELECT ${AUDIT_COLUMNS} FROM ${AUDIT_FROM} WHERE ${where} ORDER BY a.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /** The newest `limit` entries the filter selects (the CSV export). */
  async auditRows(ex: Executor, f: AuditFilter, limit: number) {
    return queryRows<AuditRow>(
      ex,
      sql`SELECT ${AUDIT_COLUMNS} FROM ${AUDIT_FROM} WHERE ${auditWhere(f)} ORDER BY a.id DESC LIMIT ${limit}`,
    );
  },
};
