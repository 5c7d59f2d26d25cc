import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db.js';

/** The dashboard's figures, each one aggregate query over the domains' tables (read only). */
type Mode = 'real' | 'demo';
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export const dashboardRepository = {
  reviews(ex: Executor) {
    return queryRows<{
      kind: 'deposit' | 'withdrawal' | 'verification';
      waiting: number;
      oldest: Date | string | null;
    }>(
      ex,
      sql`SELECT 'deposit' AS kind, count(*)::int AS waiting, min(created_at) AS oldest FROM deposits WHERE status = 'review'
          UNION ALL
          SELECT 'withdrawal', count(*)::int, min(created_at) FROM withdrawals WHERE status = 'review'
          UNION ALL
          SELECT 'verification', count(*)::int, min(created_at) FROM verifications WHERE status = 'review'`,
    );
  },

  async users(ex: Executor, dayStart: Date) {
    const rows = await queryRows<{ total: number; today: number }>(
      ex,
      sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE created_at >= ${at(dayStart)}))::int AS today FROM users`,
    );
    return rows[0]!;
  },

  /**
   * Money that moved today, per currency: deposits and withdrawals approved since `dayStart` (what waits is counted
   * by `reviews`; a rejected request moved nothing).
   */
  fundsToday(ex: Executor, dayStart: Date) {
    return queryRows<{
      currency: string;
      deposits: number;
      deposit_amount: string;
      withdrawals: number;
      withdrawal_amount: string;
    }>(
      ex,
      sql`SELECT currency, sum(dn)::int AS deposits, sum(da)::text AS deposit_amount,
                 sum(wn)::int AS withdrawals, sum(wa)::text AS withdrawal_amount
          FROM (SELECT currency, 1 AS dn, amount AS da, 0 AS wn, 0::numeric AS wa FROM deposits
                 WHERE status = 'approved' AND reviewed_at >= ${at(dayStart)}
                UNION ALL
                SELECT currency, 0, 0::numeric, 1, amount FROM withdrawals
                 WHERE status = 'approved' AND reviewed_at >= ${at(dayStart)}) f
          GROUP BY currency ORDER BY currency`,
    );
  },

  /**
   * The house's result per product and mode: delivery keeps a settled order's stake and pays its payout;
   * perpetual earns the fees and the opposite of what traders realise.
   */
  housePnl(ex: Executor, w: { today: Date; days7: Date; days30: Date }) {
    const sums = (v: ReturnType<typeof sql>, col: ReturnType<typeof sql>) => sql`
      coalesce(sum(${v}) FILTER (WHERE ${col} >= ${at(w.today)}), 0)::text AS today,
      coalesce(sum(${v}) FILTER (WHERE ${col} >= ${at(w.days7)}), 0)::text AS days7,
      coalesce(sum(${v}), 0)::text AS days30`;
    return queryRows<{
      product: 'delivery' | 'perpetual';
      symbol: string;
      mode: Mode;
      today: string;
      days7: string;
      days30: string;
    }>(
      ex,
      sql`SELECT 'delivery' AS product, symbol, mode, ${sums(sql`stake - coalesce(payout, 0)`, sql`settled_at`)}
            FROM delivery_orders WHERE settled_at >= ${at(w.days30)} GROUP BY symbol, mode
          UNION ALL
          SELECT 'perpetual', symbol, mode, ${sums(sql`fee - realized_pnl`, sql`created_at`)}
            FROM perp_trades WHERE created_at >= ${at(w.days30)} GROUP BY symbol, mode
          ORDER BY 1, 2, 3 DESC`,
    );
  },

  openInterest(ex: Executor) {
    return queryRows<{ symbol: string; mode: Mode; long: string; short: string; positions: number }>(
      ex,
      sql`SELECT symbol, mode,
                 coalesce(sum(quantity * contract_size) FILTER (WHERE side = 'long'), 0)::text AS long,
                 coalesce(sum(quantity * contract_size) FILTER (WHERE side = 'short'), 0)::text AS short,
                 count(*)::int AS positions
          FROM perp_positions WHERE status = 'open' GROUP BY symbol, mode ORDER BY symbol, mode DESC`,
    );
  },

  deliveryExposure(ex: Executor) {
    return queryRows<{ expires_at: Date | string; mode: Mode; orders: number; stake: string; max_payout: string }>(
      ex,
      sql`SELECT date_trunc('minute', expires_at) AS expires_at, mode, count(*)::int AS orders,
                 sum(stake)::text AS stake, sum(stake + stake * yield)::text AS max_payout
          FROM delivery_orders WHERE status IN ('scheduled', 'open', 'settling')
          GROUP BY 1, 2 ORDER BY 1, 2 DESC LIMIT 60`,
    );
  },
};
