import type { LevelRule, RebateProduct } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db.js';

/** One of `of` rebate batches running side by side: it takes the events whose id is `k` modulo `of`. */
export interface Lane {
  k: number;
  of: number;
}

/**
 * A list of ids as one parameter (a JSON array), whatever its length: a batch passes thousands, and a statement
 * takes at most 65,535 parameters.
 */
const ids = (list: readonly bigint[]) =>
  sql`SELECT json_array_elements_text(${JSON.stringify(list.map(String))}::json)::bigint`;
const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());
/** Advisory-lock namespace of qualification checks (one per user), so deposit and verification see each other. */
const QUALIFY_LOCK = 1517;

export interface TableVersionRow {
  version: number;
  minDeposit: string;
  levels: LevelRule[];
  effectiveAtMs: number;
}

export interface TeamCounts {
  l1: number;
  l2: number;
  l3: number;
  qualifiedL1: number;
  qualifiedL2: number;
}

export interface UserRefRow {
  [k: string]: unknown;
  id: string;
  uid: string | number;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
  createdAt: Date | string;
  qualified: boolean;
}

export interface MemberRow {
  id: bigint;
  uid: number;
  email: string | null;
  mobile: string | null;
  invitedAtMs: number;
  qualified: boolean;
}

/** A revenue event a rebate is a share of. `sourceId` is the id of the row it comes from. */
export interface RevenueEvent {
  sourceId: bigint;
  userId: bigint;
  product: RebateProduct;
  base: string;
  atMs: number;
}

/** One rebate record of a batch; the batch's source, currency and time are the same for all of its records. */
export interface NewRebate {
  sourceId: bigint;
  earnerId: bigint;
  sourceUserId: bigint;
  depth: number;
  product: RebateProduct;
  base: string;
  rate: string;
  rebate: string;
  level: number;
  tableVersion: number;
  transferId: string;
}

export interface RebateRow {
  id: string;
  sourceUid: string;
  sourceUserEmail: string | null;
  sourceUserMobile: string | null;
  depth: number;
  product: RebateProduct;
  base: string;
  rate: string;
  rebate: string;
  currency: string;
  level: number;
  createdAtMs: number;
}

/** Rebate records of an earner, a product, created within [start, end] (each optional; none: all). */
function rebateFilter(f: { earnerId?: bigint; product?: RebateProduct; start?: number; end?: number }): SQL {
  const conds = [sql`true`];
  if (f.earnerId !== undefined) conds.push(sql`r.earner_id = ${String(f.earnerId)}::bigint`);
  if (f.product !== undefined) conds.push(sql`r.product = ${f.product}`);
  if (f.start !== undefined) conds.push(sql`r.created_at >= ${new Date(f.start).toISOString()}::timestamptz`);
  if (f.end !== undefined) conds.push(sql`r.created_at <= ${new Date(f.end).toISOString()}::timestamptz`);
  return sql.join(conds, sql` AND `);
}

/** The members `depth` levels below `userId` (1: invited by them, 2: by those, 3: by those). */
function membersAt(userId: bigint, depth: number): SQL {
  let filter = sql`inviter_id = ${String(userId)}::bigint`;
  for (let d = 1; d < depth; d++) filter = sql`inviter_id IN (SELECT id FROM users WHERE ${filter})`;
  return filter;
}

/** The product a settled stake is turnover of: a delivery order on the copy wallet is a copy order. */
export const stakeProduct = (wallet: string): RebateProduct => (wallet === 'copy' ? 'copy' : 'delivery');

export const referralRepository = {
  async tableVersions(ex: Executor): Promise<TableVersionRow[]> {
    const rows = await queryRows<{
      version: number;
      min_deposit: string;
      levels: unknown;
      effective_at: Date | string;
    }>(
      ex,
      sql`SELECT version, trim_scale(min_deposit)::text AS min_deposit, levels, effective_at
          FROM referral_tables ORDER BY effective_at, version`,
    );
    return rows.map((r) => ({
      version: Number(r.version),
      minDeposit: r.min_deposit,
      levels: (typeof r.levels === 'string' ? JSON.parse(r.levels) : r.levels) as LevelRule[],
      effectiveAtMs: ms(r.effective_at),
    }));
  },

  async insertTable(
    tx: Executor,
    t: { minDeposit: string; levels: LevelRule[]; effectiveAt: Date; operatorId: string },
  ): Promise<number> {
    const rows = await queryRows<{ version: number }>(
      tx,
      sql`INSERT INTO referral_tables (min_deposit, levels, effective_at, operator_id)
          VALUES (${t.minDeposit}, ${JSON.stringify(t.levels)}::jsonb, ${t.effectiveAt.toISOString()}::timestamptz,
                  ${BigInt(t.operatorId)})
          RETURNING version`,
    );
    return Number(rows[0]!.version);
  },

  async inviteCode(ex: Executor, userId: bigint): Promise<string | undefined> {
    const rows = await queryRows<{ invite_code: string }>(
      ex,
      sql`SELECT invite_code FROM users WHERE id = ${String(userId)}::bigint`,
    );
    return rows[0]?.invite_code;
  },

  async teamCounts(ex: Executor, userId: bigint): Promise<TeamCounts> {
    const counts = await queryRows<{ l1: number; l2: number; l3: number; q1: number; q2: number }>(
      ex,
      sql`WITH l1 AS (SELECT id FROM users WHERE ${membersAt(userId, 1)}),
               l2 AS (SELECT u.id FROM users u JOIN l1 ON u.inviter_id = l1.id),
               l3 AS (SELECT u.id FROM users u JOIN l2 ON u.inviter_id = l2.id)
          SELECT (SELECT count(*) FROM l1)::int AS l1, (SELECT count(*) FROM l2)::int AS l2,
                 (SELECT count(*) FROM l3)::int AS l3,
                 (SELECT count(*) FROM l1 JOIN referral_qualifications q ON q.user_id = l1.id)::int AS q1,
                 (SELECT count(*) FROM l2 JOIN referral_qualifications q ON q.user_id = l2.id)::int AS q2`,
    );
    const r = counts[0]!;
    return { l1: r.l1, l2: r.l2, l3: r.l3, qualifiedL1: r.q1, qualifiedL2: r.q2 };
  },

  /** Qualified direct and second-level subordinates of each user. */
  async qualifiedCounts(ex: Executor, users: readonly bigint[]): Promise<Map<bigint, [number, number]>> {
    const out = new Map<bigint, [number, number]>();
    if (users.length === 0) return out;
    const rows = await queryRows<{ id: string; direct: number; second: number }>(
      ex,
      sql`SELECT e.id::text AS id,
            (SELECT count(*) FROM users c JOIN referral_qualifications q ON q.user_id = c.id
              WHERE c.inviter_id = e.id)::int AS direct,
            (SELECT count(*) FROM users c JOIN users g ON g.inviter_id = c.id
              JOIN referral_qualifications q ON q.user_id = g.id WHERE c.inviter_id = e.id)::int AS second
          FROM users e WHERE e.id IN (${ids(users)})`,
    );
    for (const r of rows) out.set(BigInt(r.id), [r.direct, r.second]);
    return out;
  },

  /** Each user's inviter, the inviter's inviter and the next one up (null where the chain ends). */
  async uplines(ex: Executor, users: readonly bigint[]): Promise<Map<bigint, (bigint | null)[]>> {
    const out = new Map<bigint, (bigint | null)[]>();
    if (users.length === 0) return out;
    const rows = await queryRows<{ id: string; p1: string | null; p2: string | null; p3: string | null }>(
      ex,
      sql`SELECT u.id::text AS id, u.inviter_id::text AS p1, p1.inviter_id::text AS p2, p2.inviter_id::text AS p3
          FROM users u LEFT JOIN users p1 ON p1.id = u.inviter_id LEFT JOIN users p2 ON p2.id = p1.inviter_id
          WHERE u.id IN (${ids(users)})`,
    );
    const big = (v: string | null) => (v === null ? null : BigInt(v));
    for (const r of rows) out.set(BigInt(r.id), [big(r.p1), big(r.p2), big(r.p3)]);
    return out;
  },

  async teamPage(
    ex: Executor,
    userId: bigint,
    depth: number,
    limit: number,
    offset: number,
  ): Promise<{ total: number; list: MemberRow[] }> {
    const filter = membersAt(userId, depth);
    const total = await queryRows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM users WHERE ${filter}`);
    const rows = await queryRows<{
      id: string;
      uid: string;
      email: string | null;
      mobile: string | null;
      created_at: Date | string;
      qualified: boolean;
    }>(
      ex,
      sql`SELECT u.id::text AS id, u.uid::text AS uid, u.email, u.mobile, u.created_at,
                 EXISTS (SELECT 1 FROM referral_qualifications q WHERE q.user_id = u.id) AS qualified
          FROM users u WHERE ${filter} ORDER BY u.created_at DESC, u.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
    return {
      total: total[0]!.n,
      list: rows.map((r) => ({
        id: BigInt(r.id),
        uid: Number(r.uid),
        email: r.email,
        mobile: r.mobile,
        invitedAtMs: ms(r.created_at),
        qualified: r.qualified,
      })),
    };
  },

  // ── Qualification ─────────────────────────────────────────────────────────────────────────────────────────

  /** Serialises one user's qualification checks, so a deposit and a verification approved at once see each other. */
  async lockQualification(tx: Executor, userId: bigint): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUALIFY_LOCK}, ${Number(userId % 2_147_483_647n)})`);
  },

  async isQualified(ex: Executor, userId: bigint): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      ex,
      sql`SELECT 1 AS one FROM referral_qualifications WHERE user_id = ${String(userId)}::bigint`,
    );
    return rows.length > 0;
  },

  /** Whether the user has an approved deposit of at least `minDeposit` in a dollar stablecoin. */
  async hasQualifyingDeposit(ex: Executor, userId: bigint, minDeposit: string): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      ex,
      sql`SELECT 1 AS one FROM deposits WHERE user_id = ${String(userId)}::bigint AND status = 'approved'
            AND currency IN ('USDT', 'USDC') AND amount >= ${minDeposit}::numeric LIMIT 1`,
    );
    return rows.length > 0;
  },

  /** The document of the user's passed basic verification, if any. */
  async verifiedDocument(ex: Executor, userId: bigint): Promise<{ country: string; idNumber: string } | undefined> {
    const rows = await queryRows<{ country: string; id_number: string }>(
      ex,
      sql`SELECT country, id_number FROM verifications
          WHERE user_id = ${String(userId)}::bigint AND level = 'basic' AND status = 'verified' LIMIT 1`,
    );
    return rows[0] ? { country: rows[0].country, idNumber: rows[0].id_number } : undefined;
  },

  /** Records the qualification unless the user or the document already has one; true if it was recorded. */
  async qualify(tx: Executor, userId: bigint, documentKey: string, now: Date): Promise<boolean> {
    const rows = await queryRows<{ user_id: string }>(
      tx,
      sql`INSERT INTO referral_qualifications (user_id, document_key, qualified_at)
          VALUES (${String(userId)}::bigint, ${documentKey}, ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING RETURNING user_id::text AS user_id`,
    );
    return rows.length > 0;
  },

  // ── Rebates ───────────────────────────────────────────────────────────────────────────────────────────────

  /** Real perpetual fees (paid at once, or a fee hold posted) no batch has claimed yet, oldest first. */
  async unclaimedFees(ex: Executor, limit: number, since: Date | null, lane: Lane): Promise<RevenueEvent[]> {
    const rows = await queryRows<{ id: string; user_id: string; amount: string; created_at: Date | string }>(
      ex,
      sql`SELECT t.id::text AS id, a.user_id::text AS user_id, trim_scale(t.amount)::text AS amount, t.created_at
          FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
          WHERE t.type = 'perp_fee' AND t.mode = 'real' AND t.kind IN ('single', 'post') AND t.currency = 'USDT'
            AND a.user_id IS NOT NULL ${since ? sql`AND t.created_at >= ${since.toISOString()}::timestamptz` : sql``}
            AND t.id % ${lane.of} = ${lane.k}
            AND NOT EXISTS (SELECT 1 FROM rebate_events e WHERE e.source = 'perp_fee' AND e.source_id = t.id)
          ORDER BY t.id LIMIT ${limit}`,
    );
    return rows.map((r) => ({
      sourceId: BigInt(r.id),
      userId: BigInt(r.user_id),
      product: 'perpetual',
      base: r.amount,
      atMs: ms(r.created_at),
    }));
  },

  /** Real delivery and copy stakes settled as won or lost that no batch has claimed yet, oldest first. */
  async unclaimedStakes(ex: Executor, limit: number, since: Date | null, lane: Lane): Promise<RevenueEvent[]> {
    const rows = await queryRows<{
      id: string;
      user_id: string;
      stake: string;
      wallet: string;
      settled_at: Date | string;
    }>(
      ex,
      sql`SELECT o.id::text AS id, o.user_id::text AS user_id, trim_scale(o.stake)::text AS stake, o.wallet,
                 o.settled_at
          FROM delivery_orders o
          WHERE o.mode = 'real' AND o.status IN ('won', 'lost')
            ${since ? sql`AND o.settled_at >= ${since.toISOString()}::timestamptz` : sql``}
            AND o.id % ${lane.of} = ${lane.k}
            AND NOT EXISTS (SELECT 1 FROM rebate_events e WHERE e.source = 'stake' AND e.source_id = o.id)
          ORDER BY o.id LIMIT ${limit}`,
    );
    return rows.map((r) => ({
      sourceId: BigInt(r.id),
      userId: BigInt(r.user_id),
      product: stakeProduct(r.wallet),
      base: r.stake,
      atMs: ms(r.settled_at),
    }));
  },

  /** Claims events for this batch; returns those no other batch claimed first (a racing batch waits, then skips). */
  async claim(tx: Executor, source: string, sourceIds: readonly bigint[]): Promise<Set<bigint>> {
    if (sourceIds.length === 0) return new Set();
    const rows = await queryRows<{ source_id: string }>(
      tx,
      sql`INSERT INTO rebate_events (source, source_id)
          SELECT ${source}, id FROM (${ids(sourceIds)}) AS i(id) ORDER BY id
          ON CONFLICT DO NOTHING RETURNING source_id::text AS source_id`,
    );
    return new Set(rows.map((r) => BigInt(r.source_id)));
  },

  async insertRebates(
    tx: Executor,
    batch: { source: string; currency: string; at: Date },
    list: readonly NewRebate[],
  ): Promise<void> {
    if (list.length === 0) return;
    // One parameter (a JSON array of rows), so a batch of any size fits in one statement; one-letter keys and the
    // batch's constants apart: a settlement batch's 15,000 records are 1.7 MB of JSON instead of 4.2 MB, and the
    // insert takes a fifth less time (docs/decisions.md, session 31).
    const rows = list.map((r) => ({
      i: String(r.sourceId),
      e: String(r.earnerId),
      u: String(r.sourceUserId),
      d: r.depth,
      p: r.product,
      b: r.base,
      r: r.rate,
      a: r.rebate,
      l: r.level,
      v: r.tableVersion,
      t: r.transferId,
    }));
    await tx.execute(sql`INSERT INTO rebate_records (source, source_id, earner_id, source_user_id, depth, product,
      currency, base_amount, rate, rebate, earner_level, table_version, transfer_id, created_at)
      SELECT ${batch.source}, i, e, u, d, p, ${batch.currency}, b, r, a, l, v, t, ${batch.at.toISOString()}::timestamptz
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(i bigint, e bigint, u bigint, d smallint, p text,
        b numeric, r numeric, a numeric, l smallint, v integer, t bigint)`);
  },

  async rebatePage(
    ex: Executor,
    earnerId: bigint,
    range: { start?: number; end?: number },
    limit: number,
    offset: number,
  ): Promise<{ total: number; list: RebateRow[] }> {
    const where = rebateFilter({ earnerId, ...range });
    const total = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM rebate_records r WHERE ${where}`,
    );
    const rows = await queryRows<{
      id: string;
      uid: string;
      email: string | null;
      mobile: string | null;
      depth: number;
      product: RebateProduct;
      base: string;
      rate: string;
      rebate: string;
      currency: string;
      level: number;
      created_at: Date | string;
    }>(
      ex,
      sql`SELECT r.id::text AS id, u.uid::text AS uid, u.email, u.mobile, r.depth, r.product,
                 trim_scale(r.base_amount)::text AS base,
                 trim_scale(r.rate)::text AS rate, trim_scale(r.rebate)::text AS rebate, r.currency,
                 r.earner_level AS level, r.created_at
          FROM rebate_records r JOIN users u ON u.id = r.source_user_id
          WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
    return {
      total: total[0]!.n,
      list: rows.map((r) => ({
        id: r.id,
        sourceUid: r.uid,
        sourceUserEmail: r.email,
        sourceUserMobile: r.mobile,
        depth: Number(r.depth),
        product: r.product,
        base: r.base,
        rate: r.rate,
        rebate: r.rebate,
        currency: r.currency,
        level: Number(r.level),
        createdAtMs: ms(r.created_at),
      })),
    };
  },

  // ── Operator side (issue 17) ──────────────────────────────────────────────────────────────────────────

  /** Users by id with their login columns (operators see them unmasked). */
  async userRefs(ex: Executor, userIds: readonly bigint[]) {
    if (userIds.length === 0) return new Map<string, UserRefRow>();
    const rows = await queryRows<UserRefRow>(
      ex,
      sql`SELECT id::text AS id, uid, email, area_code AS "areaCode", mobile, created_at AS "createdAt",
                 EXISTS (SELECT 1 FROM referral_qualifications q WHERE q.user_id = users.id) AS qualified
          FROM users WHERE id IN (${ids(userIds)})`,
    );
    return new Map(rows.map((r) => [r.id, r]));
  },

  async userIdByUid(ex: Executor, uid: number): Promise<bigint | undefined> {
    const rows = await queryRows<{ id: string }>(ex, sql`SELECT id::text AS id FROM users WHERE uid = ${uid}::bigint`);
    return rows[0] ? BigInt(rows[0].id) : undefined;
  },

  /** Every user's rebate records, filtered, newest first, with the count and sum of all the filter selects. */
  async adminRebatePage(
    ex: Executor,
    f: { earnerId?: bigint; product?: RebateProduct; start?: number; end?: number },
    limit: number,
    offset: number,
  ) {
    const where = rebateFilter(f);
    const totals = await queryRows<{ n: number; amount: string }>(
      ex,
      sql`SELECT count(*)::int AS n, trim_scale(coalesce(sum(r.rebate), 0))::text AS amount
          FROM rebate_records r WHERE ${where}`,
    );
    const list = await queryRows<{
      id: string;
      earnerId: string;
      sourceUserId: string;
      depth: number;
      product: RebateProduct;
      base: string;
      rate: string;
      rebate: string;
      currency: string;
      level: number;
      transferId: string;
      createdAt: Date | string;
    }>(
      ex,
      sql`SELECT r.id::text AS id, r.earner_id::text AS "earnerId", r.source_user_id::text AS "sourceUserId", r.depth,
                 r.product, trim_scale(r.base_amount)::text AS base, trim_scale(r.rate)::text AS rate,
                 trim_scale(r.rebate)::text AS rebate, r.currency, r.earner_level AS level,
                 r.transfer_id::text AS "transferId", r.created_at AS "createdAt"
          FROM rebate_records r WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
    return { total: Number(totals[0]!.n), amount: totals[0]!.amount, list };
  },

  /** The user's rebates in total and since `since`. */
  async income(ex: Executor, earnerId: bigint, since: Date): Promise<{ total: string; today: string }> {
    const rows = await queryRows<{ total: string; today: string }>(
      ex,
      sql`SELECT trim_scale(coalesce(sum(rebate), 0))::text AS total,
                 trim_scale(coalesce(sum(rebate) FILTER (WHERE created_at >= ${since.toISOString()}::timestamptz), 0))::text
                   AS today
          FROM rebate_records WHERE earner_id = ${String(earnerId)}::bigint`,
    );
    return rows[0]!;
  },
};
