import type {
  AccountMode,
  PerpOrderRecord,
  PerpOrderStatus,
  PerpOrderType,
  PerpPositionRecord,
  PositionSide,
} from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

export type PositionStatus = 'open' | 'closed' | 'liquidated';
export type TradeAction = 'open' | 'close' | 'tp' | 'sl' | 'liquidation';

/** A perpetual fill as stored. */
export type TradeRecord = {
  id: string;
  mode: AccountMode;
  orderId: string;
  positionId: string;
  symbol: string;
  side: PositionSide;
  action: TradeAction;
  price: string;
  quantity: string;
  fee: string;
  realizedPnl: string;
  createdAt: Date | string;
};

/** Records, never rows: the contract's shapes (they also cross the bus to the trigger engine). */
export type PositionRecord = PerpPositionRecord;
export type OrderRecord = PerpOrderRecord;

const POSITION = sql.raw(`id::text AS id, user_id::text AS "userId", mode, symbol, side,
  trim_scale(quantity)::text AS quantity, trim_scale(contract_size)::text AS "contractSize", leverage,
  trim_scale(entry_price)::text AS "entryPrice", trim_scale(margin)::text AS margin,
  array_to_string(hold_ids, ',') AS "holdIds", trim_scale(tp_price)::text AS "tpPrice",
  trim_scale(sl_price)::text AS "slPrice", trim_scale(realized_pnl)::text AS "realizedPnl", status, version,
  opened_at AS "openedAt", closed_at AS "closedAt", updated_at AS "updatedAt"`);

const ORDER = sql.raw(`id::text AS id, user_id::text AS "userId", mode, symbol, side, type, intent,
  trim_scale(price)::text AS price, trim_scale(quantity)::text AS quantity,
  trim_scale(filled_quantity)::text AS "filledQuantity", leverage, trim_scale(contract_size)::text AS "contractSize",
  trim_scale(margin)::text AS margin, trim_scale(fee)::text AS fee, margin_hold_id::text AS "marginHoldId",
  fee_hold_id::text AS "feeHoldId", trim_scale(fill_price)::text AS "fillPrice", trim_scale(tp_price)::text AS "tpPrice",
  trim_scale(sl_price)::text AS "slPrice", status, position_id::text AS "positionId", version, created_at AS "createdAt",
  updated_at AS "updatedAt"`);

const TRADE = sql.raw(`id::text AS id, mode, order_id::text AS "orderId", position_id::text AS "positionId", symbol,
  side, action, trim_scale(price)::text AS price, trim_scale(quantity)::text AS quantity, trim_scale(fee)::text AS fee,
  trim_scale(realized_pnl)::text AS "realizedPnl", created_at AS "createdAt"`);

/** Positions as records: the hold ids come as one comma-separated string (the same on both drivers). */
async function queryPositions(ex: Executor, query: SQL): Promise<PositionRecord[]> {
  const rows = await queryRows<Omit<PositionRecord, 'holdIds'> & { holdIds: string }>(ex, query);
  return rows.map((r) => ({ ...r, holdIds: r.holdIds ? r.holdIds.split(',') : [] }));
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const num = (v: string | null | undefined) => sql`${v ?? null}::numeric`;
const owner = (userId: bigint, mode: AccountMode) => sql`user_id = ${String(userId)} AND mode = ${mode}`;

export interface NewPosition {
  userId: bigint;
  mode: AccountMode;
  symbol: string;
  side: PositionSide;
  quantity: string;
  contractSize: string;
  leverage: number;
  entryPrice: string;
  margin: string;
  holdId: string;
  tpPrice: string | null;
  slPrice: string | null;
  now: Date;
}

export interface NewOrder {
  /** Drawn first (`countLive`) when the order's ledger entries must name it; else the sequence's next. */
  id?: string;
  userId: bigint;
  mode: AccountMode;
  symbol: string;
  side: PositionSide;
  type: PerpOrderType;
  intent: 'open' | 'close';
  price: string | null;
  quantity: string;
  filledQuantity: string;
  leverage: number;
  contractSize: string;
  margin: string;
  fee: string;
  marginHoldId: string | null;
  feeHoldId: string | null;
  fillPrice: string | null;
  tpPrice: string | null;
  slPrice: string | null;
  status: PerpOrderStatus;
  positionId: string | null;
  now: Date;
}

export interface NewTrade {
  userId: bigint;
  mode: AccountMode;
  orderId: string;
  positionId: string;
  symbol: string;
  side: PositionSide;
  action: TradeAction;
  price: string;
  quantity: string;
  fee: string;
  realizedPnl: string;
  now: Date;
}

/** The insert of a position (its RETURNING added by the caller). */
function positionInsert(p: NewPosition): SQL {
  return sql`INSERT INTO perp_positions (user_id, mode, symbol, side, quantity, contract_size, leverage, entry_price,
                                         margin, hold_ids, tp_price, sl_price, status, opened_at, updated_at)
             VALUES (${String(p.userId)}, ${p.mode}, ${p.symbol}, ${p.side}, ${num(p.quantity)}, ${num(p.contractSize)},
                     ${p.leverage}, ${num(p.entryPrice)}, ${num(p.margin)}, ARRAY[${p.holdId}::bigint],
                     ${num(p.tpPrice)}, ${num(p.slPrice)}, 'open', ${iso(p.now)}, ${iso(p.now)})`;
}

/** The insert of an order naming the position `positionId` (a value or a subquery). */
function orderInsert(o: Omit<NewOrder, 'positionId'>, positionId: SQL): SQL {
  return sql`INSERT INTO perp_orders (id, user_id, mode, symbol, side, type, intent, price, quantity, filled_quantity,
                                      leverage, contract_size, margin, fee, margin_hold_id, fee_hold_id, fill_price,
                                      tp_price, sl_price, status, position_id, created_at, updated_at)
             VALUES (coalesce(${o.id ?? null}::bigint, nextval('perp_orders_id_seq')), ${String(o.userId)}, ${o.mode},
                     ${o.symbol}, ${o.side}, ${o.type}, ${o.intent}, ${num(o.price)},
                     ${num(o.quantity)}, ${num(o.filledQuantity)}, ${o.leverage}, ${num(o.contractSize)},
                     ${num(o.margin)}, ${num(o.fee)}, ${o.marginHoldId}::bigint, ${o.feeHoldId}::bigint,
                     ${num(o.fillPrice)}, ${num(o.tpPrice)}, ${num(o.slPrice)}, ${o.status}, ${positionId},
                     ${iso(o.now)}, ${iso(o.now)})`;
}

/** The insert of a trade of the order `orderId` on the position `positionId` (values or subqueries). */
function tradeInsert(t: Omit<NewTrade, 'orderId' | 'positionId'>, orderId: SQL, positionId: SQL): SQL {
  return sql`INSERT INTO perp_trades (user_id, mode, order_id, position_id, symbol, side, action, price, quantity, fee,
                                      realized_pnl, created_at)
             VALUES (${String(t.userId)}, ${t.mode}, ${orderId}, ${positionId}, ${t.symbol}, ${t.side}, ${t.action},
                     ${num(t.price)}, ${num(t.quantity)}, ${num(t.fee)}, ${num(t.realizedPnl)}, ${iso(t.now)})`;
}

export const perpetualRepository = {
  /**
   * Locks the user's perpetual wallet row first in every perpetual transaction (user call or engine), before any
   * position, order or system account: one fixed lock order, so two of them never wait on each other in a circle.
   * Nothing here changes a balance; only the ledger does.
   */
  async lockWallet(ex: Executor, userId: bigint | string, mode: AccountMode): Promise<void> {
    await ex.execute(
      sql`SELECT id FROM ledger_accounts
          WHERE user_id = ${String(userId)} AND mode = ${mode} AND wallet = 'perpetual' AND currency = 'USDT'
          FOR UPDATE`,
    );
  },

  /**
   * Open positions and pending orders of one user in one mode (the per-user limits), read after the wallet's lock,
   * with the id the order of this call will have (its ledger entries name it first): one round trip for both. A
   * refused call leaves a gap in the ids, as a rolled-back one does.
   */
  async countLive(
    ex: Executor,
    userId: bigint,
    mode: AccountMode,
  ): Promise<{ positions: number; orders: number; nextOrderId: string }> {
    const rows = await queryRows<{ positions: number; orders: number; next_order_id: string }>(
      ex,
      sql`SELECT (SELECT count(*)::int FROM perp_positions WHERE ${owner(userId, mode)} AND status = 'open') AS positions,
                 (SELECT count(*)::int FROM perp_orders WHERE ${owner(userId, mode)} AND status = 'pending') AS orders,
                 nextval('perp_orders_id_seq')::text AS next_order_id`,
    );
    const r = rows[0]!;
    return { positions: Number(r.positions), orders: Number(r.orders), nextOrderId: r.next_order_id };
  },

  async insertPosition(ex: Executor, p: NewPosition): Promise<PositionRecord> {
    const rows = await queryPositions(ex, sql`${positionInsert(p)} RETURNING ${POSITION}`);
    return rows[0]!;
  },

  /**
   * A market open's three rows in one statement, not three round trips (issue 18 §1): the position, its filled
   * order naming it, and the opening trade naming both.
   */
  async insertOpening(
    ex: Executor,
    p: NewPosition,
    o: Omit<NewOrder, 'positionId'>,
    t: Omit<NewTrade, 'orderId' | 'positionId'>,
  ): Promise<{ position: PositionRecord; order: OrderRecord; trade: TradeRecord }> {
    const rows = await queryRows<{
      position: Omit<PositionRecord, 'holdIds'> & { holdIds: string };
      order: OrderRecord;
      trade: TradeRecord;
    }>(
      ex,
      sql`WITH p AS (${positionInsert(p)} RETURNING *),
               o AS (${orderInsert(o, sql`(SELECT id FROM p)`)} RETURNING *),
               t AS (${tradeInsert(t, sql`(SELECT id FROM o)`, sql`(SELECT id FROM p)`)} RETURNING *)
          SELECT (SELECT to_json(x) FROM (SELECT ${POSITION} FROM p) x) AS position,
                 (SELECT to_json(x) FROM (SELECT ${ORDER} FROM o) x) AS "order",
                 (SELECT to_json(x) FROM (SELECT ${TRADE} FROM t) x) AS trade`,
    );
    const r = rows[0]!;
    const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    const position = json(r.position);
    return {
      position: { ...position, holdIds: position.holdIds ? position.holdIds.split(',') : [] },
      order: json(r.order),
      trade: json(r.trade),
    };
  },

  async insertOrder(ex: Executor, o: NewOrder): Promise<OrderRecord> {
    const rows = await queryRows<OrderRecord>(
      ex,
      sql`${orderInsert(o, sql`${o.positionId}::bigint`)} RETURNING ${ORDER}`,
    );
    return rows[0]!;
  },

  async insertTrade(ex: Executor, t: NewTrade): Promise<TradeRecord> {
    const rows = await queryRows<TradeRecord>(
      ex,
      sql`${tradeInsert(t, sql`${t.orderId}`, sql`${t.positionId}`)} RETURNING ${TRADE}`,
    );
    return rows[0]!;
  },

  async positionById(ex: Executor, id: string): Promise<PositionRecord | undefined> {
    const rows = await queryPositions(ex, sql`SELECT ${POSITION} FROM perp_positions WHERE id = ${id}`);
    return rows[0];
  },

  /** Locks a position; with `userId`, only that user's (anyone else's reads as missing). */
  async lockPosition(ex: Executor, id: string, userId?: bigint): Promise<PositionRecord | undefined> {
    const mine = userId === undefined ? sql`` : sql` AND user_id = ${String(userId)}`;
    const rows = await queryPositions(
      ex,
      sql`SELECT ${POSITION} FROM perp_positions WHERE id = ${id}${mine} FOR UPDATE`,
    );
    return rows[0];
  },

  async lockOpenPositions(ex: Executor, userId: bigint, mode: AccountMode, symbol?: string): Promise<PositionRecord[]> {
    const bySymbol = symbol ? sql` AND symbol = ${symbol}` : sql``;
    return queryPositions(
      ex,
      sql`SELECT ${POSITION} FROM perp_positions WHERE ${owner(userId, mode)} AND status = 'open'${bySymbol}
          ORDER BY perp_positions.id FOR UPDATE`,
    );
  },

  /**
   * Changes an open position (the caller holds its lock): `version` rises, so news of this state supersedes
   * older news in the trigger engine. Undefined when the position is no longer open.
   */
  async updateOpen(
    ex: Executor,
    id: string,
    c: {
      quantity?: string;
      margin?: string;
      holdIds?: string[];
      tpPrice?: string | null;
      slPrice?: string | null;
      realizedPnlDelta?: string;
      status?: PositionStatus;
      now: Date;
    },
  ): Promise<PositionRecord | undefined> {
    const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = ${iso(c.now)}`];
    if (c.quantity !== undefined) sets.push(sql`quantity = ${num(c.quantity)}`);
    if (c.margin !== undefined) sets.push(sql`margin = ${num(c.margin)}`);
    if (c.holdIds !== undefined) {
      sets.push(
        c.holdIds.length === 0
          ? sql`hold_ids = '{}'`
          : sql`hold_ids = ARRAY[${sql.join(
              c.holdIds.map((h) => sql`${h}::bigint`),
              sql`, `,
            )}]`,
      );
    }
    if (c.tpPrice !== undefined) sets.push(sql`tp_price = ${num(c.tpPrice)}`);
    if (c.slPrice !== undefined) sets.push(sql`sl_price = ${num(c.slPrice)}`);
    if (c.realizedPnlDelta !== undefined) sets.push(sql`realized_pnl = realized_pnl + ${num(c.realizedPnlDelta)}`);
    if (c.status !== undefined && c.status !== 'open') {
      sets.push(sql`status = ${c.status}`, sql`closed_at = ${iso(c.now)}`);
    }
    const rows = await queryPositions(
      ex,
      sql`UPDATE perp_positions SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND status = 'open' RETURNING ${POSITION}`,
    );
    return rows[0];
  },

  async openPositions(ex: Executor, userId: bigint, mode: AccountMode, symbol?: string): Promise<PositionRecord[]> {
    const bySymbol = symbol ? sql` AND symbol = ${symbol}` : sql``;
    return queryPositions(
      ex,
      sql`SELECT ${POSITION} FROM perp_positions WHERE ${owner(userId, mode)} AND status = 'open'${bySymbol}
          ORDER BY perp_positions.opened_at DESC, perp_positions.id DESC LIMIT 500`,
    );
  },

  /** Margin of open positions and of pending orders (margin + fee held), whatever the product. */
  async marginTotals(ex: Executor, userId: bigint, mode: AccountMode): Promise<{ position: string; frozen: string }> {
    const rows = await queryRows<{ position: string; frozen: string }>(
      ex,
      sql`SELECT
            (SELECT coalesce(sum(margin), 0)::text FROM perp_positions WHERE ${owner(userId, mode)} AND status = 'open') AS position,
            (SELECT coalesce(sum(margin + fee), 0)::text FROM perp_orders WHERE ${owner(userId, mode)} AND status = 'pending') AS frozen`,
    );
    return rows[0]!;
  },

  async pendingOrders(ex: Executor, userId: bigint, mode: AccountMode, symbol?: string): Promise<OrderRecord[]> {
    const bySymbol = symbol ? sql` AND symbol = ${symbol}` : sql``;
    return queryRows<OrderRecord>(
      ex,
      sql`SELECT ${ORDER} FROM perp_orders WHERE ${owner(userId, mode)} AND status = 'pending'${bySymbol}
          ORDER BY perp_orders.created_at DESC, perp_orders.id DESC LIMIT 500`,
    );
  },

  async lockOrder(ex: Executor, id: string, userId?: bigint): Promise<OrderRecord | undefined> {
    const mine = userId === undefined ? sql`` : sql` AND user_id = ${String(userId)}`;
    const rows = await queryRows<OrderRecord>(
      ex,
      sql`SELECT ${ORDER} FROM perp_orders WHERE id = ${id}${mine} FOR UPDATE`,
    );
    return rows[0];
  },

  async orderById(ex: Executor, id: string): Promise<OrderRecord | undefined> {
    const rows = await queryRows<OrderRecord>(ex, sql`SELECT ${ORDER} FROM perp_orders WHERE id = ${id}`);
    return rows[0];
  },

  /** Ends a pending order (filled or cancelled); undefined when it was no longer pending. */
  async finishPending(
    ex: Executor,
    id: string,
    c: { status: 'filled' | 'cancelled'; fillPrice?: string; positionId?: string; now: Date },
  ): Promise<OrderRecord | undefined> {
    const filled = c.status === 'filled';
    const rows = await queryRows<OrderRecord>(
      ex,
      sql`UPDATE perp_orders SET status = ${c.status}, version = version + 1, updated_at = ${iso(c.now)},
                 fill_price = ${num(c.fillPrice)}, position_id = ${c.positionId ?? null}::bigint,
                 filled_quantity = ${filled ? sql`quantity` : sql`filled_quantity`}
          WHERE id = ${id} AND status = 'pending' RETURNING ${ORDER}`,
    );
    return rows[0];
  },

  async historyOrders(
    ex: Executor,
    userId: bigint,
    mode: AccountMode,
    symbol: string | undefined,
    limit: number,
    offset: number,
  ) {
    const where = sql.join(
      [owner(userId, mode), sql`status <> 'pending'`, ...(symbol ? [sql`symbol = ${symbol}`] : [])],
      sql` AND `,
    );
    return queryPage<OrderRecord>(
      ex,
      sql`SELECT count(*)::int AS n FROM perp_orders WHERE ${where}`,
      sql`SELECT ${ORDER} FROM perp_orders WHERE ${where}
            ORDER BY perp_orders.created_at DESC, perp_orders.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async trades(
    ex: Executor,
    userId: bigint,
    mode: AccountMode,
    symbol: string | undefined,
    limit: number,
    offset: number,
  ) {
    const where = sql.join([owner(userId, mode), ...(symbol ? [sql`symbol = ${symbol}`] : [])], sql` AND `);
    return queryPage<TradeRecord>(
      ex,
      sql`SELECT count(*)::int AS n FROM perp_trades WHERE ${where}`,
      sql`SELECT ${TRADE} FROM perp_trades WHERE ${where}
            ORDER BY perp_trades.created_at DESC, perp_trades.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /** Every open position and pending order (the trigger engine rebuilds its index from these). */
  async allLive(ex: Executor): Promise<{ positions: PositionRecord[]; orders: OrderRecord[] }> {
    const positions = await queryPositions(ex, sql`SELECT ${POSITION} FROM perp_positions WHERE status = 'open'`);
    const orders = await queryRows<OrderRecord>(ex, sql`SELECT ${ORDER} FROM perp_orders WHERE status = 'pending'`);
    return { positions, orders };
  },
};
