import type { AccountMode, DeliveryStatus } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

export interface OrderRow {
  [k: string]: unknown;
  id: string;
  user_id: string;
  mode: AccountMode;
  symbol: string;
  direction: 'call' | 'put';
  seconds: number;
  stake: string;
  yield: string;
  status: DeliveryStatus;
  hold_id: string;
  entry_price: string | null;
  entry_ts: string | number | null;
  entry_source: string | null;
  exit_price: string | null;
  exit_ts: string | number | null;
  exit_source: string | null;
  payout: string | null;
  open_at: Date | string;
  expires_at: Date | string;
  settled_at: Date | string | null;
  created_at: Date | string;
}

/** The order's columns as OrderRow reads them, optionally of a table alias (`o.`). */
const columnsOf = (t = '') =>
  sql.raw(`${t}id::text AS id, ${t}user_id::text AS user_id, ${t}mode, ${t}symbol, ${t}direction, ${t}seconds,
  trim_scale(${t}stake)::text AS stake, trim_scale(${t}yield)::text AS yield, ${t}status, ${t}hold_id::text AS hold_id,
  trim_scale(${t}entry_price)::text AS entry_price, ${t}entry_ts, ${t}entry_source,
  trim_scale(${t}exit_price)::text AS exit_price, ${t}exit_ts, ${t}exit_source, trim_scale(${t}payout)::text AS payout,
  ${t}open_at, ${t}expires_at, ${t}settled_at, ${t}created_at`);
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
      userId: bigint;
      mode: AccountMode;
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
  ): Promise<OrderRow> {
    const rows = await queryRows<OrderRow>(
      ex,
      sql`INSERT INTO delivery_orders (user_id, mode, symbol, direction, seconds, stake, yield, status, hold_id,
                                       entry_price, entry_ts, entry_source, open_at, expires_at, created_at)
          VALUES (${String(o.userId)}, ${o.mode}, ${o.symbol}, ${o.direction}, ${o.seconds}, ${o.stake}::numeric,
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

  async active(ex: Executor, userId: bigint, mode: AccountMode): Promise<OrderRow[]> {
    return queryRows<OrderRow>(
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
    return queryPage<OrderRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM delivery_orders WHERE ${where}`,
      sql`SELECT ${COLUMNS} FROM delivery_orders WHERE ${where}
            ORDER BY delivery_orders.created_at DESC, delivery_orders.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async byId(ex: Executor, id: string, userId: bigint): Promise<OrderRow | undefined> {
    const rows = await queryRows<OrderRow>(
      ex,
      sql`SELECT ${COLUMNS} FROM delivery_orders WHERE id = ${id} AND user_id = ${String(userId)}`,
    );
    return rows[0];
  },

  /** Locks one of the user's orders for a change of status. */
  async lockForUser(ex: Executor, id: string, userId: bigint): Promise<OrderRow | undefined> {
    const rows = await queryRows<OrderRow>(
      ex,
      sql`SELECT ${COLUMNS} FROM delivery_orders WHERE id = ${id} AND user_id = ${String(userId)} FOR UPDATE`,
    );
    return rows[0];
  },

  /** Due orders no other settler holds (of the users in this share): each is taken by exactly one transaction. */
  async lockDue(ex: Executor, cutoff: Date, limit: number, share = { k: 0, of: 1 }): Promise<OrderRow[]> {
    return queryRows<OrderRow>(
      ex,
      sql`SELECT ${COLUMNS} FROM delivery_orders WHERE status = 'open' AND expires_at <= ${iso(cutoff)}
            AND user_id % ${share.of} = ${share.k}
          ORDER BY delivery_orders.expires_at, delivery_orders.id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    );
  },

  async lockScheduledDue(ex: Executor, now: Date, limit: number): Promise<OrderRow[]> {
    return queryRows<OrderRow>(
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
  ): Promise<OrderRow[]> {
    const rows = results.map((r) => ({
      id: r.id,
      status: r.status,
      exit_price: r.exit?.price ?? null,
      exit_ts: r.exit?.ts ?? null,
      exit_source: r.exit?.source ?? null,
      payout: r.payout,
    }));
    const out = await queryRows<OrderRow>(
      ex,
      sql`UPDATE delivery_orders o SET status = r.status, exit_price = r.exit_price, exit_ts = r.exit_ts,
                 exit_source = r.exit_source, payout = r.payout, settled_at = ${iso(now)}
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
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
    const rows = await queryRows<OrderRow>(
      ex,
      sql`UPDATE delivery_orders SET status = 'open', entry_price = ${entry.price}::numeric, entry_ts = ${entry.ts},
                 entry_source = ${entry.source}, open_at = ${iso(openAt)}, expires_at = ${iso(expiresAt)}
          WHERE id = ${id} AND status = 'scheduled' RETURNING ${COLUMNS}`,
    );
    return rows[0];
  },

  async cancel(ex: Executor, id: string): Promise<OrderRow | undefined> {
    const rows = await queryRows<OrderRow>(
      ex,
      sql`UPDATE delivery_orders SET status = 'cancelled' WHERE id = ${id} AND status = 'scheduled' RETURNING ${COLUMNS}`,
    );
    return rows[0];
  },
};
