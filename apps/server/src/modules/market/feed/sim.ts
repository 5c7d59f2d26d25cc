import type { Candle, Depth, FeedProduct, FeedSink, FeedSource, Tick, Trade } from './types.js';

/** What the simulation needs to know of a product beyond the feed's view. */
export interface SimProduct extends FeedProduct {
  /** Where the walk starts when there is no history. */
  startPrice: string;
  /** Annualised volatility, e.g. 0.6 for 60 %. */
  volatility: number;
  sizePrecision: number;
  /** Typical quote turnover a second, for realistic volumes. */
  turnoverPerSec: number;
}

const SECONDS_A_YEAR = 365 * 86_400;

/** FNV-1a: a stable 32-bit seed from text. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A geometric random walk, one step a second, for one product. The walk itself is a float (it is a model);
 * every price it emits is quantised to the product's precision as a decimal string, and that string is what
 * is stored, shown and settled on.
 */
export class SimWalk {
  private readonly rand: () => number;
  private logPrice: number;
  private readonly sigma: number;
  private readonly anchor: number;
  private spare: number | undefined;

  constructor(
    seed: string,
    private readonly p: SimProduct,
    startPrice: string,
  ) {
    this.rand = prng(hash32(`${seed}:${p.symbol}`));
    this.logPrice = Math.log(Number(startPrice));
    this.anchor = Math.log(Number(p.startPrice));
    this.sigma = p.volatility / Math.sqrt(SECONDS_A_YEAR);
  }

  private normal(): number {
    if (this.spare !== undefined) {
      const s = this.spare;
      this.spare = undefined;
      return s;
    }
    const u = Math.max(this.rand(), 1e-12);
    const v = this.rand();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** The next second: a price and the size traded during it. */
  step(): { price: string; size: string } {
    // A faint pull towards the catalogue price keeps a long-running walk in a believable range.
    const pull = (this.anchor - this.logPrice) * 1e-6;
    this.logPrice += pull + this.sigma * this.normal();
    const price = Math.exp(this.logPrice);
    const notional = this.p.turnoverPerSec * (0.2 + 1.8 * this.rand());
    return { price: quantise(price, this.p.pricePrecision), size: quantise(notional / price, this.p.sizePrecision) };
  }

  /** A small random number in [0, 1) from the same stream, for book and trade shapes. */
  next(): number {
    return this.rand();
  }
}

/** A float rendered as a decimal string with `digits` decimals, never in exponent form, never zero. */
export function quantise(value: number, digits: number): string {
  const s = value.toFixed(digits);
  if (Number(s) > 0) return s;
  return (10 ** -digits).toFixed(digits);
}

/**
 * The default price source: a seeded random walk per product, a tick a second, with a synthetic order book and
 * trades around the price. Deterministic for a seed: the same seed, start prices and step count give the same
 * ticks.
 */
export class SimSource implements FeedSource {
  readonly name = 'sim';
  private timer: NodeJS.Timeout | undefined;
  private readonly walks = new Map<string, SimWalk>();
  private tradeSeq = 0;

  constructor(
    private readonly opts: {
      seed: string;
      products: SimProduct[];
      /** Where each walk resumes (the last stored close); missing: the catalogue price. */
      resumeFrom?: Map<string, string>;
      now?: () => number;
    },
  ) {
    for (const p of opts.products) {
      this.walks.set(p.symbol, new SimWalk(opts.seed, p, opts.resumeFrom?.get(p.symbol) ?? p.startPrice));
    }
  }

  async start(products: FeedProduct[], sink: FeedSink): Promise<void> {
    const wanted = new Set(products.map((p) => p.symbol));
    const now = this.opts.now ?? Date.now;
    const tick = () => {
      const ts = Math.floor(now() / 1000) * 1000;
      const ticks: Tick[] = [];
      for (const p of this.opts.products) {
        if (!wanted.has(p.symbol)) continue;
        const out = this.emit(p, ts);
        ticks.push(out.tick);
        sink.depth(out.depth);
        sink.trades(out.trades);
      }
      sink.ticks(ticks);
    };
    const schedule = () => {
      // Fire just after each whole second, so a tick's time is the second it describes.
      this.timer = setTimeout(
        () => {
          try {
            tick();
          } catch (err) {
            sink.error(err as Error);
          }
          if (this.timer) schedule();
        },
        1000 - (now() % 1000) + 5,
      );
    };
    schedule();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One second of one product: its tick, order book and trades. Public for tests and history. */
  emit(p: SimProduct, ts: number): { tick: Tick; depth: Depth; trades: Trade[] } {
    const walk = this.walks.get(p.symbol)!;
    const from = this.lastPrice.get(p.symbol);
    const { price, size } = walk.step();
    this.lastPrice.set(p.symbol, price);
    const tick: Tick = { symbol: p.symbol, ts, price, size, source: 'sim' };
    const trades = this.tradesFor(p, walk, from ?? price, price, size, ts);
    return { tick, depth: this.book(p, walk, price, ts), trades };
  }

  private readonly lastPrice = new Map<string, string>();

  private book(p: SimProduct, walk: SimWalk, price: string, ts: number): Depth {
    const mid = Number(price);
    const step = Math.max(mid * 0.0002, 10 ** -p.pricePrecision);
    const level = (i: number, sign: number) => ({
      price: quantise(mid + sign * step * (i + 0.5), p.pricePrecision),
      size: quantise(((p.turnoverPerSec / mid) * (0.1 + walk.next() * 2)) / (1 + i * 0.15), p.sizePrecision),
    });
    return {
      symbol: p.symbol,
      ts,
      bids: Array.from({ length: 20 }, (_, i) => level(i, -1)),
      asks: Array.from({ length: 20 }, (_, i) => level(i, 1)),
    };
  }

  /**
   * The second's volume as a tape that looks like a real one: 1–5 trades of uneven sizes (a few large, more
   * small) adding up to the tick's size exactly, at prices inside the second's range (from the previous price
   * to this one), spread over the second, the last one at the tick's price; the aggressor side follows the move.
   */
  private tradesFor(p: SimProduct, walk: SimWalk, from: string, price: string, size: string, ts: number): Trade[] {
    const scale = 10 ** p.sizePrecision;
    const totalUnits = Math.round(Number(size) * scale);
    const n = Math.max(1, Math.min(totalUnits, 1 + Math.floor(walk.next() * 5)));
    const weights = Array.from({ length: n }, () => 0.15 + walk.next() ** 3 * 4);
    const sum = weights.reduce((a, b) => a + b, 0);
    const shares = weights.slice(0, -1).map((w) => Math.floor((totalUnits * w) / sum));
    // The last trade takes what rounding left, so the sizes add up to the tick's size exactly.
    shares.push(totalUnits - shares.reduce((a, b) => a + b, 0));
    const units = shares.filter((u) => u > 0);
    const lo = Math.min(Number(from), Number(price));
    const hi = Math.max(Number(from), Number(price));
    let previous = Number(from);
    return units.map((u, i) => {
      const last = i === units.length - 1;
      const at = last ? price : quantise(lo + (hi - lo) * walk.next(), p.pricePrecision);
      const move = Number(at) - previous;
      previous = Number(at);
      const side = move > 0 || (move === 0 && walk.next() < 0.5) ? ('buy' as const) : ('sell' as const);
      return {
        symbol: p.symbol,
        id: `${ts.toString(36)}${(++this.tradeSeq).toString(36)}`,
        ts: ts - Math.floor(((units.length - 1 - i) * 900) / units.length),
        price: at,
        size: quantise(u / scale, p.sizePrecision),
        side,
      };
    });
  }

  /**
   * `minutes` of finished 1-minute candles ending at `endMs`, walked a second at a time from the catalogue
   * price, so a fresh install has a day of charts. Returns the candles and the last price, where the live walk
   * then resumes.
   */
  static history(seed: string, p: SimProduct, endMs: number, minutes: number): { candles: Candle[]; last: string } {
    const walk = new SimWalk(`${seed}:history`, p, p.startPrice);
    const firstMinute = Math.floor(endMs / 60_000) * 60_000 - minutes * 60_000;
    const candles: Candle[] = [];
    let last = p.startPrice;
    for (let m = 0; m < minutes; m++) {
      let open = '';
      let high = Number.NEGATIVE_INFINITY;
      let low = Number.POSITIVE_INFINITY;
      let highS = '';
      let lowS = '';
      let volume = 0;
      let turnover = 0;
      for (let s = 0; s < 60; s++) {
        const { price, size } = walk.step();
        if (s === 0) open = price;
        const n = Number(price);
        if (n > high) [high, highS] = [n, price];
        if (n < low) [low, lowS] = [n, price];
        volume += Number(size);
        turnover += Number(size) * n;
        last = price;
      }
      candles.push({
        openTime: firstMinute + m * 60_000,
        open,
        high: highS,
        low: lowS,
        close: last,
        volume: quantise(volume, p.sizePrecision),
        turnover: turnover.toFixed(2),
      });
    }
    return { candles, last };
  }
}
