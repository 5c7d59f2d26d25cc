import type { AccountMode, DeliveryStatus } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

/** A delivery order as stored. */
export type OrderRecord = {
  id: string;
  userId: string;
  mode: AccountMode;
  /** The wallet the stake is drawn from and paid back to. */
  wallet: 'delivery' | 'copy';
  symbol: string;
  direction: 'call' | 'put';
  seconds: number;
  stake: string;
  yield: string;
  status: DeliveryStatus;
  holdId: string;
  entryPrice: string | null;
  entryTs: string | number | null;
  entrySource: string | null;
  exitPrice: string | null;
  exitTs: string | number | null;
  exitSource: string | null;
  payout: string | null;
  openAt: Date | string;
  expiresAt: Date | string;
  settledAt: Date | string | null;
  createdAt: Date | string;
};

/** The order's columns as an OrderRecord, optionally of a table alias (`o.`). */
const columnsOf = (t = '') =>
  sql.raw(`${t}id::text AS id, ${t}user_id::text AS "userId", ${t}mode, ${t}wallet, ${t}symbol, ${t}direction,
  ${t}seconds, trim_scale(${t}stake)::text AS stake, trim_scale(${t}yield)::text AS yield, ${t}status,
  ${t}hold_id::text AS "holdId", trim_scale(${t}entry_price)::text AS "entryPrice", ${t}entry_ts AS "entryTs",
  ${t}entry_source AS "entrySource", trim_scale(${t}exit_price)::text AS "exitPrice", ${t}exit_ts AS "exitTs",
  ${t}exit_source AS "exitSource", trim_scale(${t}payout)::text AS payout, ${t}open_at AS "openAt",
  ${t}expires_at AS "expiresAt", ${t}settled_at AS "settledAt", ${t}created_at AS "createdAt"`);
const COLUMNS = columnsOf();

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export const deliveryRepository = {
  /** The expiry of the oldest open order already past it (settlement lag), or null. */
  async oldestOverdue(ex: Executor, now: Date): Promise<Date | null> {
    const rows = await queryRows<{ at: Date | string | null }>(
      ex,
      sql`SELECT min(expires_at) AS at FROM delivery_orders
          WHERE status = 'open' AND expires_at < ${now.toISOString()}::timestamptz`,
    );
    return rows[0]?.at ? new Date(rows[0].at) : null;
  },

  async insert(
    ex: Executor,
    o: {
      id: string;
      userId: bigint;
      mode: AccountMode;
      wallet: 'delivery' | 'copy';
      symbol: string;
      direction: string;
      seconds: number;
      stake: string;
      yield: string;
      status: 'open' | 'scheduled';
      holdId: string;
      entry: { price: string; ts: number; source: string } | null;
      openAt: Date;
      expiresAt: Date;
      now: Date;
    },
  ): Promise<OrderRecord> {
    const rows = await queryRows<OrderRecord>(
      ex,
      sql`INSERT INTO delivery_orders (id, user_id, mode, wallet, symbol, direction, seconds, stake, yield, status,
                                       hold_id, entry_price, entry_ts, entry_source, open_at, expires_at, created_at)
          VALUES (${o.id}::bigint, ${String(o.userId)}, ${o.mode}, ${o.wallet}, ${o.symbol}, ${o.direction}, ${o.seconds}, ${o.stake}::numeric,
                  ${o.yield}::numeric, ${o.status}, ${o.holdId}, ${o.entry?.price ?? null}::numeric,
                  ${o.entry?.ts ?? null}::bigint, ${o.entry?.source ?? null}, ${iso(o.openAt)}, ${iso(o.expiresAt)},
                  ${iso(o.now)})
          RETURNING ${COLUMNS}`,
    );
    return rows[0]!;
  },

  async countActive(ex: Executor, userId: bigint, mode: AccountMode): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM delivery_orders
          WHERE user_id = ${String(userId)} AND mode = ${mode} AND status IN ('scheduled', 'open', 'settling')`,
    );
    return Number(rows[0]!.n);
  },

  async active(ex: Executor, userId: bigint, mode: AccountMode): Promise<OrderRecord[]> {
    return queryRows<OrderRecord>(
      ex,
      sql`SELECT ${COLUMNS} FROM delivery_orders
          WHERE user_id = ${String(userId)} AND mode = ${mode} AND status IN ('scheduled', 'open', 'settling')
          ORDER BY delivery_orders.expires_at, delivery_orders.id LIMIT 200`,
    );
  },

  async history(
    ex: Executor,
    userId: bigint,
    mode: AccountMode,
    f: { symbol?: string | undefined; startMs?: number | undefined; endMs?: number | undefined },
    limit: number,
    offset: number,
  ) {
    const conds: SQL[] = [
      sql`user_id = ${String(userId)}`,
      sql`mode = ${mode}`,
      sql`status IN ('won', 'lost', 'draw', 'refunded', 'cancelled')`,
    ];
    if (f.symbol) conds.push(sql`symbol = ${f.symbol}`);
    if (f.startMs !== undefined) conds.push(sql`created_at >= ${iso(new Date(f.startMs))}`);
    if (f.endMs !== undefined) conds.push(sql`created_at < ${iso(new Date(f.endMs))}`);
    const where = sql.join(conds, sql` AND `);
    return queryPage<OrderRecord>(
      ex,
      sql`SELECT count(*)::int AS n FROM delivery_orders WHERE ${where}`,
      sql`SELECT ${COLUMNS} FROM delivery_orders WHERE ${where}
            ORDER BY delivery_orders.created_at DESC, delivery_orders.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async byId(ex: Executor, id: string, userId: bigint): Promise<OrderRecord | undefined> {
    const rows = await queryRows<OrderRecord>(
      ex,
      sql`SELECT ${COLUMNS} FROM delivery_orders WHERE id = ${id} AND user_id = ${String(userId)}`,
    );
    return rows[0];
  },

  /** Orders by id, whoever's (the operator console), at most one page's worth. */
  async byIds(ex: Executor, ids: readonly string[]): Promise<OrderRecord[]> {
    if (ids.length === 0) return [];
    return queryRows<OrderRecord>(
      ex,
      sql`SELECT ${COLUMNS} FROM delivery_orders WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  },

  /** Locks one of the user's orders for a change of status. */
  async lockForUser(ex: Executor, id: string, userId: bigint): Promise<OrderRecord | undefined> {
    const rows = await queryRows<OrderRecord>(
      ex,
      sql`SELECT ${COLUMNS} FROM delivery_orders WHERE id = ${id} AND user_id = ${String(userId)} FOR UPDATE`,
    );
    return rows[0];
  },

  /** Due orders no other settler holds (of the users in this share): each is taken by exactly one transaction. */
  async lockDue(ex: Executor, cutoff: Date, limit: number, share = { k: 0, of: 1 }): Promise<OrderRecord[]> {
    return queryRows<OrderRecord>(
      ex,
      sql`SELECT ${COLUMNS} FROM delivery_orders WHERE status = 'open' AND expires_at <= ${iso(cutoff)}
            AND user_id % ${share.of} = ${share.k}
          ORDER BY delivery_orders.expires_at, delivery_orders.id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    );
  },

  async lockScheduledDue(ex: Executor, now: Date, limit: number): Promise<OrderRecord[]> {
    return queryRows<OrderRecord>(
      ex,
      sql`SELECT ${COLUMNS} FROM delivery_orders WHERE status = 'scheduled' AND open_at <= ${iso(now)}
          ORDER BY delivery_orders.open_at, delivery_orders.id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    );
  },

  async nextExpiry(ex: Executor): Promise<number | undefined> {
    const rows = await queryRows<{ t: Date | string | null }>(
      ex,
      sql`SELECT min(expires_at) AS t FROM delivery_orders WHERE status = 'open'`,
    );
    const t = rows[0]?.t;
    return t ? new Date(t).getTime() : undefined;
  },

  /** Many settlements in one statement; each order must still be open. */
  async settleMany(
    ex: Executor,
    results: {
      id: string;
      status: DeliveryStatus;
      exit: { price: string; ts: number; source: string } | null;
      payout: string;
    }[],
    now: Date,
  ): Promise<OrderRecord[]> {
    const rows = results.map((r) => ({
      id: r.id,
      status: r.status,
      exit_price: r.exit?.price ?? null,
      exit_ts: r.exit?.ts ?? null,
      exit_source: r.exit?.source ?? null,
      payout: r.payout,
    }));
    const out = await queryRows<OrderRecord>(
      ex,
      sql`UPDATE delivery_orders o SET status = r.status, exit_price = r.exit_price, exit_ts = r.exit_ts,
                 exit_source = r.exit_source, payout = r.payout, settled_at = ${iso(now)}
          FROM json_to_recordset(${JSON.stringify(rows)}::json)
            AS r(id bigint, status text, exit_price numeric, exit_ts bigint, exit_source text, payout numeric)
          WHERE o.id = r.id AND o.status = 'open'
          RETURNING ${columnsOf('o.')}`,
    );
    if (out.length !== results.length) throw new Error('an order was not open at settlement');
    return out;
  },

  async open(
    ex: Executor,
    id: string,
    entry: { price: string; ts: number; source: string },
    openAt: Date,
    expiresAt: Date,
  ) {
    const rows = await queryRows<OrderRecord>(
      ex,
      sql`UPDATE delivery_orders SET status = 'open', entry_price = ${entry.price}::numeric, entry_ts = ${entry.ts},
                 entry_source = ${entry.source}, open_at = ${iso(openAt)}, expires_at = ${iso(expiresAt)}
          WHERE id = ${id} AND status = 'scheduled' RETURNING ${COLUMNS}`,
    );
    return rows[0];
  },

  async cancel(ex: Executor, id: string): Promise<OrderRecord | undefined> {
    const rows = await queryRows<OrderRecord>(
      ex,
      sql`UPDATE delivery_orders SET status = 'cancelled' WHERE id = ${id} AND status = 'scheduled' RETURNING ${COLUMNS}`,
    );
    return rows[0];
  },
};
