import type { AdjustmentStatus } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

export interface AdjustmentRow extends Record<string, unknown> {
  id: string;
  uid: string | number;
  user_id: string;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  wallet: string;
  mode: string;
  currency: string;
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  proposed_by: string;
  proposed_by_name: string;
  decided_by: string | null;
  decided_by_name: string | null;
  decision_reason: string | null;
  transfer_id: string | null;
  created_ms: string | number;
  decided_ms: string | number | null;
}

const COLUMNS =
  sql.raw(`a.id::text AS id, u.uid, a.user_id::text AS user_id, u.email, u.area_code, u.mobile, a.wallet, a.mode, a.currency,
  trim_scale(a.amount)::text AS amount, a.reason, a.status, a.proposed_by::text AS proposed_by,
  (SELECT o.username FROM operators o WHERE o.id = a.proposed_by) AS proposed_by_name,
  a.decided_by::text AS decided_by, (SELECT o.username FROM operators o WHERE o.id = a.decided_by) AS decided_by_name,
  a.decision_reason, a.transfer_id::text AS transfer_id,
  (extract(epoch FROM a.created_at) * 1000)::bigint AS created_ms,
  (extract(epoch FROM a.decided_at) * 1000)::bigint AS decided_ms`);

export interface NewAdjustment {
  requestId: string;
  userId: string;
  wallet: string;
  mode: string;
  currency: string;
  amount: string;
  reason: string;
  proposedBy: string;
  at: Date;
}

/** Balance adjustments (four eyes). */
export const adjustmentsRepository = {
  async userIdByUid(ex: Executor, uid: number): Promise<string | undefined> {
    const rows = await queryRows<{ id: string }>(ex, sql`SELECT id::text AS id FROM users WHERE uid = ${uid}`);
    return rows[0]?.id;
  },

  /** The new row's id, or undefined when this proposer already used the requestId. */
  async insert(ex: Executor, a: NewAdjustment): Promise<string | undefined> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`INSERT INTO balance_adjustments (request_id, user_id, wallet, mode, currency, amount, reason, proposed_by, created_at)
          VALUES (${a.requestId}, ${BigInt(a.userId)}, ${a.wallet}, ${a.mode}, ${a.currency}, ${a.amount}::numeric,
                  ${a.reason}, ${BigInt(a.proposedBy)}, ${a.at.toISOString()}::timestamptz)
          ON CONFLICT (proposed_by, request_id) DO NOTHING
          RETURNING id::text AS id`,
    );
    return rows[0]?.id;
  },

  async byRequest(ex: Executor, proposedBy: string, requestId: string): Promise<AdjustmentRow | undefined> {
    const rows = await queryRows<AdjustmentRow>(
      ex,
      sql`SELECT ${COLUMNS} FROM balance_adjustments a JOIN users u ON u.id = a.user_id
          WHERE a.proposed_by = ${BigInt(proposedBy)} AND a.request_id = ${requestId}`,
    );
    return rows[0];
  },

  async get(ex: Executor, id: string, lock = false): Promise<AdjustmentRow | undefined> {
    const rows = await queryRows<AdjustmentRow>(
      ex,
      sql`SELECT ${COLUMNS} FROM balance_adjustments a JOIN users u ON u.id = a.user_id
          WHERE a.id = ${BigInt(id)} ${lock ? sql`FOR UPDATE OF a` : sql``}`,
    );
    return rows[0];
  },

  async decide(
    ex: Executor,
    id: string,
    d: { status: AdjustmentStatus; operatorId: string; reason: string | null; transferId: string | null; at: Date },
  ): Promise<void> {
    await ex.execute(sql`
      UPDATE balance_adjustments SET status = ${d.status}, decided_by = ${BigInt(d.operatorId)},
             decision_reason = ${d.reason}, transfer_id = ${d.transferId === null ? null : BigInt(d.transferId)},
             decided_at = ${d.at.toISOString()}::timestamptz
      WHERE id = ${BigInt(id)} AND status = 'pending'`);
  },

  async list(ex: Executor, status: AdjustmentStatus | undefined, page: number, pageSize: number) {
    const where = status ? sql`WHERE a.status = ${status}` : sql``;
    return queryPage<AdjustmentRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM balance_adjustments a ${where}`,
      sql`SELECT ${COLUMNS} FROM balance_adjustments a JOIN users u ON u.id = a.user_id ${where}
          ORDER BY a.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    );
  },
};
