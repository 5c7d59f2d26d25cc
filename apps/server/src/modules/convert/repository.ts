import type { AccountMode } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

export interface ConvertRow {
  [k: string]: unknown;
  id: string;
  mode: AccountMode;
  currency_out: string;
  amount_out: string;
  before_out: string;
  after_out: string;
  currency_in: string;
  amount_in: string;
  before_in: string;
  after_in: string;
  rate: string;
  quoted_rate: string;
  slippage: string;
  created_at: Date | string;
}

export interface NewConvert {
  userId: bigint;
  mode: AccountMode;
  requestId: string;
  currencyOut: string;
  amountOut: string;
  beforeOut: string;
  afterOut: string;
  currencyIn: string;
  amountIn: string;
  beforeIn: string;
  afterIn: string;
  rate: string;
  quotedRate: string;
  slippage: string;
  transferOutId: string;
  transferInId: string;
  now: Date;
}

const COLUMNS = sql`id::text AS id, mode, currency_out, trim_scale(amount_out)::text AS amount_out,
  trim_scale(before_out)::text AS before_out, trim_scale(after_out)::text AS after_out, currency_in,
  trim_scale(amount_in)::text AS amount_in, trim_scale(before_in)::text AS before_in,
  trim_scale(after_in)::text AS after_in, trim_scale(rate)::text AS rate,
  trim_scale(quoted_rate)::text AS quoted_rate, trim_scale(slippage)::text AS slippage, created_at`;

export const convertRepository = {
  async insert(ex: Executor, c: NewConvert & { id: string }): Promise<ConvertRow> {
    const rows = await queryRows<ConvertRow>(
      ex,
      sql`INSERT INTO convert_orders (id, user_id, mode, request_id, currency_out, amount_out, before_out, after_out,
                                      currency_in, amount_in, before_in, after_in, rate, quoted_rate, slippage,
                                      transfer_out_id, transfer_in_id, created_at)
          VALUES (${c.id}::bigint, ${String(c.userId)}, ${c.mode}, ${c.requestId}, ${c.currencyOut}, ${c.amountOut}::numeric,
                  ${c.beforeOut}::numeric, ${c.afterOut}::numeric, ${c.currencyIn}, ${c.amountIn}::numeric,
                  ${c.beforeIn}::numeric, ${c.afterIn}::numeric, ${c.rate}::numeric, ${c.quotedRate}::numeric,
                  ${c.slippage}::numeric, ${c.transferOutId}, ${c.transferInId}, ${c.now.toISOString()}::timestamptz)
          RETURNING ${COLUMNS}`,
    );
    return rows[0]!;
  },

  async page(ex: Executor, userId: bigint, mode: AccountMode, limit: number, offset: number) {
    const where = sql`user_id = ${String(userId)} AND mode = ${mode}`;
    return queryPage<ConvertRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM convert_orders WHERE ${where}`,
      sql`SELECT ${COLUMNS} FROM convert_orders WHERE ${where}
            ORDER BY convert_orders.created_at DESC, convert_orders.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },
};
