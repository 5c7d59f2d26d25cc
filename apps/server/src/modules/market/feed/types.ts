import type { FeedDepth, FeedTick, FeedTrade } from '@nexa/contract';

/**
 * What a price source delivers to the market module (the contract's feed shapes, which the leader also sends
 * every other node). Prices, sizes and amounts are decimal strings at the product's precision (never JS numbers
 * on the way to settlement); times are epoch milliseconds.
 */
export type Tick = FeedTick;
export type Depth = FeedDepth;
export type BookLevel = FeedDepth['bids'][number];
export type Trade = FeedTrade;

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
export const INTERVAL_MS: Record<KlineInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

export interface Candle {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  /** Base volume. */
  volume: string;
  /** Quote turnover. */
  turnover: string;
}

/** The market module's side of a source: everything a source sees, it hands over here. */
export interface FeedSink {
  ticks(ticks: Tick[]): void;
  depth(depth: Depth): void;
  trades(trades: Trade[]): void;
  /** Finished 1-minute candles from the source's history (back-fill), oldest first. */
  history(symbol: string, candles: Candle[]): void;
  /** A source-level problem worth logging (the source keeps trying). */
  error(err: Error): void;
}

/** The products a source is asked to follow: our symbol and the source's own instrument id. */
export interface FeedProduct {
  symbol: string;
  /** e.g. 'BTC-USDT' on OKX. */
  instId: string;
  pricePrecision: number;
}

export interface FeedSource {
  readonly name: string;
  start(products: FeedProduct[], sink: FeedSink): Promise<void>;
  stop(): Promise<void>;
}
