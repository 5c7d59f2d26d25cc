import Decimal from 'decimal.js';
import { type Candle, INTERVAL_MS, KLINE_INTERVALS, type KlineInterval, type Tick } from './feed/types.js';

const D = Decimal.clone({ precision: 40 });

export const openTimeOf = (ts: number, interval: KlineInterval) => ts - (ts % INTERVAL_MS[interval]);

/** Folds one tick into a candle (or starts one): exact decimal arithmetic on the tick's strings. */
export function foldTick(candle: Candle | undefined, tick: Tick, openTime: number): Candle {
  const price = new D(tick.price);
  const size = new D(tick.size);
  if (!candle || candle.openTime !== openTime) {
    return {
      openTime,
      open: tick.price,
      high: tick.price,
      low: tick.price,
      close: tick.price,
      volume: size.toFixed(),
      turnover: price.times(size).toFixed(),
    };
  }
  return {
    openTime,
    open: candle.open,
    high: price.gt(candle.high) ? tick.price : candle.high,
    low: price.lt(candle.low) ? tick.price : candle.low,
    close: tick.price,
    volume: new D(candle.volume).plus(size).toFixed(),
    turnover: new D(candle.turnover).plus(price.times(size)).toFixed(),
  };
}

/** Folds finished candles of a smaller interval into one of a larger interval. */
export function mergeCandles(parts: Candle[], openTime: number): Candle {
  const first = parts[0]!;
  let high = new D(first.high);
  let low = new D(first.low);
  let volume = new D(0);
  let turnover = new D(0);
  for (const c of parts) {
    if (new D(c.high).gt(high)) high = new D(c.high);
    if (new D(c.low).lt(low)) low = new D(c.low);
    volume = volume.plus(c.volume);
    turnover = turnover.plus(c.turnover);
  }
  const pick = (v: Decimal, key: 'high' | 'low') => parts.find((c) => new D(c[key]).eq(v))![key];
  return {
    openTime,
    open: first.open,
    high: pick(high, 'high'),
    low: pick(low, 'low'),
    close: parts[parts.length - 1]!.close,
    volume: volume.toFixed(),
    turnover: turnover.toFixed(),
  };
}

/**
 * The live candles of one product in every interval. `apply` returns the candles a tick closed (the previous
 * candle of each interval whose window it left), so they can be stored as final.
 */
export class CandleSet {
  readonly current = new Map<KlineInterval, Candle>();

  apply(tick: Tick): { interval: KlineInterval; candle: Candle }[] {
    const closed: { interval: KlineInterval; candle: Candle }[] = [];
    for (const interval of KLINE_INTERVALS) {
      const openTime = openTimeOf(tick.ts, interval);
      const prev = this.current.get(interval);
      if (prev && prev.openTime < openTime) closed.push({ interval, candle: prev });
      if (prev && prev.openTime > openTime) continue; // a late tick for a window already left: ignore
      this.current.set(interval, foldTick(prev, tick, openTime));
    }
    return closed;
  }

  /** Resumes from stored candles (the latest of each interval), so a restart continues the open windows. */
  seed(interval: KlineInterval, candle: Candle) {
    this.current.set(interval, candle);
  }
}

/** Every interval's candles built from finished 1-minute candles (for generated history). */
export function rollUp(minutes: Candle[]): Map<KlineInterval, Candle[]> {
  const out = new Map<KlineInterval, Candle[]>([['1m', minutes]]);
  for (const interval of KLINE_INTERVALS) {
    if (interval === '1m') continue;
    const groups = new Map<number, Candle[]>();
    for (const c of minutes) {
      const key = openTimeOf(c.openTime, interval);
      const g = groups.get(key) ?? [];
      g.push(c);
      groups.set(key, g);
    }
    out.set(
      interval,
      [...groups].map(([openTime, parts]) => mergeCandles(parts, openTime)),
    );
  }
  return out;
}
