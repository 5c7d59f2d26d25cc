import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  CURRENCIES,
  type Currency,
  DEFAULT_LANG,
  type DeliveryPeriod,
  type FeedMessage,
  type Lang,
  type ProductInfo,
  type ProductSummary,
  QUOTE_CURRENCY,
  type Ticker,
} from '@nexa/contract';
import { type Money, money } from '@nexa/rules';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Database, Executor } from '../../platform/db.js';
import { LeadershipLoop } from '../../platform/loops.js';
import type { PriceSource as Valuation } from '../../platform/prices.js';
import { CandleSet, rollUp } from './candles.js';
import { type SimProduct, SimSource } from './feed/sim.js';
import type { Candle, Depth, FeedProduct, FeedSink, FeedSource, KlineInterval, Tick, Trade } from './feed/types.js';
import { type Period, type Product, marketRepository as repo } from './repository.js';

const D = Decimal.clone({ precision: 40 });

/** A product's name in `lang`, else in English (symbols such as BTC/USDT are not names and stay as they are). */
export function productName(p: Pick<Product, 'name' | 'names'>, lang: Lang): string {
  return p.names[lang] ?? p.names.en ?? p.name;
}
const DAY_MS = 86_400_000;
const LEADER_KEY = 727_002;
const TRADES_KEPT = 50;
/** The leader stores buffered ticks this long after the first arrives, and at most every FLUSH_MS. */
const FLUSH_DELAY_MS = 15;
const FLUSH_MS = 250;

export interface MarketConfig {
  source: 'sim' | 'okx';
  seed: string;
  /** Run the feed at all (tests of other modules turn it off). */
  feed: boolean;
  historyHours: number;
  tickRetentionMs: number;
  okx?: { restUrl: string; wsUrl: string };
}

export interface MarketDeps {
  database: Database;
  bus: Bus;
  config: MarketConfig;
  log: FastifyBaseLogger;
  now?: () => number;
  /** Builds the OKX source (kept out of this file so the simulation needs nothing of OKX). */
  okxSource?: (products: FeedProduct[]) => FeedSource;
  /** Replaces the configured sources with one that feeds every product (tests drive prices through it). */
  source?: FeedSource;
}

interface SymbolState {
  product: Product;
  last?: Tick;
  candles: CandleSet;
  /** Finished 1-minute candles of the last 24 hours, oldest first. */
  day: Candle[];
  /** Aggregate of `day`, recomputed when a minute closes. */
  dayAgg?: { open: string; high: string; low: string; volume: string; turnover: string };
  /** Volume and turnover of `day`, kept as minutes enter and leave it (summing 1 440 decimals a minute stalled the loop). */
  daySums?: { volume: Decimal; turnover: Decimal };
  ticker?: Ticker;
  depth?: Depth;
  trades: Trade[];
}

/** Every node asks this often to lead while it does not: a dead leader is replaced within about a second. */
const LEAD_RETRY_MS = 1_000;
/**
 * A heard tick younger than this is used as it is; an older one makes a money call look in `ticks` for a newer
 * stored one (the bus is down or slow: the leader stores ticks within about 250 ms).
 */
const HEARD_FRESH_MS = 1_000;

/**
 * While its bus is down, a node that does not lead reads the newest stored tick of every product this often and
 * serves it as heard: its sockets' prices keep moving (a second apart) instead of freezing until Redis is back.
 */
const STORED_TICKS_POLL_MS = 1_000;

/** Ticks kept for storing while the database is unreachable (about 20 minutes of 40 products). */
const MAX_BUFFERED_TICKS = 50_000;

/**
 * Market data: the catalogue, the live state of every product (price, 24 h figures, candles, book, trades) and
 * the feed. One node leads: it runs the price source, publishes what it sees on the bus and stores ticks and
 * candles; every node (the leader too) builds its live state from the bus and serves it.
 */
export class MarketService implements Valuation {
  readonly events = new EventEmitter().setMaxListeners(0);
  private readonly state = new Map<string, SymbolState>();
  private periods = new Map<string, DeliveryPeriod[]>();
  private products: Product[] = [];
  private readonly leadership = new LeadershipLoop({
    tryLead: () => this.d.database.tryLead(LEADER_KEY),
    retryMs: LEAD_RETRY_MS,
    onLead: () => this.lead(),
    onLost: () => {
      this.d.log.error('market: lost the feed leadership');
      for (const s of this.sources) void s.stop();
      this.sources = [];
    },
    onError: (err) => this.d.log.warn({ err }, 'market: could not ask for leadership'),
  });
  private sources: FeedSource[] = [];
  private timers: NodeJS.Timeout[] = [];
  private tickBuffer: Tick[] = [];
  private dirty = new Map<string, { symbol: string; interval: KlineInterval; candle: Candle }>();
  private stopped = false;
  private pruning = false;
  private readonly nodeId = randomUUID();
  private readonly now: () => number;

  constructor(private readonly d: MarketDeps) {
    this.now = d.now ?? Date.now;
  }

  async start(): Promise<void> {
    const db = this.d.database.db;
    await this.loadCatalogue();
    for (const { symbol, interval, candle } of await repo.latestCandles(db)) {
      this.state.get(symbol)?.candles.seed(interval, candle);
    }
    for (const { symbol, candle } of await repo.minuteCandlesSince(db, this.now() - DAY_MS)) {
      this.state.get(symbol)?.day.push(candle);
    }
    for (const s of this.state.values()) {
      this.recomputeDay(s);
      const close = s.candles.current.get('1m')?.close;
      if (close) s.ticker = this.tickerOf(s, close, s.candles.current.get('1m')!.openTime);
    }
    await this.d.bus.subscribe('market', (message) => {
      if (message.origin !== this.nodeId) this.apply(message);
    });
    this.timers.push(setInterval(() => void this.pollStoredTicks(), STORED_TICKS_POLL_MS));
    if (!this.d.config.feed) {
      // No feed (tests, a read-only node): still give a fresh database its history.
      await this.ensureHistory();
      return;
    }
    // Leader or not, it keeps asking: a leader can lose its lock (its connection cut), and whoever leads then may die.
    await this.leadership.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    clearTimeout(this.flushTimer);
    for (const s of this.sources) await s.stop();
    this.sources = [];
    if (this.leadership.leading) await this.flush().catch(() => {});
    await this.leadership.stop();
  }

  private polling = false;

  /** The bus is down and another node leads: the newest stored ticks stand in for the ones the bus would bring. */
  private async pollStoredTicks() {
    if (this.stopped || this.polling || this.leadership.leading || this.d.bus.connected()) return;
    this.polling = true;
    try {
      const rows = await repo.latestStoredTicks(
        this.d.database.db,
        this.products.map((p) => p.symbol),
      );
      for (const r of rows) this.applyTick(this.storedTick(r));
    } catch (err) {
      this.d.log.warn({ err }, 'market: could not read stored ticks while the bus is down');
    } finally {
      this.polling = false;
    }
  }

  /** A row of `ticks` as a tick, its price at the product's precision. */
  private storedTick(r: { symbol: string; ts_ms: string | number; price: string; size: string; source: string }): Tick {
    const p = this.product(r.symbol);
    return {
      symbol: r.symbol,
      ts: Number(r.ts_ms),
      price: p ? new Decimal(r.price).toFixed(p.pricePrecision) : r.price,
      size: r.size,
      source: r.source as Tick['source'],
    };
  }

  get isLeader(): boolean {
    return this.leadership.leading;
  }

  /** Operators changed products or periods (issue 17): the catalogue as the database now has it. */
  reloadCatalogue(): Promise<void> {
    return this.loadCatalogue();
  }

  private async loadCatalogue() {
    const db = this.d.database.db;
    this.products = await repo.products(db);
    const periodRows = await repo.periods(db);
    this.periods = new Map();
    for (const r of periodRows) {
      const list = this.periods.get(r.symbol) ?? [];
      list.push(toPeriod(r));
      this.periods.set(r.symbol, list);
    }
    for (const p of this.products) {
      const existing = this.state.get(p.symbol);
      if (existing) existing.product = p;
      else this.state.set(p.symbol, { product: p, candles: new CandleSet(), day: [], trades: [] });
    }
  }

  /** This node now leads the feed: history for a fresh install, then the sources, and pruning. */
  private async lead() {
    this.d.log.info({ source: this.d.config.source }, 'market: this node leads the feed');
    await this.ensureHistory().catch((err) => this.d.log.warn({ err }, 'market: history failed'));
    await this.startSources();
    if (this.pruning) return;
    this.pruning = true;
    this.timers.push(
      setInterval(() => {
        if (!this.leadership.leading) return;
        void repo.pruneTicks(this.d.database.db, this.now() - this.d.config.tickRetentionMs).catch(() => {});
      }, 60_000),
    );
  }

  /** A fresh install gets `historyHours` of generated candles, so charts are never empty. */
  private async ensureHistory() {
    const db = this.d.database.db;
    const minutes = Math.round(this.d.config.historyHours * 60);
    if (minutes <= 0) return;
    for (const p of this.products) {
      if (await repo.hasHistory(db, p.symbol)) continue;
      const { candles } = SimSource.history(this.d.config.seed, simProduct(p), this.now(), minutes);
      const rows = [...rollUp(candles)].flatMap(([interval, list]) =>
        list.map((candle) => ({ symbol: p.symbol, interval, candle })),
      );
      await repo.upsertCandles(db, rows);
      const s = this.state.get(p.symbol)!;
      for (const { interval, candle } of rows) {
        const cur = s.candles.current.get(interval);
        if (!cur || cur.openTime <= candle.openTime) s.candles.seed(interval, candle);
      }
      s.day.push(...candles.filter((c) => c.openTime >= this.now() - DAY_MS));
      s.daySums = undefined;
      this.recomputeDay(s);
      s.ticker = this.tickerOf(s, candles.at(-1)!.close, candles.at(-1)!.openTime);
      // A product at a time, then the loop's other work (timers, sockets) runs: a day of history is seconds of CPU.
      await new Promise((r) => setImmediate(r));
    }
  }

  private async startSources() {
    // A lost message is a skipped update (the next one supersedes it), never an unhandled rejection.
    // Applied here first, then sent to the other nodes: the leader never depends on the bus to hear its own feed
    // (with Redis down it still prices, stores and settles).
    //
    // What a source says in one go (the simulator's second: a depth and a trades message a product and the ticks)
    // leaves in one `publishMany`, one round trip, in order. One NOTIFY statement a message was ~80 statements a
    // second: with no user on it, a node and its PostgreSQL used ~30 ms of CPU a second more (docs/decisions.md).
    let outgoing: FeedMessage[] = [];
    const send = () => {
      const batch = outgoing;
      outgoing = [];
      void this.d.bus.publishMany('market', batch).catch((err) => this.d.log.warn({ err }, 'market: publish failed'));
    };
    const publish = (message: FeedMessage) => {
      const stamped = { ...message, origin: this.nodeId };
      this.apply(stamped);
      if (outgoing.length === 0) queueMicrotask(send);
      outgoing.push(stamped);
    };
    const sink: FeedSink = {
      // In slices: a PostgreSQL NOTIFY carries at most 8000 bytes.
      ticks: (ticks) => {
        for (let i = 0; i < ticks.length; i += 30) publish({ kind: 'ticks', ticks: ticks.slice(i, i + 30) });
      },
      depth: (depth) => publish({ kind: 'depth', depth }),
      trades: (trades) => publish({ kind: 'trades', trades }),
      history: (symbol, candles) => void this.storeHistory(symbol, candles),
      error: (err) => this.d.log.warn({ err: err.message }, 'market: source error'),
    };
    // Every product is priced, enabled or not: a disabled one takes no new orders, but its open positions must
    // still be marked, closed and liquidated, and its delivery orders settled on a real exit tick.
    const priced = this.products;
    if (this.d.source) {
      this.sources.push(this.d.source);
      await this.d.source.start(priced.map(feedProduct), sink);
      return;
    }
    const viaOkx = this.d.config.source === 'okx' && this.d.okxSource ? priced.filter((p) => p.okxInstId) : [];
    const viaSim = priced.filter((p) => !viaOkx.includes(p));
    if (viaSim.length > 0) {
      const resumeFrom = new Map<string, string>();
      for (const p of viaSim) {
        const close =
          this.state.get(p.symbol)?.last?.price ?? this.state.get(p.symbol)?.candles.current.get('1m')?.close;
        if (close) resumeFrom.set(p.symbol, close);
      }
      const sim = new SimSource({
        seed: this.d.config.seed,
        products: viaSim.map(simProduct),
        resumeFrom,
        now: this.now,
      });
      this.sources.push(sim);
      await sim.start(viaSim.map(feedProduct), sink);
    }
    if (viaOkx.length > 0 && this.d.okxSource) {
      const okx = this.d.okxSource(viaOkx.map(feedProduct));
      this.sources.push(okx);
      await okx.start(viaOkx.map(feedProduct), sink);
    }
  }

  private async storeHistory(symbol: string, candles: Candle[]) {
    const rows = [...rollUp(candles)].flatMap(([interval, list]) =>
      list.map((candle) => ({ symbol, interval, candle })),
    );
    await repo
      .upsertCandles(this.d.database.db, rows)
      .catch((err) => this.d.log.warn({ err }, 'market: back-fill failed'));
  }

  /** Everything the feed says reaches every node through here. */
  apply(m: FeedMessage) {
    if (m.kind === 'ticks') {
      for (const t of m.ticks) this.applyTick(t);
    } else if (m.kind === 'depth') {
      const s = this.state.get(m.depth.symbol);
      if (!s) return;
      s.depth = m.depth;
      this.events.emit('depth', m.depth);
    } else {
      const symbol = m.trades[0]?.symbol;
      const s = symbol ? this.state.get(symbol) : undefined;
      if (!s || !symbol) return;
      s.trades = [...m.trades.slice().reverse(), ...s.trades].slice(0, TRADES_KEPT);
      this.events.emit('trades', symbol, m.trades);
    }
  }

  private applyTick(t: Tick) {
    const s = this.state.get(t.symbol);
    if (!s || (s.last && t.ts <= s.last.ts)) return;
    s.last = t;
    const closed = s.candles.apply(t);
    for (const { interval, candle } of closed) {
      if (interval === '1m') {
        const sums = daySums(s);
        s.day.push(candle);
        sums.volume = sums.volume.plus(candle.volume);
        sums.turnover = sums.turnover.plus(candle.turnover);
        const floor = t.ts - DAY_MS;
        while (s.day.length > 0 && s.day[0]!.openTime < floor) {
          const gone = s.day.shift()!;
          sums.volume = sums.volume.minus(gone.volume);
          sums.turnover = sums.turnover.minus(gone.turnover);
        }
        this.recomputeDay(s);
      }
      if (this.leadership.leading)
        this.dirty.set(`${t.symbol}|${interval}|${candle.openTime}`, { symbol: t.symbol, interval, candle });
    }
    if (this.leadership.leading) {
      this.tickBuffer.push(t);
      this.flushSoon();
      for (const [interval, candle] of s.candles.current) {
        this.dirty.set(`${t.symbol}|${interval}|${candle.openTime}`, { symbol: t.symbol, interval, candle });
      }
    }
    s.ticker = this.tickerOf(s, t.price, t.ts);
    this.events.emit('tick', t);
    this.events.emit('ticker', s.ticker);
    for (const [interval, candle] of s.candles.current) this.events.emit('candle', s.product, interval, candle);
  }

  private flushTimer: NodeJS.Timeout | undefined;
  private lastFlush = 0;

  /**
   * The leader stores ticks soon after they arrive (a second's burst of the simulated feed lands in one insert),
   * and at most once every FLUSH_MS: settlement waits for a stored tick past each expiry.
   */
  private flushSoon() {
    if (this.flushTimer || this.stopped) return;
    const wait = Math.max(FLUSH_DELAY_MS, this.lastFlush + FLUSH_MS - Date.now());
    this.flushTimer = setTimeout(() => {
      this.lastFlush = Date.now();
      void this.flush()
        .catch((err) => this.d.log.error({ err }, 'market: flush failed'))
        .finally(() => {
          this.flushTimer = undefined;
          if (this.tickBuffer.length > 0 || this.dirty.size > 0) this.flushSoon();
        });
    }, wait);
  }

  /** Stores buffered ticks and changed candles (the leader, soon after ticks arrive). */
  async flush(): Promise<void> {
    const ticks = this.tickBuffer;
    this.tickBuffer = [];
    const dirty = this.dirty;
    this.dirty = new Map();
    try {
      await repo.insertTicks(this.d.database.db, ticks);
      await repo.upsertCandles(this.d.database.db, [...dirty.values()]);
    } catch (err) {
      // The database is away (a restart): keep what was not stored and try again with the next flush.
      this.tickBuffer = ticks.concat(this.tickBuffer).slice(-MAX_BUFFERED_TICKS);
      for (const [k, v] of dirty) if (!this.dirty.has(k)) this.dirty.set(k, v);
      throw err;
    }
  }

  /**
   * The 24 h figures of `day`. Runs for every product at every minute close, so it does no decimal work per
   * candle: the sums are kept as candles come and go, and the high and low are picked by comparing numbers
   * (a price's parseFloat is monotonic) and then read exactly from the chosen candle.
   */
  private recomputeDay(s: SymbolState) {
    if (s.day.length === 0) {
      s.dayAgg = undefined;
      s.daySums = undefined;
      return;
    }
    let high = s.day[0]!;
    let low = s.day[0]!;
    let highN = Number.parseFloat(high.high);
    let lowN = Number.parseFloat(low.low);
    for (const c of s.day) {
      const h = Number.parseFloat(c.high);
      const l = Number.parseFloat(c.low);
      if (h > highN) [high, highN] = [c, h];
      if (l < lowN) [low, lowN] = [c, l];
    }
    const sums = daySums(s);
    s.dayAgg = {
      open: s.day[0]!.open,
      high: new D(high.high).toFixed(),
      low: new D(low.low).toFixed(),
      volume: sums.volume.toFixed(),
      turnover: sums.turnover.toFixed(),
    };
  }

  private tickerOf(s: SymbolState, price: string, ts: number): Ticker {
    const pp = s.product.pricePrecision;
    const minute = s.candles.current.get('1m');
    const agg = s.dayAgg;
    const open = new D(agg?.open ?? minute?.open ?? price);
    let high = new D(agg?.high ?? price);
    let low = new D(agg?.low ?? price);
    let volume = new D(agg?.volume ?? 0);
    let turnover = new D(agg?.turnover ?? 0);
    if (minute) {
      if (high.lt(minute.high)) high = new D(minute.high);
      if (low.gt(minute.low)) low = new D(minute.low);
      volume = volume.plus(minute.volume);
      turnover = turnover.plus(minute.turnover);
    }
    const p = new D(price);
    return {
      symbol: s.product.symbol,
      price: p.toFixed(pp),
      open: open.toFixed(pp),
      high: high.toFixed(pp),
      low: low.toFixed(pp),
      change: open.isZero() ? '0.00' : p.minus(open).div(open).times(100).toFixed(2, Decimal.ROUND_HALF_UP),
      volume: volume.toFixed(s.product.sizePrecision, Decimal.ROUND_DOWN),
      turnover: turnover.toFixed(2, Decimal.ROUND_DOWN),
      ts,
    };
  }

  // ---- reads ----

  product(symbol: string): Product | undefined {
    return this.state.get(symbol)?.product;
  }

  /** The products (enabled ones unless asked), named in `lang` (English where a product has no name in it). */
  summaries(
    filter: { category?: string; keyword?: string; includeDisabled?: boolean } = {},
    lang: Lang = DEFAULT_LANG,
  ): ProductSummary[] {
    const kw = filter.keyword?.toUpperCase();
    const named = (p: Product) => [p.name, productName(p, lang)].some((n) => n.toUpperCase().includes(kw!));
    return this.products
      .filter((p) => (filter.includeDisabled || p.enabled) && (!filter.category || p.category === filter.category))
      .filter((p) => !kw || p.symbol.includes(kw) || p.base.includes(kw) || named(p))
      .map((p) => this.summary(p, lang));
  }

  summary(p: Product, lang: Lang = DEFAULT_LANG): ProductSummary {
    const s = this.state.get(p.symbol)!;
    const t = s.ticker ?? this.tickerOf(s, p.simPrice, this.now());
    return {
      ...t,
      base: p.base,
      quote: p.quote,
      name: productName(p, lang),
      category: p.category,
      pricePrecision: p.pricePrecision,
    };
  }

  info(symbol: string, lang: Lang = DEFAULT_LANG): ProductInfo | undefined {
    const p = this.product(symbol);
    if (!p) return undefined;
    return {
      ...this.summary(p, lang),
      enabled: p.enabled,
      sizePrecision: p.sizePrecision,
      periods: this.periodsOf(symbol),
      perpetual: { contractSize: p.contractSize, maxLeverage: p.maxLeverage, feeRate: p.feeRate },
    };
  }

  periodsOf(symbol: string): DeliveryPeriod[] {
    return this.periods.get(symbol) ?? [];
  }

  tickers(): Ticker[] {
    return [...this.state.values()].filter((s) => s.product.enabled && s.ticker).map((s) => s.ticker!);
  }

  latestTick(symbol: string): Tick | undefined {
    return this.state.get(symbol)?.last;
  }

  /**
   * For each (symbol, at), the latest stored tick at or before `at`, its price at the product's precision, keyed
   * `${symbol}@${at}` (settlement reads the market only through this). Inside a transaction pass it: on the
   * embedded database a second connection would wait for it forever.
   */
  async ticksAtOrBefore(wanted: { symbol: string; at: number }[], ex: Executor = this.d.database.db) {
    const out = new Map<string, { ts: number; price: string; source: string }>();
    for (const r of await repo.ticksAtOrBefore(ex, wanted)) {
      const p = this.product(r.symbol);
      out.set(`${r.symbol}@${Number(r.at)}`, {
        ts: Number(r.ts_ms),
        price: p ? new D(r.price).toFixed(p.pricePrecision) : r.price,
        source: r.source,
      });
    }
    return out;
  }

  /**
   * THE price a money call may use now (issue 12 item 8; delivery entries, perpetual market orders and closes,
   * convert): the latest tick this node heard while it is under `HEARD_FRESH_MS` old; else the newer of that and
   * the newest tick stored in `ticks` (read in the caller's transaction), if under `maxAgeMs` (the 5 s rule);
   * else none. A node whose bus is down or slow so keeps trading on prices it can verify as stored, and a tick
   * read from `ticks` is stored by definition, so its entries stay auditable. Ages are taken at `now` (epoch ms),
   * the caller's clock.
   */
  async currentTick(symbol: string, ex: Executor, maxAgeMs: number, now: number): Promise<Tick | undefined> {
    const heard = this.latestTick(symbol);
    if (heard && now - heard.ts <= HEARD_FRESH_MS) return heard;
    const stored = (await repo.latestStoredTicks(ex, [symbol]))[0];
    const fromTable = stored && this.storedTick(stored);
    const newest = fromTable && (!heard || fromTable.ts > heard.ts) ? fromTable : heard;
    return newest && now - newest.ts <= maxAgeMs ? newest : undefined;
  }

  /**
   * Stores a tick this node heard, in the caller's transaction (an order's entry): the leader stores the same
   * tick too (the first write wins, they are equal), but may die before it does.
   */
  async storeTick(tick: Tick, ex: Executor): Promise<void> {
    await repo.insertTicks(ex, [tick]);
  }

  /**
   * Stored ticks of a product in (afterMs, untilMs] that reach `atOrAbove` or `atOrBelow`, oldest first, read
   * in pages up to `max` (the perpetual engine replays what it did not hear live).
   */
  async storedTicksBeyond(
    symbol: string,
    w: { afterMs: number; untilMs: number; atOrAbove?: string; atOrBelow?: string; max: number },
  ): Promise<Tick[]> {
    const out: Tick[] = [];
    const page = Math.min(5_000, w.max);
    for (let afterMs = w.afterMs; out.length < w.max; ) {
      const rows = await repo.ticksBeyond(this.d.database.db, symbol, { ...w, afterMs, limit: page });
      out.push(...rows);
      if (rows.length < page) break;
      afterMs = rows.at(-1)!.ts;
    }
    return out.slice(0, w.max);
  }

  /** The newest stored tick's time per product. */
  lastStoredTicks(symbols: string[], ex: Executor = this.d.database.db) {
    return repo.lastStoredTicks(ex, symbols);
  }

  /** Candles for charts, prices at the product's precision. */
  async candles(symbol: string, interval: KlineInterval, limit: number, end?: number): Promise<Candle[]> {
    const p = this.product(symbol)!;
    const stored = await repo.candles(this.d.database.db, symbol, interval, limit, end);
    const live = this.state.get(symbol)?.candles.current.get(interval);
    if (!live || (end !== undefined && live.openTime >= end)) return stored.map((c) => displayCandle(p, c));
    // The stored copy of the open candle may lag the live one by up to a second.
    const merged = stored.filter((c) => c.openTime < live.openTime);
    merged.push(live);
    return merged.slice(-limit).map((c) => displayCandle(p, c));
  }

  liveCandle(symbol: string, interval: KlineInterval): Candle | undefined {
    const c = this.state.get(symbol)?.candles.current.get(interval);
    return c && displayCandle(this.product(symbol)!, c);
  }

  depth(symbol: string): Depth {
    return this.state.get(symbol)?.depth ?? { symbol, ts: this.now(), bids: [], asks: [] };
  }

  trades(symbol: string, limit = 30): Trade[] {
    return (this.state.get(symbol)?.trades ?? []).slice(0, limit);
  }

  /** USDT value of one unit of a wallet currency, from the live market (valuations). */
  usdtPrice(currency: Currency): Money | undefined {
    if (CURRENCIES[currency].stable) return money(1);
    const t = this.state.get(`${currency}${QUOTE_CURRENCY}`)?.ticker;
    return t ? money(t.price) : undefined;
  }
}

/** The running sums of a product's `day`, summed in full when there are none yet (start, history). */
function daySums(s: SymbolState): { volume: Decimal; turnover: Decimal } {
  if (!s.daySums) {
    let volume = new D(0);
    let turnover = new D(0);
    for (const c of s.day) {
      volume = volume.plus(c.volume);
      turnover = turnover.plus(c.turnover);
    }
    s.daySums = { volume, turnover };
  }
  return s.daySums;
}

export function displayCandle(p: Product, c: Candle): Candle {
  const price = (v: string) => new D(v).toFixed(p.pricePrecision);
  return {
    openTime: c.openTime,
    open: price(c.open),
    high: price(c.high),
    low: price(c.low),
    close: price(c.close),
    volume: new D(c.volume).toFixed(p.sizePrecision, Decimal.ROUND_DOWN),
    turnover: new D(c.turnover).toFixed(2, Decimal.ROUND_DOWN),
  };
}

function toPeriod(r: Period): DeliveryPeriod {
  return { seconds: Number(r.seconds), yield: r.yield, minStake: r.minStake, maxStake: r.maxStake };
}

function feedProduct(p: Product): FeedProduct {
  return { symbol: p.symbol, instId: p.okxInstId ?? p.symbol, pricePrecision: p.pricePrecision };
}

function simProduct(p: Product): SimProduct {
  // Turnover a second falls with the catalogue rank, like real markets: the top pairs trade the most.
  const turnoverPerSec = p.category === 'crypto' ? 15_000 / p.sort ** 0.9 : p.category === 'forex' ? 8_000 : 5_000;
  return {
    ...feedProduct(p),
    startPrice: p.simPrice,
    volatility: Number(p.simVolatility),
    sizePrecision: p.sizePrecision,
    turnoverPerSec,
  };
}
