import type { Category } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';
import type { Candle, KlineInterval, Tick } from './feed/types.js';

/** A product of the catalogue (spec §3): what the market, delivery and perpetual modules read of it. */
export type Product = {
  symbol: string;
  base: string;
  quote: string;
  /** The English name. */
  name: string;
  /** The name per language (`en` included); a language it lacks reads `name`. */
  names: Partial<Record<string, string>>;
  category: Category;
  pricePrecision: number;
  sizePrecision: number;
  simPrice: string;
  simVolatility: string;
  okxInstId: string | null;
  contractSize: string;
  maxLeverage: number;
  feeRate: string;
  enabled: boolean;
  sort: number;
};

/** A delivery period of a product (spec §3): its payout yield and stake limits. */
export type Period = {
  symbol: string;
  seconds: number;
  yield: string;
  minStake: string;
  maxStake: string;
};

interface CandleRow {
  [k: string]: unknown;
  symbol: string;
  interval: KlineInterval;
  open_time: string | number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  turnover: string;
}

const toCandle = (r: CandleRow): Candle => ({
  openTime: Number(r.open_time),
  open: r.open,
  high: r.high,
  low: r.low,
  close: r.close,
  volume: r.volume,
  turnover: r.turnover,
});

// numeric::text keeps trailing zeros of the column's scale; trim them so "67250.50" stays "67250.5"-free of
// the 18 zeros but exact. The service re-pads to each product's precision.
const num = (col: string, as = col.split('.').pop()) => sql.raw(`trim_scale(${col})::text AS "${as}"`);

export const marketRepository = {
  async products(ex: Executor): Promise<Product[]> {
    return queryRows<Product>(
      ex,
      sql`SELECT symbol, base, quote, name, names, category, price_precision AS "pricePrecision",
                 size_precision AS "sizePrecision", ${num('sim_price', 'simPrice')},
                 sim_volatility::float8::text AS "simVolatility", okx_inst_id AS "okxInstId",
                 ${num('contract_size', 'contractSize')}, max_leverage AS "maxLeverage", ${num('fee_rate', 'feeRate')},
                 enabled, sort
          FROM products ORDER BY sort, symbol`,
    );
  },

  async periods(ex: Executor): Promise<Period[]> {
    return queryRows<Period>(
      ex,
      sql`SELECT symbol, seconds, ${num('yield')}, ${num('min_stake', 'minStake')}, ${num('max_stake', 'maxStake')}
          FROM delivery_periods ORDER BY symbol, seconds`,
    );
  },

  async insertTicks(ex: Executor, ticks: Tick[]): Promise<void> {
    if (ticks.length === 0) return;
    const values = ticks.map((t) => sql`(${t.symbol}, ${t.ts}, ${t.price}::numeric, ${t.size}::numeric, ${t.source})`);
    await ex.execute(sql`INSERT INTO ticks (symbol, ts_ms, price, size, source) VALUES ${sql.join(values, sql`, `)}
                         ON CONFLICT (symbol, ts_ms) DO NOTHING`);
  },

  async upsertCandles(
    ex: Executor,
    rows: { symbol: string; interval: KlineInterval; candle: Candle }[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map(
        ({ symbol, interval, candle: c }) =>
          sql`(${symbol}, ${interval}, ${c.openTime}, ${c.open}::numeric, ${c.high}::numeric, ${c.low}::numeric,
               ${c.close}::numeric, ${c.volume}::numeric, ${c.turnover}::numeric)`,
      );
      await ex.execute(sql`
        INSERT INTO klines (symbol, interval, open_time, open, high, low, close, volume, turnover)
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (symbol, interval, open_time) DO UPDATE
        SET high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close,
            volume = EXCLUDED.volume, turnover = EXCLUDED.turnover`);
    }
  },

  async hasHistory(ex: Executor, symbol: string): Promise<boolean> {
    const rows = await queryRows(ex, sql`SELECT 1 FROM klines WHERE symbol = ${symbol} AND interval = '1m' LIMIT 1`);
    return rows.length > 0;
  },

  /** The newest stored candle of every (symbol, interval): where live candles resume after a restart. */
  async latestCandles(ex: Executor) {
    const rows = await queryRows<CandleRow>(
      ex,
      sql`SELECT DISTINCT ON (symbol, interval) symbol, interval, open_time, ${num('open')}, ${num('high')},
                 ${num('low')}, ${num('close')}, ${num('volume')}, ${num('turnover')}
          FROM klines ORDER BY symbol, interval, open_time DESC`,
    );
    return rows.map((r) => ({ symbol: r.symbol, interval: r.interval, candle: toCandle(r) }));
  },

  async minuteCandlesSince(ex: Executor, sinceMs: number) {
    const rows = await queryRows<CandleRow>(
      ex,
      sql`SELECT symbol, interval, open_time, ${num('open')}, ${num('high')}, ${num('low')}, ${num('close')},
                 ${num('volume')}, ${num('turnover')}
          FROM klines WHERE interval = '1m' AND open_time >= ${sinceMs} ORDER BY symbol, open_time`,
    );
    return rows.map((r) => ({ symbol: r.symbol, candle: toCandle(r) }));
  },

  /** Candles opening before `endMs` (or any), newest `limit`, returned oldest first. */
  async candles(
    ex: Executor,
    symbol: string,
    interval: KlineInterval,
    limit: number,
    endMs?: number,
  ): Promise<Candle[]> {
    const end = endMs === undefined ? sql`` : sql` AND open_time < ${endMs}`;
    const rows = await queryRows<CandleRow>(
      ex,
      sql`SELECT symbol, interval, open_time, ${num('open')}, ${num('high')}, ${num('low')}, ${num('close')},
                 ${num('volume')}, ${num('turnover')}
          FROM klines WHERE symbol = ${symbol} AND interval = ${interval}${end}
          ORDER BY open_time DESC LIMIT ${limit}`,
    );
    return rows.map(toCandle).reverse();
  },

  async pruneTicks(ex: Executor, beforeMs: number): Promise<void> {
    await ex.execute(sql`DELETE FROM ticks WHERE ts_ms < ${beforeMs}`);
  },

  /** For each (symbol, at): the latest stored tick at or before `at`, in one statement (batch settlement). */
  async ticksAtOrBefore(ex: Executor, wanted: { symbol: string; at: number }[]) {
    if (wanted.length === 0) return [];
    return queryRows<{ symbol: string; at: string | number; ts_ms: string | number; price: string; source: string }>(
      ex,
      sql`SELECT w.symbol, w.at, t.ts_ms, trim_scale(t.price)::text AS price, t.source
          FROM json_to_recordset(${JSON.stringify(wanted)}::json) AS w(symbol text, at bigint)
          CROSS JOIN LATERAL (
            SELECT ts_ms, price, source FROM ticks WHERE symbol = w.symbol AND ts_ms <= w.at ORDER BY ts_ms DESC LIMIT 1
          ) t`,
    );
  },

  /** The newest stored tick of each product (a node that hears no bus prices from it). */
  async latestStoredTicks(ex: Executor, symbols: string[]) {
    return queryRows<{ symbol: string; ts_ms: string | number; price: string; size: string; source: string }>(
      ex,
      sql`SELECT s.symbol, t.ts_ms, trim_scale(t.price)::text AS price, trim_scale(t.size)::text AS size, t.source
          FROM json_array_elements_text(${JSON.stringify(symbols)}::json) AS s(symbol)
          CROSS JOIN LATERAL (
            SELECT ts_ms, price, size, source FROM ticks WHERE symbol = s.symbol ORDER BY ts_ms DESC LIMIT 1
          ) t`,
    );
  },

  /**
   * Stored ticks of one product after `afterMs` up to `untilMs`, oldest first, only those at or above
   * `atOrAbove` or at or below `atOrBelow` (the prices that can fire a resting trigger), at most `limit`.
   */
  async ticksBeyond(
    ex: Executor,
    symbol: string,
    w: { afterMs: number; untilMs: number; atOrAbove?: string; atOrBelow?: string; limit: number },
  ): Promise<Tick[]> {
    const beyond: SQL[] = [];
    if (w.atOrAbove !== undefined) beyond.push(sql`price >= ${w.atOrAbove}::numeric`);
    if (w.atOrBelow !== undefined) beyond.push(sql`price <= ${w.atOrBelow}::numeric`);
    if (beyond.length === 0) return [];
    const rows = await queryRows<{ ts: string | number; price: string; size: string; source: string }>(
      ex,
      sql`SELECT ts_ms AS ts, trim_scale(price)::text AS price, trim_scale(size)::text AS size, source FROM ticks
          WHERE symbol = ${symbol} AND ts_ms > ${w.afterMs} AND ts_ms <= ${w.untilMs}
            AND (${sql.join(beyond, sql` OR `)})
          ORDER BY ts_ms LIMIT ${w.limit}`,
    );
    return rows.map((r) => ({ symbol, ts: Number(r.ts), price: r.price, size: r.size, source: r.source }));
  },

  /** The newest stored tick's time per product: settlement waits until the market has passed an expiry. */
  async lastStoredTicks(ex: Executor, symbols: string[]): Promise<Map<string, number>> {
    const rows = await queryRows<{ symbol: string; ts: string | number | null }>(
      ex,
      sql`SELECT s.symbol, (SELECT max(ts_ms) FROM ticks WHERE symbol = s.symbol) AS ts
          FROM json_array_elements_text(${JSON.stringify(symbols)}::json) AS s(symbol)`,
    );
    return new Map(rows.filter((r) => r.ts !== null).map((r) => [r.symbol, Number(r.ts)]));
  },
};
