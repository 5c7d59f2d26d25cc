import { performance } from 'node:perf_hooks';
import { type RawData, WebSocket } from 'ws';
import type { BookLevel, Candle, Depth, FeedProduct, FeedSink, FeedSource, Tick, Trade } from './types.js';

/**
 * OKX v5 public market data (spot instruments) as a {@link FeedSource}.
 *
 * - REST back-fill on start, per product: the latest confirmed 1-minute candles
 *   (`GET /api/v5/market/candles?bar=1m`, handed to `sink.history` oldest first) and one ticker
 *   (`GET /api/v5/market/ticker`) as a first tick. Failed back-fills are retried with back-off.
 * - WebSocket (public endpoint): `tickers`, `books5` and `trades` for every product, text `ping`
 *   keep-alive, reconnect with jittered exponential back-off, re-subscribe, and a REST back-fill of the
 *   candles since the last tick seen before the drop.
 * - Every REST answer whose `code` is not the string "0", every HTTP error and every timeout is reported
 *   through `sink.error` and retried later; nothing here throws at the caller after `start`.
 * - Prices are the strings OKX sends, cut (round down, like the ledger) and padded to the product's
 *   `pricePrecision` with string arithmetic; sizes are passed through as sent.
 *
 * Limits: the gap back-fill after a reconnect covers at most `historyLimit` minutes (one request);
 * tick `size` is the ticker's `lastSz`, which OKX repeats when a ticker push is caused by a best bid/ask
 * change rather than a trade, so volume should be taken from the `trades` channel where exactness matters.
 */
export interface OkxSourceOptions {
  /** REST base, no trailing path: 'https://www.okx.com'. */
  restUrl: string;
  /** Public WebSocket endpoint: 'wss://ws.okx.com:8443/ws/v5/public'. */
  wsUrl: string;
  /** pino-style logger (a Fastify `app.log` fits); silent when absent. */
  log?: OkxLog;
  /** Wall clock in epoch ms (only used to size the gap back-fill); defaults to Date.now. */
  now?: () => number;
  /** Per REST request and for the WebSocket handshake; default 10 000. */
  requestTimeoutMs?: number;
  /** Text `ping` period; default 20 000 (OKX drops a connection after 30 s without traffic). */
  pingIntervalMs?: number;
  /** No message at all for this long = dead connection, reconnect; default 30 000. */
  deadAfterMs?: number;
  /** Reconnect back-off: first delay, doubling up to the max, each with jitter (50–100 %); 500 / 30 000. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** A connection that stayed open this long resets the back-off; default 60 000. */
  stableAfterMs?: number;
  /** REST back-fill retry back-off: first delay, doubling up to the max; 1 000 / 60 000. */
  restRetryMinMs?: number;
  restRetryMaxMs?: number;
  /** Pause between consecutive REST requests (OKX allows ~20 requests / 2 s per endpoint); default 120. */
  restSpacingMs?: number;
  /** Candles asked for in the start-up back-fill (and cap of a gap back-fill); OKX max 300, default 300. */
  historyLimit?: number;
  /** Subscription args per `subscribe` message; default 100. */
  subscribeBatch?: number;
}

/** The subset of a pino / Fastify logger this source uses. */
export interface OkxLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

const silentLog: OkxLog = { debug() {}, info() {}, warn() {} };

const MINUTE = 60_000;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * `value` (a plain non-negative decimal string) cut to `dp` decimals and padded to exactly `dp` decimals,
 * without going through a float; undefined when `value` is not such a string.
 */
export function fixDecimals(value: unknown, dp: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = DECIMAL.exec(value);
  if (!m) return undefined;
  const int = m[1]!.replace(/^0+(?=\d)/, '');
  if (dp <= 0) return int;
  return `${int}.${`${m[2] ?? ''}${'0'.repeat(dp)}`.slice(0, dp)}`;
}

/** A plain non-negative decimal string (sizes, volumes), passed through unchanged. */
const isDecimal = (value: unknown): value is string => typeof value === 'string' && DECIMAL.test(value);

const toTs = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Adds two plain decimal strings exactly (used to merge book levels that meet after cutting prices). */
export function addDecimals(a: string, b: string): string {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const scale = Math.max(af.length, bf.length);
  const sum = BigInt(ai + af.padEnd(scale, '0')) + BigInt(bi + bf.padEnd(scale, '0'));
  if (scale === 0) return sum.toString();
  const digits = sum.toString().padStart(scale + 1, '0');
  const frac = digits.slice(-scale).replace(/0+$/, '');
  const int = digits.slice(0, -scale);
  return frac ? `${int}.${frac}` : int;
}

class OkxRestError extends Error {
  constructor(
    message: string,
    /** Network, timeout, HTTP 5xx/429 or rate limit: the next request would fail too, stop this pass. */
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'OkxRestError';
  }
}

interface BackfillJob {
  /** Candles still wanted; `since` undefined means the full start-up back-fill. */
  candles: boolean;
  since: number | undefined;
  /** Bumped on every new candle request so a request made while one is in flight is not lost. */
  version: number;
  ticker: boolean;
}

type Channel = 'tickers' | 'books5' | 'trades';
const CHANNELS: Channel[] = ['tickers', 'books5', 'trades'];

export class OkxSource implements FeedSource {
  readonly name = 'okx';

  private readonly restUrl: string;
  private readonly wsUrl: string;
  private readonly log: OkxLog;
  private readonly now: () => number;
  private readonly requestTimeoutMs: number;
  private readonly pingIntervalMs: number;
  private readonly deadAfterMs: number;
  private readonly reconnectMinMs: number;
  private readonly reconnectMaxMs: number;
  private readonly stableAfterMs: number;
  private readonly restRetryMinMs: number;
  private readonly restRetryMaxMs: number;
  private readonly restSpacingMs: number;
  private readonly historyLimit: number;
  private readonly subscribeBatch: number;

  private sink: FeedSink | undefined;
  private products: FeedProduct[] = [];
  private readonly byInstId = new Map<string, FeedProduct>();
  private readonly bySymbol = new Map<string, FeedProduct>();
  private started = false;
  private stopped = false;
  private stopping: Promise<void> | undefined;
  /** Aborts in-flight REST requests on stop. */
  private readonly abort = new AbortController();

  /** Per symbol: newest tick time handed over (older ticks are dropped). */
  private readonly lastTickTs = new Map<string, number>();
  /** Per instId: newest tick or trade time seen, the start of a gap back-fill. */
  private readonly lastSeenTs = new Map<string, number>();

  private ws: WebSocket | undefined;
  private wsClosed: Promise<void> | undefined;
  private connects = 0;
  private reconnectAttempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private keepAliveTimer: NodeJS.Timeout | undefined;

  private readonly pending = new Map<string, BackfillJob>();
  private backfillRun: Promise<void> | undefined;
  private backfillAgain = false;
  private backfillTimer: NodeJS.Timeout | undefined;
  private backfillFailures = 0;
  private lastRestAt = Number.NEGATIVE_INFINITY;

  constructor(options: OkxSourceOptions) {
    this.restUrl = options.restUrl.replace(/\/+$/, '');
    this.wsUrl = options.wsUrl;
    this.log = options.log ?? silentLog;
    this.now = options.now ?? Date.now;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.pingIntervalMs = options.pingIntervalMs ?? 20_000;
    this.deadAfterMs = options.deadAfterMs ?? 30_000;
    this.reconnectMinMs = options.reconnectMinMs ?? 500;
    this.reconnectMaxMs = options.reconnectMaxMs ?? 30_000;
    this.stableAfterMs = options.stableAfterMs ?? 60_000;
    this.restRetryMinMs = options.restRetryMinMs ?? 1_000;
    this.restRetryMaxMs = options.restRetryMaxMs ?? 60_000;
    this.restSpacingMs = options.restSpacingMs ?? 120;
    this.historyLimit = Math.min(300, Math.max(1, options.historyLimit ?? 300));
    this.subscribeBatch = Math.max(1, options.subscribeBatch ?? 100);
  }

  /**
   * Begins the back-fill and the WebSocket connection and resolves at once: it does not wait for the
   * network (data and problems arrive through the sink). Throws only for a bad product list or a second start.
   */
  async start(products: FeedProduct[], sink: FeedSink): Promise<void> {
    if (this.started || this.stopped) throw new Error('OkxSource: already started');
    const byInstId = new Map<string, FeedProduct>();
    const bySymbol = new Map<string, FeedProduct>();
    for (const p of products) {
      if (!Number.isInteger(p.pricePrecision) || p.pricePrecision < 0 || p.pricePrecision > 18) {
        throw new Error(`OkxSource: bad pricePrecision ${p.pricePrecision} for ${p.symbol}`);
      }
      if (byInstId.has(p.instId) || bySymbol.has(p.symbol)) {
        throw new Error(`OkxSource: duplicate product ${p.symbol} / ${p.instId}`);
      }
      byInstId.set(p.instId, p);
      bySymbol.set(p.symbol, p);
    }
    for (const [k, v] of byInstId) this.byInstId.set(k, v);
    for (const [k, v] of bySymbol) this.bySymbol.set(k, v);
    this.started = true;
    this.products = [...products];
    this.sink = sink;
    if (products.length === 0) return;
    for (const p of products) this.pending.set(p.instId, { candles: true, since: undefined, version: 0, ticker: true });
    this.requestBackfill();
    this.connect();
  }

  /** Closes the connection, cancels timers and REST requests; resolves once the socket is closed. */
  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.backfillTimer);
    clearInterval(this.keepAliveTimer);
    this.abort.abort();
    const ws = this.ws;
    if (ws && ws.readyState !== WebSocket.CLOSED) {
      if (ws.readyState === WebSocket.OPEN) {
        ws.close(1000, 'stop');
        // A peer that never answers the close frame would keep ws waiting 30 s.
        const force = setTimeout(() => ws.terminate(), 1_000);
        void this.wsClosed?.finally(() => clearTimeout(force));
      } else {
        ws.terminate();
      }
    }
    await Promise.all([this.wsClosed, this.backfillRun]);
  }

  // ---------------------------------------------------------------------------------------------------
  // WebSocket

  private connect(): void {
    if (this.stopped) return;
    this.connects += 1;
    const reconnect = this.connects > 1;
    const ws = new WebSocket(this.wsUrl, { handshakeTimeout: this.requestTimeoutMs });
    this.ws = ws;
    let openedAt: number | undefined;
    let lastRx = performance.now();
    let lastPing = lastRx;
    let errored = false;
    this.wsClosed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        clearInterval(this.keepAliveTimer);
        this.keepAliveTimer = undefined;
        resolve();
        if (this.stopped) return;
        if (openedAt !== undefined && performance.now() - openedAt >= this.stableAfterMs) this.reconnectAttempt = 0;
        const delay = this.reconnectDelay();
        const why = `OKX ws closed (${code}${reason.length ? ` ${reason.toString()}` : ''}); reconnecting in ${delay} ms`;
        if (errored) this.log.warn({ code, delay }, why);
        else this.report(new Error(why));
        this.reconnectTimer = setTimeout(() => this.connect(), delay);
      });
    });
    ws.on('error', (err) => {
      errored = true;
      if (!this.stopped) this.report(new Error(`OKX ws error: ${err.message}`));
      if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
    });
    ws.on('open', () => {
      if (this.stopped) {
        ws.terminate();
        return;
      }
      openedAt = performance.now();
      lastRx = openedAt;
      lastPing = openedAt;
      this.log.info({ url: this.wsUrl, reconnect }, 'OKX ws connected');
      this.subscribe(ws);
      const every = Math.max(5, Math.min(1_000, this.pingIntervalMs / 4, this.deadAfterMs / 4));
      clearInterval(this.keepAliveTimer);
      this.keepAliveTimer = setInterval(() => {
        const t = performance.now();
        if (t - lastRx >= this.deadAfterMs) {
          errored = true;
          this.report(new Error(`OKX ws silent for ${Math.round(t - lastRx)} ms; reconnecting`));
          ws.terminate();
        } else if (t - lastPing >= this.pingIntervalMs && ws.readyState === WebSocket.OPEN) {
          lastPing = t;
          ws.send('ping');
        }
      }, every);
      if (reconnect) this.requestGapBackfill();
    });
    ws.on('message', (data) => {
      lastRx = performance.now();
      if (this.stopped) return;
      try {
        this.onMessage(rawText(data));
      } catch (err) {
        this.report(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  private reconnectDelay(): number {
    const base = Math.min(this.reconnectMaxMs, this.reconnectMinMs * 2 ** Math.min(this.reconnectAttempt, 30));
    this.reconnectAttempt += 1;
    return Math.round(base * (0.5 + Math.random() * 0.5));
  }

  private subscribe(ws: WebSocket): void {
    const args = this.products.flatMap((p) => CHANNELS.map((channel) => ({ channel, instId: p.instId })));
    for (let i = 0; i < args.length; i += this.subscribeBatch) {
      ws.send(JSON.stringify({ op: 'subscribe', args: args.slice(i, i + this.subscribeBatch) }));
    }
  }

  private onMessage(text: string): void {
    if (text === 'pong') return;
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.report(new Error(`OKX ws: unreadable message ${text.slice(0, 200)}`));
      return;
    }
    if (!isObject(msg)) return;
    if (typeof msg.event === 'string') {
      this.onEvent(msg);
      return;
    }
    const arg = msg.arg;
    if (!isObject(arg) || !Array.isArray(msg.data) || typeof arg.instId !== 'string') return;
    const product = this.byInstId.get(arg.instId);
    if (!product) return;
    switch (arg.channel) {
      case 'tickers':
        this.onTickers(product, msg.data);
        break;
      case 'books5':
        this.onBooks(product, msg.data);
        break;
      case 'trades':
        this.onTrades(product, msg.data);
        break;
    }
  }

  private onEvent(msg: Record<string, unknown>): void {
    switch (msg.event) {
      case 'subscribe':
      case 'unsubscribe':
        this.log.debug({ arg: msg.arg }, `OKX ws ${msg.event}`);
        break;
      case 'error':
        this.report(new Error(`OKX ws error event ${String(msg.code)}: ${String(msg.msg)}`));
        break;
      case 'notice':
        this.log.warn({ code: msg.code, msg: msg.msg }, 'OKX ws notice');
        break;
      default:
        this.log.debug({ event: msg.event }, 'OKX ws event');
    }
  }

  private onTickers(p: FeedProduct, data: unknown[]): void {
    const ticks: Tick[] = [];
    for (const d of data) {
      const tick = isObject(d) ? this.toTick(p, d, isDecimal(d.lastSz) ? d.lastSz : '0') : undefined;
      if (tick) ticks.push(tick);
      else this.report(new Error(`OKX tickers ${p.instId}: bad item ${JSON.stringify(d).slice(0, 200)}`));
    }
    const fresh = ticks.filter((t) => this.takeTick(t));
    if (fresh.length) this.emit(() => this.sink?.ticks(fresh));
  }

  private toTick(p: FeedProduct, d: Record<string, unknown>, size: string): Tick | undefined {
    const ts = toTs(d.ts);
    const price = fixDecimals(d.last, p.pricePrecision);
    if (ts === undefined || price === undefined) return undefined;
    return { symbol: p.symbol, ts, price, size, source: 'okx' };
  }

  /** Keeps ticks in time order per symbol and remembers the newest for the gap back-fill. */
  private takeTick(t: Tick): boolean {
    const last = this.lastTickTs.get(t.symbol);
    if (last !== undefined && t.ts < last) return false;
    this.lastTickTs.set(t.symbol, t.ts);
    const p = this.bySymbol.get(t.symbol);
    if (p) this.seen(p.instId, t.ts);
    return true;
  }

  private seen(instId: string, ts: number): void {
    if (ts > (this.lastSeenTs.get(instId) ?? 0)) this.lastSeenTs.set(instId, ts);
  }

  private onBooks(p: FeedProduct, data: unknown[]): void {
    for (const d of data) {
      const ts = isObject(d) ? toTs(d.ts) : undefined;
      const bids = isObject(d) ? this.levels(p, d.bids) : undefined;
      const asks = isObject(d) ? this.levels(p, d.asks) : undefined;
      if (ts === undefined || !bids || !asks) {
        this.report(new Error(`OKX books5 ${p.instId}: bad item ${JSON.stringify(d).slice(0, 200)}`));
        continue;
      }
      const depth: Depth = { symbol: p.symbol, ts, bids, asks };
      this.emit(() => this.sink?.depth(depth));
    }
  }

  /** OKX levels `[px, sz, liquidatedOrders, orders]`; levels that meet after cutting the price are merged. */
  private levels(p: FeedProduct, raw: unknown): BookLevel[] | undefined {
    if (!Array.isArray(raw)) return undefined;
    const out: BookLevel[] = [];
    for (const level of raw) {
      if (!Array.isArray(level)) return undefined;
      const price = fixDecimals(level[0], p.pricePrecision);
      const size = level[1];
      if (price === undefined || !isDecimal(size)) return undefined;
      const prev = out[out.length - 1];
      if (prev && prev.price === price) prev.size = addDecimals(prev.size, size);
      else out.push({ price, size });
    }
    return out;
  }

  private onTrades(p: FeedProduct, data: unknown[]): void {
    const trades: Trade[] = [];
    for (const d of data) {
      const ts = isObject(d) ? toTs(d.ts) : undefined;
      const price = isObject(d) ? fixDecimals(d.px, p.pricePrecision) : undefined;
      if (
        !isObject(d) ||
        ts === undefined ||
        price === undefined ||
        !isDecimal(d.sz) ||
        typeof d.tradeId !== 'string' ||
        (d.side !== 'buy' && d.side !== 'sell')
      ) {
        this.report(new Error(`OKX trades ${p.instId}: bad item ${JSON.stringify(d).slice(0, 200)}`));
        continue;
      }
      trades.push({ symbol: p.symbol, id: d.tradeId, ts, price, size: d.sz, side: d.side });
      this.seen(p.instId, ts);
    }
    if (trades.length) this.emit(() => this.sink?.trades(trades));
  }

  // ---------------------------------------------------------------------------------------------------
  // REST back-fill

  /** After a reconnect: candles since the last tick or trade seen (or the full back-fill if none). */
  private requestGapBackfill(): void {
    for (const p of this.products) {
      const since = this.lastSeenTs.get(p.instId);
      const job = this.pending.get(p.instId);
      if (job) {
        if (job.candles && job.since !== undefined && since !== undefined) job.since = Math.min(job.since, since);
        else if (!job.candles) job.since = since;
        job.candles = true;
        job.version += 1;
      } else {
        this.pending.set(p.instId, { candles: true, since, version: 0, ticker: false });
      }
    }
    this.requestBackfill();
  }

  private requestBackfill(): void {
    if (this.stopped) return;
    if (this.backfillRun) {
      this.backfillAgain = true;
      return;
    }
    clearTimeout(this.backfillTimer);
    this.backfillTimer = undefined;
    this.backfillRun = this.runBackfill()
      .catch((err) => this.report(err instanceof Error ? err : new Error(String(err))))
      .finally(() => {
        this.backfillRun = undefined;
        if (this.stopped) return;
        if (this.backfillAgain) this.requestBackfill();
        else if (this.pending.size > 0 && !this.backfillTimer) {
          const delay = Math.min(this.restRetryMaxMs, this.restRetryMinMs * 2 ** Math.min(this.backfillFailures, 30));
          this.backfillFailures += 1;
          this.backfillTimer = setTimeout(() => {
            this.backfillTimer = undefined;
            this.requestBackfill();
          }, delay);
        }
      });
  }

  private async runBackfill(): Promise<void> {
    do {
      this.backfillAgain = false;
      let ok = true;
      for (const [instId, job] of [...this.pending]) {
        if (this.stopped) return;
        const product = this.byInstId.get(instId);
        if (!product) continue;
        try {
          if (job.candles) {
            const version = job.version;
            await this.backfillCandles(product, job.since);
            if (job.version === version) job.candles = false;
          }
          if (job.ticker && !this.lastTickTs.has(product.symbol)) await this.backfillTicker(product);
          job.ticker = false;
          if (!job.candles && this.pending.get(instId) === job) this.pending.delete(instId);
        } catch (err) {
          if (this.stopped) return;
          ok = false;
          this.report(err instanceof Error ? err : new Error(String(err)));
          // OKX (or the network) is unavailable or throttling: the rest would fail the same way.
          if (err instanceof OkxRestError && err.transient) break;
        }
      }
      if (ok && this.pending.size === 0) this.backfillFailures = 0;
    } while (this.backfillAgain && !this.stopped);
  }

  private async backfillCandles(p: FeedProduct, since: number | undefined): Promise<void> {
    const from = since === undefined ? undefined : Math.floor(since / MINUTE) * MINUTE;
    const limit =
      from === undefined
        ? this.historyLimit
        : Math.max(1, Math.min(this.historyLimit, Math.floor((this.now() - from) / MINUTE) + 2));
    const rows = await this.get('/api/v5/market/candles', { instId: p.instId, bar: '1m', limit: String(limit) });
    const candles = new Map<number, Candle>();
    for (const row of rows) {
      const c = Array.isArray(row) ? this.toCandle(p, row) : undefined;
      if (c && (from === undefined || c.openTime >= from)) candles.set(c.openTime, c);
    }
    if (this.stopped || candles.size === 0) return;
    const list = [...candles.values()].sort((a, b) => a.openTime - b.openTime);
    this.emit(() => this.sink?.history(p.symbol, list));
  }

  /** `[ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]`; only confirmed (finished) candles. */
  private toCandle(p: FeedProduct, row: unknown[]): Candle | undefined {
    if (row[8] !== '1') return undefined;
    const openTime = toTs(row[0]);
    const [open, high, low, close] = [row[1], row[2], row[3], row[4]].map((v) => fixDecimals(v, p.pricePrecision));
    const volume = row[5];
    const turnover = isDecimal(row[7]) ? row[7] : row[6];
    if (openTime === undefined || !open || !high || !low || !close || !isDecimal(volume) || !isDecimal(turnover)) {
      this.report(new Error(`OKX candles ${p.instId}: bad row ${JSON.stringify(row).slice(0, 200)}`));
      return undefined;
    }
    return { openTime, open, high, low, close, volume, turnover };
  }

  private async backfillTicker(p: FeedProduct): Promise<void> {
    const data = await this.get('/api/v5/market/ticker', { instId: p.instId });
    if (data.length === 0) return; // no ticker yet: the WebSocket will bring one
    const d = data[0];
    // A price snapshot, not a new trade: its volume is in the candles already.
    const tick = isObject(d) ? this.toTick(p, d, '0') : undefined;
    if (!tick) throw new OkxRestError(`OKX ticker ${p.instId}: no usable ticker in the answer`, false);
    if (!this.stopped && this.takeTick(tick)) this.emit(() => this.sink?.ticks([tick]));
  }

  /** One public GET; resolves with `data`, or throws an OkxRestError for anything but `code: "0"`. */
  private async get(path: string, query: Record<string, string>): Promise<unknown[]> {
    const wait = this.lastRestAt + this.restSpacingMs - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (this.stopped) throw new OkxRestError('stopped', true);
    this.lastRestAt = performance.now();
    const url = `${this.restUrl}${path}?${new URLSearchParams(query)}`;
    const what = `OKX GET ${path}?${new URLSearchParams(query)}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.requestTimeoutMs)]),
      });
      text = await res.text();
    } catch (err) {
      const e = err as Error;
      const why = e.name === 'TimeoutError' ? `timed out after ${this.requestTimeoutMs} ms` : e.message;
      throw new OkxRestError(`${what}: ${why}`, true);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const code = isObject(body) ? body.code : undefined;
    if (!res.ok || code !== '0') {
      const detail = isObject(body) ? `${String(body.code)} ${String(body.msg ?? '')}`.trim() : text.slice(0, 200);
      const transient = res.status >= 500 || res.status === 429 || code === '50011' || code === '50013';
      throw new OkxRestError(`${what}: ${res.ok ? '' : `HTTP ${res.status} `}${detail}`, transient);
    }
    const data = isObject(body) ? body.data : undefined;
    if (!Array.isArray(data)) throw new OkxRestError(`${what}: answer without a data array`, false);
    return data;
  }

  // ---------------------------------------------------------------------------------------------------

  /** Sink calls never throw into the socket or timer code. */
  private emit(call: () => void): void {
    try {
      call();
    } catch (err) {
      this.log.warn({ err }, 'OKX source: sink threw');
    }
  }

  private report(err: Error): void {
    this.log.warn({ err: err.message }, 'OKX source problem');
    if (!this.sink) return;
    try {
      this.sink.error(err);
    } catch (e) {
      this.log.warn({ err: e }, 'OKX source: sink.error threw');
    }
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
