import type { AccountMode } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, nextRowId, queryPage, queryRows } from '../../platform/db.js';

const iso = (d: Date | number) => sql`${new Date(d).toISOString()}::timestamptz`;
/**
 * A list of ids as one parameter (an array), for `IN`: settlement passes a batch's thousands of order ids, which as
 * one parameter each cost more to bind than the query to run.
 */
const ids = (list: readonly string[]) => sql`(SELECT unnest(${`{${list.join(',')}}`}::bigint[]))`;

/** What a masked login is made of (a user's public face: uid and nickname). */
export interface UserFace {
  [k: string]: unknown;
  id: string;
  uid: string | number;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
}

/** A plan with its leader, its leader's order and the figures of its follows. */
export interface PlanRow {
  [k: string]: unknown;
  id: string;
  leaderId: string;
  leaderUid: string | number;
  leaderEmail: string | null;
  leaderAreaCode: string | null;
  leaderMobile: string | null;
  mode: AccountMode;
  title: string;
  symbol: string;
  direction: 'call' | 'put';
  seconds: number;
  orderTime: Date | string;
  condType: 'fixed' | 'percent';
  condValue: string;
  condMin: string | null;
  condMax: string | null;
  stake: string;
  profitSharePct: string;
  status: 'open' | 'placed' | 'settled' | 'cancelled' | 'refunded';
  holdId: string;
  orderId: string | null;
  refundReason: string | null;
  createdAt: Date | string;
  orderStatus: string | null;
  entryPrice: string | null;
  entryTs: string | number | null;
  entrySource: string | null;
  exitPrice: string | null;
  exitTs: string | number | null;
  exitSource: string | null;
  orderPayout: string | null;
  settledAt: Date | string | null;
  invitees: number;
  followers: number;
  followersAmount: string;
}

export interface FollowRow {
  [k: string]: unknown;
  id: string;
  planId: string;
  userId: string;
  state: 'invited' | 'confirmed' | 'withdrawn' | 'placed' | 'refunded' | 'expired' | 'cancelled';
  stake: string | null;
  holdId: string | null;
  orderId: string | null;
  auto: boolean;
  profitShare: string | null;
  refundReason: string | null;
  invitedAt: Date | string;
  confirmedAt: Date | string | null;
  orderStatus: string | null;
  orderPayout: string | null;
}

const PLAN_COLUMNS = sql.raw(`p.id::text AS id, p.leader_id::text AS "leaderId", u.uid AS "leaderUid",
  u.email AS "leaderEmail", u.area_code AS "leaderAreaCode", u.mobile AS "leaderMobile", p.mode, p.title, p.symbol,
  p.direction, p.seconds, p.order_time AS "orderTime", p.cond_type AS "condType",
  trim_scale(p.cond_value)::text AS "condValue", trim_scale(p.cond_min)::text AS "condMin",
  trim_scale(p.cond_max)::text AS "condMax", trim_scale(p.stake)::text AS stake,
  p.profit_share_pct::text AS "profitSharePct", p.status, p.hold_id::text AS "holdId", p.order_id::text AS "orderId",
  p.refund_reason AS "refundReason", p.created_at AS "createdAt", o.status AS "orderStatus",
  trim_scale(o.entry_price)::text AS "entryPrice", o.entry_ts AS "entryTs", o.entry_source AS "entrySource",
  trim_scale(o.exit_price)::text AS "exitPrice", o.exit_ts AS "exitTs", o.exit_source AS "exitSource",
  trim_scale(o.payout)::text AS "orderPayout", o.settled_at AS "settledAt",
  coalesce(a.invitees, 0)::int AS invitees, coalesce(a.followers, 0)::int AS followers,
  trim_scale(coalesce(a.amount, 0))::text AS "followersAmount"`);

const PLAN_FROM = sql.raw(`copy_plans p JOIN users u ON u.id = p.leader_id
  LEFT JOIN delivery_orders o ON o.id = p.order_id
  LEFT JOIN LATERAL (
    SELECT count(*) AS invitees, count(*) FILTER (WHERE f.state IN ('confirmed', 'placed')) AS followers,
           sum(f.stake) FILTER (WHERE f.state IN ('confirmed', 'placed')) AS amount
    FROM copy_follows f WHERE f.plan_id = p.id) a ON true`);

const FOLLOW_COLUMNS = sql.raw(`f.id::text AS id, f.plan_id::text AS "planId", f.user_id::text AS "userId", f.state,
  trim_scale(f.stake)::text AS stake, f.hold_id::text AS "holdId", f.order_id::text AS "orderId", f.auto,
  trim_scale(f.profit_share)::text AS "profitShare", f.refund_reason AS "refundReason", f.invited_at AS "invitedAt",
  f.confirmed_at AS "confirmedAt", fo.status AS "orderStatus", trim_scale(fo.payout)::text AS "orderPayout"`);

/**
 * A leader's totals in one mode, one definition for users (order/getWinRate, order/leaderProfile) and operators
 * (admin/copyLeaders), the same figures each plan shows summed: publications = plans not cancelled; followers =
 * distinct users whose copy is held (confirmed) or placed on a plan that is open, placed or settled (the plan's own
 * "followers"); amount = those plans' own stakes plus those copies' stakes (the plans' "total order amount").
 * Cancelled and refunded plans, withdrawn and expired invitations count in neither.
 */
function leaderTotalsOf(leader: SQL, mode: AccountMode) {
  const plans = sql`p.leader_id = ${leader} AND p.mode = ${mode} AND p.status IN ('open', 'placed', 'settled')`;
  const copies = sql`copy_follows f JOIN copy_plans p ON p.id = f.plan_id
    WHERE ${plans} AND f.state IN ('confirmed', 'placed')`;
  return sql`(SELECT count(*) FROM copy_plans p WHERE p.leader_id = ${leader} AND p.mode = ${mode}
                AND p.status <> 'cancelled')::int AS publications,
             (SELECT count(DISTINCT f.user_id) FROM ${copies})::int AS followers,
             trim_scale(coalesce((SELECT sum(p.stake) FROM copy_plans p WHERE ${plans}), 0)
               + coalesce((SELECT sum(f.stake) FROM ${copies}), 0))::text AS amount`;
}

export const copyRepository = {
  nextPlanId: (ex: Executor) => nextRowId(ex, 'copy_plans'),
  nextFollowId: (ex: Executor) => nextRowId(ex, 'copy_follows'),

  async usersByUid(ex: Executor, uids: readonly number[]): Promise<UserFace[]> {
    if (uids.length === 0) return [];
    return queryRows<UserFace>(
      ex,
      sql`SELECT id::text AS id, uid, email, area_code AS "areaCode", mobile FROM users
          WHERE uid IN (${sql.join(
            uids.map((u) => sql`${u}::bigint`),
            sql`, `,
          )})`,
    );
  },

  async userById(ex: Executor, id: bigint | string): Promise<UserFace | undefined> {
    const rows = await queryRows<UserFace>(
      ex,
      sql`SELECT id::text AS id, uid, email, area_code AS "areaCode", mobile FROM users WHERE id = ${String(id)}`,
    );
    return rows[0];
  },

  async insertPlan(
    ex: Executor,
    p: {
      id: string;
      leaderId: bigint;
      mode: AccountMode;
      title: string;
      symbol: string;
      direction: string;
      seconds: number;
      orderTime: number;
      cond: { type: string; value: string; min: string | null; max: string | null };
      stake: string;
      profitSharePct: string;
      holdId: string;
      now: Date;
    },
  ): Promise<void> {
    await ex.execute(sql`
      INSERT INTO copy_plans (id, leader_id, mode, title, symbol, direction, seconds, order_time, cond_type, cond_value,
                              cond_min, cond_max, stake, profit_share_pct, status, hold_id, created_at, updated_at)
      VALUES (${p.id}::bigint, ${String(p.leaderId)}, ${p.mode}, ${p.title}, ${p.symbol}, ${p.direction}, ${p.seconds},
              ${iso(p.orderTime)}, ${p.cond.type}, ${p.cond.value}::numeric, ${p.cond.min}::numeric,
              ${p.cond.max}::numeric, ${p.stake}::numeric, ${p.profitSharePct}::numeric, 'open', ${p.holdId}::bigint,
              ${iso(p.now)}, ${iso(p.now)})`);
  },

  async plans(ex: Executor, where: SQL, limit = 200, offset = 0): Promise<PlanRow[]> {
    return queryRows<PlanRow>(
      ex,
      sql`SELECT ${PLAN_COLUMNS} FROM ${PLAN_FROM} WHERE ${where}
          ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async plan(ex: Executor, id: string): Promise<PlanRow | undefined> {
    return (await this.plans(ex, sql`p.id = ${id}::bigint`, 1))[0];
  },

  /** Locks a plan for a change (FOR UPDATE) or against one (FOR SHARE: confirmations run side by side). */
  async lockPlan(ex: Executor, id: string, share: boolean): Promise<PlanRow | undefined> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`SELECT id::text AS id FROM copy_plans WHERE id = ${id}::bigint ${share ? sql`FOR SHARE` : sql`FOR UPDATE`}`,
    );
    return rows[0] ? this.plan(ex, id) : undefined;
  },

  async leaderPlansPage(ex: Executor, leaderId: bigint, mode: AccountMode, limit: number, offset: number) {
    const where = sql`p.leader_id = ${String(leaderId)} AND p.mode = ${mode}`;
    return queryPage<PlanRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM copy_plans p WHERE ${where}`,
      sql`SELECT ${PLAN_COLUMNS} FROM ${PLAN_FROM} WHERE ${where}
          ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /** The user's invitations in one mode: `open` the plans still before their order time, else the rest. */
  async followsPage(ex: Executor, userId: bigint, mode: AccountMode, open: boolean, limit: number, offset: number) {
    const where = sql`f.user_id = ${String(userId)} AND p.mode = ${mode}
      AND ${open ? sql`p.status = 'open'` : sql`p.status <> 'open'`}`;
    const page = await queryPage<FollowRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM copy_follows f JOIN copy_plans p ON p.id = f.plan_id WHERE ${where}`,
      sql`SELECT ${FOLLOW_COLUMNS} FROM copy_follows f JOIN copy_plans p ON p.id = f.plan_id
            LEFT JOIN delivery_orders fo ON fo.id = f.order_id
          WHERE ${where} ORDER BY ${open ? sql`p.order_time, f.id` : sql`p.order_time DESC, f.id DESC`}
          LIMIT ${limit} OFFSET ${offset}`,
    );
    return page;
  },

  async follow(ex: Executor, planId: string, userId: bigint | string, lock = false): Promise<FollowRow | undefined> {
    const rows = await queryRows<FollowRow>(
      ex,
      sql`SELECT ${FOLLOW_COLUMNS} FROM copy_follows f LEFT JOIN delivery_orders fo ON fo.id = f.order_id
          WHERE f.plan_id = ${planId}::bigint AND f.user_id = ${String(userId)} ${lock ? sql`FOR UPDATE OF f` : sql``}`,
    );
    return rows[0];
  },

  async followsOfPlan(ex: Executor, planId: string, states?: readonly string[]): Promise<FollowRow[]> {
    const filter = states
      ? sql`AND f.state IN (${sql.join(
          states.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``;
    return queryRows<FollowRow>(
      ex,
      sql`SELECT ${FOLLOW_COLUMNS} FROM copy_follows f LEFT JOIN delivery_orders fo ON fo.id = f.order_id
          WHERE f.plan_id = ${planId}::bigint ${filter} ORDER BY f.id`,
    );
  },

  /** New invitations; an existing one is left as it is. Returns the rows inserted. */
  async invite(ex: Executor, planId: string, userIds: readonly string[], now: Date): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await queryRows<{ userId: string }>(
      ex,
      sql`INSERT INTO copy_follows (plan_id, user_id, state, invited_at, updated_at)
          SELECT ${planId}::bigint, u, 'invited', ${iso(now)}, ${iso(now)} FROM unnest(${sql.raw(
            `ARRAY[${userIds.map((u) => `${BigInt(u)}`).join(',')}]::bigint[]`,
          )}) AS u
          ON CONFLICT (plan_id, user_id) DO NOTHING RETURNING user_id::text AS "userId"`,
    );
    return rows.map((r) => r.userId);
  },

  async confirm(
    ex: Executor,
    followId: string,
    f: { stake: string; holdId: string; auto: boolean; now: Date },
  ): Promise<void> {
    await ex.execute(sql`
      UPDATE copy_follows SET state = 'confirmed', stake = ${f.stake}::numeric, hold_id = ${f.holdId}::bigint,
             auto = ${f.auto}, confirmed_at = ${iso(f.now)}, updated_at = ${iso(f.now)}
      WHERE id = ${followId}::bigint`);
  },

  async setFollowState(ex: Executor, followId: string, state: FollowRow['state'], now: Date): Promise<void> {
    await ex.execute(
      sql`UPDATE copy_follows SET state = ${state}, updated_at = ${iso(now)} WHERE id = ${followId}::bigint`,
    );
  },

  /** Ends every follow of a plan in `from` states as `to` (with a reason); returns their holds. */
  async endFollows(
    ex: Executor,
    planId: string,
    from: readonly string[],
    to: FollowRow['state'],
    reason: string | null,
    now: Date,
  ): Promise<{ userId: string; holdId: string | null; state: string }[]> {
    return queryRows(
      ex,
      sql`UPDATE copy_follows f SET state = ${to}, refund_reason = ${reason}, updated_at = ${iso(now)}
          FROM (SELECT id, state AS old FROM copy_follows WHERE plan_id = ${planId}::bigint
                  AND state IN (${sql.join(
                    from.map((s) => sql`${s}`),
                    sql`, `,
                  )}) FOR UPDATE) o
          WHERE f.id = o.id RETURNING f.user_id::text AS "userId", f.hold_id::text AS "holdId", o.old AS state`,
    );
  },

  async setPlanStatus(
    ex: Executor,
    planId: string,
    status: PlanRow['status'],
    now: Date,
    extra: { orderId?: string; reason?: string } = {},
  ): Promise<void> {
    await ex.execute(sql`
      UPDATE copy_plans SET status = ${status}, order_id = coalesce(${extra.orderId ?? null}::bigint, order_id),
             refund_reason = coalesce(${extra.reason ?? null}, refund_reason), updated_at = ${iso(now)}
      WHERE id = ${planId}::bigint`);
  },

  /** The next open plan due at `now` no other placer holds (SKIP LOCKED: each is placed by one transaction). */
  async lockDuePlan(ex: Executor, now: Date, skip: readonly string[]): Promise<string | undefined> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`SELECT id::text AS id FROM copy_plans WHERE status = 'open' AND order_time <= ${iso(now)}
            ${skip.length > 0 ? sql`AND id NOT IN ${ids(skip)}` : sql``}
          ORDER BY order_time, copy_plans.id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    return rows[0]?.id;
  },

  async nextOrderTime(ex: Executor): Promise<number | undefined> {
    const rows = await queryRows<{ t: Date | string | null }>(
      ex,
      sql`SELECT min(order_time) AS t FROM copy_plans WHERE status = 'open'`,
    );
    return rows[0]?.t ? new Date(rows[0].t).getTime() : undefined;
  },

  /**
   * The plan's orders in two set-based statements: the leader's, then one per confirmed follow (wallet `copy`),
   * every one at the same entry tick, each on the hold its confirmation made; the follows become `placed`.
   */
  async placeOrders(
    ex: Executor,
    plan: PlanRow,
    o: { yield: string; entry: { price: string; ts: number; source: string }; openAt: Date; expiresAt: Date },
  ): Promise<{ leaderOrderId: string; follows: { userId: string; orderId: string }[] }> {
    const common = sql`${plan.mode}, ${plan.symbol}, ${plan.direction}, ${plan.seconds}`;
    const tail = sql`${o.yield}::numeric, 'open'`;
    const entry = sql`${o.entry.price}::numeric, ${o.entry.ts}::bigint, ${o.entry.source}, ${iso(o.openAt)},
      ${iso(o.expiresAt)}, ${iso(o.openAt)}`;
    const leader = await queryRows<{ id: string }>(
      ex,
      sql`INSERT INTO delivery_orders (user_id, mode, symbol, direction, seconds, stake, yield, status, hold_id,
                                       entry_price, entry_ts, entry_source, open_at, expires_at, created_at, wallet)
          VALUES (${plan.leaderId}::bigint, ${common}, ${plan.stake}::numeric, ${tail}, ${plan.holdId}::bigint,
                  ${entry}, 'delivery')
          RETURNING id::text AS id`,
    );
    const follows = await queryRows<{ userId: string; orderId: string }>(
      ex,
      sql`WITH placed AS (
            INSERT INTO delivery_orders (user_id, mode, symbol, direction, seconds, stake, yield, status, hold_id,
                                         entry_price, entry_ts, entry_source, open_at, expires_at, created_at, wallet)
            SELECT f.user_id, ${common}, f.stake, ${tail}, f.hold_id, ${entry}, 'copy'
            FROM copy_follows f WHERE f.plan_id = ${plan.id}::bigint AND f.state = 'confirmed'
            RETURNING id, user_id)
          UPDATE copy_follows f SET state = 'placed', order_id = placed.id, updated_at = ${iso(o.openAt)}
          FROM placed WHERE f.plan_id = ${plan.id}::bigint AND f.user_id = placed.user_id
          RETURNING f.user_id::text AS "userId", f.order_id::text AS "orderId"`,
    );
    return { leaderOrderId: leader[0]!.id, follows };
  },

  /** Follows whose delivery order is among `orderIds`, with their plan's profit share and leader. */
  async followsOfOrders(ex: Executor, orderIds: readonly string[]) {
    if (orderIds.length === 0) return [];
    return queryRows<{
      followId: string;
      planId: string;
      userId: string;
      leaderId: string;
      mode: AccountMode;
      pct: string;
      orderId: string;
    }>(
      ex,
      sql`SELECT f.id::text AS "followId", f.plan_id::text AS "planId", f.user_id::text AS "userId",
                 p.leader_id::text AS "leaderId", p.mode, p.profit_share_pct::text AS pct, f.order_id::text AS "orderId"
          FROM copy_follows f JOIN copy_plans p ON p.id = f.plan_id WHERE f.order_id IN ${ids(orderIds)}`,
    );
  },

  /**
   * The plan behind each of `orderIds` that copy trading placed: a follower's copy (with the profit share its
   * settlement stored) or a plan's own order (with the shares its followers paid, once every copy has settled).
   */
  async plansOfOrderIds(ex: Executor, orderIds: readonly string[]) {
    if (orderIds.length === 0) return [];
    return queryRows<
      UserFace & {
        orderId: string;
        role: 'follower' | 'leader';
        planId: string;
        title: string;
        pct: string;
        share: string | null;
      }
    >(
      ex,
      sql`SELECT f.order_id::text AS "orderId", 'follower' AS role, p.id::text AS "planId", p.title,
                 p.profit_share_pct::text AS pct, trim_scale(f.profit_share)::text AS share,
                 u.id::text AS id, u.uid, u.email, u.area_code AS "areaCode", u.mobile
          FROM copy_follows f JOIN copy_plans p ON p.id = f.plan_id JOIN users u ON u.id = p.leader_id
          WHERE f.order_id IN ${ids(orderIds)}
          UNION ALL
          SELECT p.order_id::text, 'leader', p.id::text, p.title, p.profit_share_pct::text,
                 CASE WHEN s.n > 0 AND s.unset = 0 THEN trim_scale(s.total)::text END,
                 u.id::text, u.uid, u.email, u.area_code, u.mobile
          FROM copy_plans p JOIN users u ON u.id = p.leader_id
            LEFT JOIN LATERAL (
              SELECT count(*) AS n, count(*) FILTER (WHERE f.profit_share IS NULL) AS unset, sum(f.profit_share) AS total
              FROM copy_follows f WHERE f.plan_id = p.id AND f.order_id IS NOT NULL) s ON true
          WHERE p.order_id IN ${ids(orderIds)}`,
    );
  },

  async plansOfOrders(ex: Executor, orderIds: readonly string[]): Promise<string[]> {
    if (orderIds.length === 0) return [];
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`SELECT id::text AS id FROM copy_plans WHERE order_id IN ${ids(orderIds)}`,
    );
    return rows.map((r) => r.id);
  },

  /** Stores each follow's profit share (0 unless won) in one statement. */
  async setProfitShares(ex: Executor, shares: { followId: string; share: string }[], now: Date): Promise<void> {
    if (shares.length === 0) return;
    await ex.execute(sql`
      UPDATE copy_follows f SET profit_share = r.share, updated_at = ${iso(now)}
      FROM json_to_recordset(${JSON.stringify(shares.map((s) => ({ id: s.followId, share: s.share })))}::json)
        AS r(id bigint, share numeric)
      WHERE f.id = r.id`);
  },

  /** Copy stakes confirmed since `from`, and the net copy result settled since `dayFrom` and `weekFrom`. */
  async copyUsage(ex: Executor, userId: bigint, mode: AccountMode, dayFrom: number, weekFrom: number) {
    const rows = await queryRows<{ staked: string; day: string; week: string }>(
      ex,
      sql`SELECT
            coalesce(sum(f.stake) FILTER (WHERE f.state IN ('confirmed', 'placed') AND f.confirmed_at >= ${iso(dayFrom)}), 0)::text AS staked,
            coalesce(sum(o.payout - o.stake - coalesce(f.profit_share, 0)) FILTER (WHERE o.settled_at >= ${iso(dayFrom)}), 0)::text AS day,
            coalesce(sum(o.payout - o.stake - coalesce(f.profit_share, 0)) FILTER (WHERE o.settled_at >= ${iso(weekFrom)}), 0)::text AS week
          FROM copy_follows f JOIN copy_plans p ON p.id = f.plan_id LEFT JOIN delivery_orders o ON o.id = f.order_id
          WHERE f.user_id = ${String(userId)} AND p.mode = ${mode}
            AND (f.confirmed_at >= ${iso(Math.min(dayFrom, weekFrom))} OR o.settled_at >= ${iso(weekFrom)})`,
    );
    return rows[0]!;
  },

  /** Copy stakes held but not yet placed (they count against the responsible-trading stake limits). */
  async pendingStakes(ex: Executor, userId: bigint, mode: AccountMode): Promise<string> {
    const rows = await queryRows<{ s: string }>(
      ex,
      sql`SELECT coalesce(sum(f.stake), 0)::text AS s FROM copy_follows f JOIN copy_plans p ON p.id = f.plan_id
          WHERE f.user_id = ${String(userId)} AND p.mode = ${mode} AND f.state = 'confirmed'`,
    );
    return rows[0]!.s;
  },

  async settings(ex: Executor, userId: bigint) {
    const rows = await queryRows<{
      maxStakePerCopy: string | null;
      maxDailyStake: string | null;
      stopLossDaily: string | null;
      stopLossWeekly: string | null;
    }>(
      ex,
      sql`SELECT trim_scale(max_stake_per_copy)::text AS "maxStakePerCopy",
                 trim_scale(max_daily_stake)::text AS "maxDailyStake", trim_scale(stop_loss_daily)::text AS "stopLossDaily",
                 trim_scale(stop_loss_weekly)::text AS "stopLossWeekly"
          FROM copy_settings WHERE user_id = ${String(userId)}`,
    );
    return rows[0] ?? { maxStakePerCopy: null, maxDailyStake: null, stopLossDaily: null, stopLossWeekly: null };
  },

  async saveSettings(
    ex: Executor,
    userId: bigint,
    s: {
      maxStakePerCopy: string | null;
      maxDailyStake: string | null;
      stopLossDaily: string | null;
      stopLossWeekly: string | null;
    },
    now: Date,
  ): Promise<void> {
    await ex.execute(sql`
      INSERT INTO copy_settings (user_id, max_stake_per_copy, max_daily_stake, stop_loss_daily, stop_loss_weekly, updated_at)
      VALUES (${String(userId)}, ${s.maxStakePerCopy}::numeric, ${s.maxDailyStake}::numeric, ${s.stopLossDaily}::numeric,
              ${s.stopLossWeekly}::numeric, ${iso(now)})
      ON CONFLICT (user_id) DO UPDATE SET max_stake_per_copy = excluded.max_stake_per_copy,
        max_daily_stake = excluded.max_daily_stake, stop_loss_daily = excluded.stop_loss_daily,
        stop_loss_weekly = excluded.stop_loss_weekly, updated_at = excluded.updated_at`);
  },

  async setAutoFollow(ex: Executor, followerId: bigint, leaderId: string, on: boolean, now: Date): Promise<void> {
    if (on) {
      await ex.execute(sql`INSERT INTO copy_auto_follows (follower_id, leader_id, created_at)
        VALUES (${String(followerId)}, ${leaderId}::bigint, ${iso(now)}) ON CONFLICT DO NOTHING`);
    } else {
      await ex.execute(sql`DELETE FROM copy_auto_follows
        WHERE follower_id = ${String(followerId)} AND leader_id = ${leaderId}::bigint`);
    }
  },

  async autoFollows(ex: Executor, followerId: bigint) {
    return queryRows<UserFace & { since: Date | string }>(
      ex,
      sql`SELECT u.id::text AS id, u.uid, u.email, u.area_code AS "areaCode", u.mobile, a.created_at AS since
          FROM copy_auto_follows a JOIN users u ON u.id = a.leader_id
          WHERE a.follower_id = ${String(followerId)} ORDER BY a.created_at DESC LIMIT 200`,
    );
  },

  /** Of `userIds`, those who auto-follow `leaderId`. */
  async autoFollowersAmong(ex: Executor, leaderId: bigint, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`SELECT follower_id::text AS id FROM copy_auto_follows
          WHERE leader_id = ${String(leaderId)} AND follower_id IN ${ids(userIds)}`,
    );
    return new Set(rows.map((r) => r.id));
  },

  async countAutoFollowers(ex: Executor, leaderId: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM copy_auto_follows WHERE leader_id = ${leaderId}::bigint`,
    );
    return Number(rows[0]!.n);
  },

  async isAutoFollowing(ex: Executor, followerId: bigint, leaderId: string): Promise<boolean> {
    const rows = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM copy_auto_follows
          WHERE follower_id = ${String(followerId)} AND leader_id = ${leaderId}::bigint`,
    );
    return Number(rows[0]!.n) > 0;
  },

  /** A leader's totals in one mode (see `leaderTotalsOf`). */
  async leaderTotals(ex: Executor, leaderId: string, mode: AccountMode) {
    const rows = await queryRows<{ publications: number; followers: number; amount: string }>(
      ex,
      sql`SELECT ${leaderTotalsOf(sql`${leaderId}::bigint`, mode)}`,
    );
    return rows[0]!;
  },

  // ── Operator side (issue 17) ──────────────────────────────────────────────────────────────────────────

  async countPlans(ex: Executor, where: SQL): Promise<number> {
    const rows = await queryRows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM copy_plans p WHERE ${where}`);
    return Number(rows[0]!.n);
  },

  /** Users by id with their login, for operators (unmasked). */
  async usersById(ex: Executor, userIds: readonly string[]): Promise<UserFace[]> {
    if (userIds.length === 0) return [];
    return queryRows<UserFace>(
      ex,
      sql`SELECT id::text AS id, uid, email, area_code AS "areaCode", mobile FROM users
          WHERE id IN (${sql.join(
            userIds.map((u) => sql`${u}::bigint`),
            sql`, `,
          )})`,
    );
  },

  /**
   * Leaders of one mode, most publications first, each with the figures of the win rate (settled = the leader's
   * order settled and not refunded), the totals of `leaderTotalsOf` and the profit shares paid to them.
   */
  async leadersPage(ex: Executor, mode: AccountMode, limit: number, offset: number) {
    const total = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(DISTINCT leader_id)::int AS n FROM copy_plans WHERE mode = ${mode}`,
    );
    const list = await queryRows<
      UserFace & {
        publications: number;
        settled: number;
        won: number;
        followers: number;
        amount: string;
        shares: string;
        lastAt: Date | string;
      }
    >(
      ex,
      sql`WITH leaders AS (
            SELECT leader_id, count(*) FILTER (WHERE status <> 'cancelled')::int AS publications,
                   max(created_at) AS last_at
            FROM copy_plans WHERE mode = ${mode} GROUP BY leader_id
            ORDER BY 2 DESC, 3 DESC, leader_id LIMIT ${limit} OFFSET ${offset})
          SELECT u.id::text AS id, u.uid, u.email, u.area_code AS "areaCode", u.mobile,
                 ${leaderTotalsOf(sql`l.leader_id`, mode)}, l.last_at AS "lastAt",
                 (SELECT count(*) FROM copy_plans p JOIN delivery_orders o ON o.id = p.order_id
                   WHERE p.leader_id = l.leader_id AND p.mode = ${mode} AND o.settled_at IS NOT NULL
                     AND o.status <> 'refunded')::int AS settled,
                 (SELECT count(*) FROM copy_plans p JOIN delivery_orders o ON o.id = p.order_id
                   WHERE p.leader_id = l.leader_id AND p.mode = ${mode} AND o.status = 'won')::int AS won,
                 trim_scale(coalesce((SELECT sum(f.profit_share) FROM copy_follows f JOIN copy_plans p ON p.id = f.plan_id
                      WHERE p.leader_id = l.leader_id AND p.mode = ${mode}), 0))::text AS shares
          FROM leaders l JOIN users u ON u.id = l.leader_id
          ORDER BY l.publications DESC, l.last_at DESC, l.leader_id`,
    );
    return { total: Number(total[0]!.n), list };
  },

  /** The leader's settled plans in one mode (their own order's result), newest first. */
  async settledPlans(ex: Executor, leaderId: string, mode: AccountMode) {
    return queryRows<{ status: string; stake: string; payout: string; settledAt: Date | string }>(
      ex,
      sql`SELECT o.status, o.stake::text AS stake, o.payout::text AS payout, o.settled_at AS "settledAt"
          FROM copy_plans p JOIN delivery_orders o ON o.id = p.order_id
          WHERE p.leader_id = ${leaderId}::bigint AND p.mode = ${mode} AND o.settled_at IS NOT NULL
          ORDER BY o.settled_at DESC LIMIT 10000`,
    );
  },
};
