import { sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

export interface OperatorRow {
  [k: string]: unknown;
  id: string;
  username: string;
  password_hash: string;
  disabled: boolean;
}

export interface AuditRow {
  [k: string]: unknown;
  id: string;
  operator_id: string;
  username: string;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  created_at: Date | string;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Operators, their sessions (token hashes only), their login throttle and the audit log they leave. */
export const adminRepository = {
  /** Inserts an operator; undefined when the username is taken. */
  async insertOperator(ex: Executor, username: string, passwordHash: string, now: Date) {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`INSERT INTO operators (username, password_hash, created_at) VALUES (${username}, ${passwordHash}, ${ts(now)})
          ON CONFLICT (username) DO NOTHING RETURNING id::text AS id`,
    );
    return rows[0]?.id;
  },

  async findOperator(ex: Executor, username: string): Promise<OperatorRow | undefined> {
    const rows = await queryRows<OperatorRow>(
      ex,
      sql`SELECT id::text AS id, username, password_hash, disabled FROM operators WHERE username = ${username}`,
    );
    return rows[0];
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
    const rows = await queryRows<{ session_id: string; operator_id: string; username: string }>(
      ex,
      sql`SELECT s.id::text AS session_id, o.id::text AS operator_id, o.username
          FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
          WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > ${ts(now)}
            AND NOT o.disabled
          LIMIT 1`,
    );
    return rows[0];
  },

  async revokeSession(ex: Executor, sessionId: string, now: Date): Promise<void> {
    await ex.execute(
      sql`UPDATE operator_sessions SET revoked_at = ${ts(now)} WHERE id = ${sessionId} AND revoked_at IS NULL`,
    );
  },

  async pageAudit(ex: Executor, f: { entity?: string; entityId?: string }, limit: number, offset: number) {
    const conds = [sql`TRUE`];
    if (f.entity) conds.push(sql`a.entity = ${f.entity}`);
    if (f.entityId) conds.push(sql`a.entity_id = ${f.entityId}`);
    const where = sql.join(conds, sql` AND `);
    return queryPage<AuditRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM audit_log a WHERE ${where}`,
      sql`SELECT a.id::text AS id, a.operator_id::text AS operator_id, o.username, a.action, a.entity, a.entity_id,
                   a.before, a.after, a.reason, a.created_at
            FROM audit_log a JOIN operators o ON o.id = a.operator_id
            WHERE ${where} ORDER BY a.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },
};
