import type { TradingBreakKind, TradingLimitKind } from '@nexa/contract';
import type { LimitState } from '@nexa/rules';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db.js';

const iso = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const epoch = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

interface LimitRow {
  [k: string]: unknown;
  kind: TradingLimitKind;
  amount: string | null;
  pending_set: boolean;
  pending_amount: string | null;
  pending_at: Date | string | null;
}

export interface StoredBreak {
  kind: TradingBreakKind;
  until: number;
}

/** What a user's real delivery (and copy) orders have used of the day's and the month's windows. */
export interface UsageRow {
  [k: string]: unknown;
  day_staked: string;
  month_staked: string;
  day_loss: string;
  month_loss: string;
  at_risk: string;
}

const LIMIT_COLUMNS = sql.raw(`kind, trim_scale(amount)::text AS amount, pending_set,
  trim_scale(pending_amount)::text AS pending_amount, pending_at`);

const toState = (r: LimitRow): LimitState => ({
  amount: r.amount,
  pendingSet: r.pending_set,
  pendingAmount: r.pending_amount,
  pendingAt: epoch(r.pending_at),
});

export const safeguardsRepository = {
  /**
   * The user's limits; `lock` takes their rows in kind order, which serialises one user's orders while any limit
   * exists (two orders at once cannot both fit under what only one of them fits). A user with no limit locks nothing.
   */
  async limits(ex: Executor, userId: bigint, lock = false): Promise<Map<TradingLimitKind, LimitState>> {
    const rows = await queryRows<LimitRow>(
      ex,
      sql`SELECT ${LIMIT_COLUMNS} FROM trading_limits WHERE user_id = ${String(userId)}
          ORDER BY kind ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return new Map(rows.map((r) => [r.kind, toState(r)]));
  },

  async saveLimit(ex: Executor, userId: bigint, kind: TradingLimitKind, s: LimitState, now: number): Promise<void> {
    await ex.execute(sql`
      INSERT INTO trading_limits (user_id, kind, amount, pending_set, pending_amount, pending_at, updated_at)
      VALUES (${String(userId)}, ${kind}, ${s.amount}, ${s.pendingSet}, ${s.pendingAmount},
              ${s.pendingAt === null ? null : iso(s.pendingAt)}, ${iso(now)})
      ON CONFLICT (user_id, kind) DO UPDATE SET amount = EXCLUDED.amount, pending_set = EXCLUDED.pending_set,
        pending_amount = EXCLUDED.pending_amount, pending_at = EXCLUDED.pending_at, updated_at = EXCLUDED.updated_at`);
  },

  /** The break in force at `now`, if any. */
  async breakAt(ex: Executor, userId: bigint, now: number): Promise<StoredBreak | null> {
    const rows = await queryRows<{ kind: TradingBreakKind; until: Date | string }>(
      ex,
      sql`SELECT kind, until FROM trading_breaks WHERE user_id = ${String(userId)} AND until > ${iso(now)}`,
    );
    return rows[0] ? { kind: rows[0].kind, until: new Date(rows[0].until).getTime() } : null;
  },

  /** A break that ends at `until`, unless one in force already ends later (a break is never shortened). */
  async extendBreak(ex: Executor, userId: bigint, b: StoredBreak, now: number): Promise<void> {
    await ex.execute(sql`
      INSERT INTO trading_breaks (user_id, kind, until, created_at)
      VALUES (${String(userId)}, ${b.kind}, ${iso(b.until)}, ${iso(now)})
      ON CONFLICT (user_id) DO UPDATE SET kind = EXCLUDED.kind, until = EXCLUDED.until, created_at = EXCLUDED.created_at
      WHERE trading_breaks.until < EXCLUDED.until`);
  },

  /**
   * Stakes of real orders placed since `day`/`month` (cancelled and refunded ones staked nothing), the net loss of
   * those settled since, and every stake still at risk.
   */
  async usage(ex: Executor, userId: bigint, day: number, month: number): Promise<UsageRow> {
    const placed = sql`status NOT IN ('cancelled', 'refunded')`;
    const settled = sql`status IN ('won', 'lost', 'draw')`;
    const rows = await queryRows<UsageRow>(
      ex,
      sql`SELECT
        coalesce(sum(stake) FILTER (WHERE created_at >= ${iso(day)} AND ${placed}), 0)::text AS day_staked,
        coalesce(sum(stake) FILTER (WHERE created_at >= ${iso(month)} AND ${placed}), 0)::text AS month_staked,
        coalesce(sum(stake - payout) FILTER (WHERE settled_at >= ${iso(day)} AND ${settled}), 0)::text AS day_loss,
        coalesce(sum(stake - payout) FILTER (WHERE settled_at >= ${iso(month)} AND ${settled}), 0)::text AS month_loss,
        coalesce(sum(stake) FILTER (WHERE status IN ('scheduled', 'open', 'settling')), 0)::text AS at_risk
      FROM delivery_orders
      WHERE user_id = ${String(userId)} AND mode = 'real'
        AND (created_at >= ${iso(month)} OR settled_at >= ${iso(month)} OR status IN ('scheduled', 'open', 'settling'))`,
    );
    return rows[0] as UsageRow;
  },
};
