import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OkxFakeServer, okxCandle } from './okx-fake-server.js';
import { OkxSource, type OkxSourceOptions, addDecimals, fixDecimals } from './okx.js';
import type { Candle, Depth, FeedProduct, FeedSink, Tick, Trade } from './types.js';

const BTC: FeedProduct = { symbol: 'BTCUSDT', instId: 'BTC-USDT', pricePrecision: 1 };
const ETH: FeedProduct = { symbol: 'ETHUSDT', instId: 'ETH-USDT', pricePrecision: 2 };
const T0 = 1_700_000_040_000; // a minute boundary
const MIN = 60_000;

/** Short timers so reconnects and retries happen within milliseconds. */
const FAST: Partial<OkxSourceOptions> = {
  requestTimeoutMs: 1_000,
  reconnectMinMs: 10,
  reconnectMaxMs: 40,
  restRetryMinMs: 20,
  restRetryMaxMs: 80,
  restSpacingMs: 0,
};

async function waitFor(cond: () => boolean, what: string, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function recorder() {
  const got = {
    ticks: [] as Tick[],
    depth: [] as Depth[],
    trades: [] as Trade[],
    history: [] as { symbol: string; candles: Candle[] }[],
    errors: [] as Error[],
  };
  const sink: FeedSink = {
    ticks: (t) => got.ticks.push(...t),
    depth: (d) => got.depth.push(d),
    trades: (t) => got.trades.push(...t),
    history: (symbol, candles) => got.history.push({ symbol, candles }),
    error: (e) => got.errors.push(e),
  };
  const errorText = () => got.errors.map((e) => e.message).join('\n');
  return { got, sink, errorText };
}

let okx: OkxFakeServer;
let sources: OkxSource[] = [];

beforeEach(async () => {
  okx = await OkxFakeServer.start();
  sources = [];
});

afterEach(async () => {
  await Promise.all(sources.map((s) => s.stop()));
  await okx.close();
});

function source(options: Partial<OkxSourceOptions> = {}): OkxSource {
  const s = new OkxSource({ restUrl: okx.restUrl, wsUrl: okx.wsUrl, ...FAST, ...options });
  sources.push(s);
  return s;
}

const subscribedAll = (products: FeedProduct[]) => () =>
  products.every((p) => ['tickers', 'books5', 'trades'].every((c) => okx.isSubscribed(c, p.instId)));

describe('decimal strings', () => {
  it('cuts and pads prices without floats', () => {
    expect(fixDecimals('65000.15', 1)).toBe('65000.1');
    expect(fixDecimals('65000.19', 1)).toBe('65000.1');
    expect(fixDecimals('65000', 2)).toBe('65000.00');
    expect(fixDecimals('0.000123456789123456789', 18)).toBe('0.000123456789123456');
    expect(fixDecimals('007.5', 0)).toBe('7');
    expect(fixDecimals('0.1', 0)).toBe('0');
    expect(fixDecimals('9007199254740993.25', 1)).toBe('9007199254740993.2');
    for (const bad of ['1e5', '-1', ' 1', '', '1.', '.5', 'NaN', 5]) expect(fixDecimals(bad, 2)).toBeUndefined();
  });

  it('adds sizes exactly', () => {
    expect(addDecimals('1.5', '0.5')).toBe('2');
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('0.00000001', '3')).toBe('3.00000001');
    expect(addDecimals('10', '20')).toBe('30');
  });
});

describe('OkxSource', () => {
  it('back-fills confirmed candles oldest first and takes a first tick from the ticker', async () => {
    okx.setCandles('BTC-USDT', [
      okxCandle(T0 + 3 * MIN, '65003', '65003', '65003', '65003', '9', '0'), // still open: left out
      okxCandle(T0 + 2 * MIN, '65002.15', '65002.99', '65001', '65002', '0.3', '1', '19500.6'),
      okxCandle(T0, '65000', '65000.5', '64999.95', '65000.1', '0.1', '1', '6500'),
      okxCandle(T0 + MIN, '65001', '65001', '65001', '65001', '0.2', '1', '13000.2'),
    ]);
    okx.setTicker('BTC-USDT', { last: '65003.19', lastSz: '0.5', ts: String(T0 + 3 * MIN + 5_000) });
    okx.setTicker('ETH-USDT', { last: '3000.5', ts: String(T0 + 3 * MIN + 6_000) });
    const { got, sink, errorText } = recorder();
    await source({ log: pino({ level: 'silent' }) }).start([BTC, ETH], sink); // a pino / Fastify logger fits

    await waitFor(() => got.ticks.length >= 2, 'the first ticks');
    expect(got.history).toEqual([
      {
        symbol: 'BTCUSDT',
        candles: [
          {
            openTime: T0,
            open: '65000.0',
            high: '65000.5',
            low: '64999.9',
            close: '65000.1',
            volume: '0.1',
            turnover: '6500',
          },
          {
            openTime: T0 + MIN,
            open: '65001.0',
            high: '65001.0',
            low: '65001.0',
            close: '65001.0',
            volume: '0.2',
            turnover: '13000.2',
          },
          {
            openTime: T0 + 2 * MIN,
            open: '65002.1',
            high: '65002.9',
            low: '65001.0',
            close: '65002.0',
            volume: '0.3',
            turnover: '19500.6',
          },
        ],
      },
    ]); // ETH has no candles on the fake: no history call
    expect(got.ticks).toEqual([
      { symbol: 'BTCUSDT', ts: T0 + 3 * MIN + 5_000, price: '65003.1', size: '0', source: 'okx' },
      { symbol: 'ETHUSDT', ts: T0 + 3 * MIN + 6_000, price: '3000.50', size: '0', source: 'okx' },
    ]);
    const candleReq = okx.restRequests.find(
      (r) => r.path === '/api/v5/market/candles' && r.query.instId === 'BTC-USDT',
    );
    expect(candleReq?.query).toEqual({ instId: 'BTC-USDT', bar: '1m', limit: '300' });
    expect(errorText()).toBe('');
  });

  it('subscribes in one batch and maps tickers, books5 and trades; unknown instIds are ignored', async () => {
    const { got, sink, errorText } = recorder();
    await source().start([BTC, ETH], sink);
    await waitFor(subscribedAll([BTC, ETH]), 'subscriptions');
    expect(okx.subscribeBatches).toEqual([6]);

    // Pushes for an instrument we do not follow come first on the same socket; they must leave no trace.
    okx.pushRaw({
      arg: { channel: 'tickers', instId: 'DOGE-USDT' },
      data: [{ instId: 'DOGE-USDT', last: '0.1', ts: '1' }],
    });
    okx.pushRaw({
      arg: { channel: 'trades', instId: 'DOGE-USDT' },
      data: [{ tradeId: '9', px: '0.1', sz: '1', side: 'buy', ts: '1' }],
    });
    okx.pushTicker('BTC-USDT', { last: '65000.19', lastSz: '0.003', ts: String(T0 + 1) });
    okx.pushRaw({
      arg: { channel: 'tickers', instId: 'ETH-USDT' },
      data: [{ instId: 'ETH-USDT', last: '3000', ts: String(T0 + 2) }],
    });
    okx.pushBooks5('BTC-USDT', {
      ts: String(T0 + 3),
      bids: [
        ['65000.19', '1.5', '0', '3'],
        ['65000.11', '0.5', '0', '1'], // same price once cut to 1 decimal: merged
        ['64999.9', '2', '0', '1'],
      ],
      asks: [['65000.2', '1', '0', '1']],
    });
    okx.pushTrades('BTC-USDT', [
      { tradeId: '101', px: '65000.25', sz: '0.01', side: 'buy', ts: String(T0 + 4) },
      { tradeId: '102', px: '65000', sz: '0.02', side: 'sell', ts: String(T0 + 5) },
    ]);

    await waitFor(() => got.trades.length === 2, 'trades');
    expect(got.ticks).toEqual([
      { symbol: 'BTCUSDT', ts: T0 + 1, price: '65000.1', size: '0.003', source: 'okx' },
      { symbol: 'ETHUSDT', ts: T0 + 2, price: '3000.00', size: '0', source: 'okx' },
    ]);
    expect(got.depth).toEqual([
      {
        symbol: 'BTCUSDT',
        ts: T0 + 3,
        bids: [
          { price: '65000.1', size: '2' },
          { price: '64999.9', size: '2' },
        ],
        asks: [{ price: '65000.2', size: '1' }],
      },
    ]);
    expect(got.trades).toEqual([
      { symbol: 'BTCUSDT', id: '101', ts: T0 + 4, price: '65000.2', size: '0.01', side: 'buy' },
      { symbol: 'BTCUSDT', id: '102', ts: T0 + 5, price: '65000.0', size: '0.02', side: 'sell' },
    ]);
    expect(errorText()).toBe('');
  });

  it('sends subscriptions in batches of at most 100 args', async () => {
    const products = Array.from({ length: 40 }, (_, i) => ({
      symbol: `C${i}USDT`,
      instId: `C${i}-USDT`,
      pricePrecision: 2,
    }));
    const { sink } = recorder();
    await source().start(products, sink);
    await waitFor(subscribedAll(products), 'all 120 subscriptions');
    expect(okx.subscribeBatches).toEqual([100, 20]);
  });

  it('reports a REST answer whose code is not "0" and carries on, retrying the back-fill', async () => {
    okx.setCandles('BTC-USDT', [okxCandle(T0, '1', '1', '1', '1')]);
    okx.failRest({ times: 2 }); // {"code":"50011","msg":"Too Many Requests","data":[]} with HTTP 200
    const { got, sink, errorText } = recorder();
    await source().start([BTC], sink);

    await waitFor(() => got.history.length === 1, 'the retried back-fill');
    expect(errorText()).toMatch(/OKX GET \/api\/v5\/market\/candles\?instId=BTC-USDT.*: 50011 Too Many Requests/);
    expect(got.history[0]?.candles.map((c) => c.openTime)).toEqual([T0]);

    await waitFor(subscribedAll([BTC]), 'subscriptions');
    okx.pushTicker('BTC-USDT', { last: '65000', ts: String(T0 + 1) });
    await waitFor(() => got.ticks.length === 1, 'a tick after the REST errors');
  });

  it('reports HTTP errors and timeouts, then recovers', async () => {
    okx.setCandles('BTC-USDT', [okxCandle(T0, '1', '1', '1', '1')]);
    okx.failRest({ status: 500, code: '50001', msg: 'Service temporarily unavailable' });
    const { got, sink, errorText } = recorder();
    await source({ requestTimeoutMs: 150 }).start([BTC], sink);
    await waitFor(() => got.history.length === 1, 'the back-fill after an HTTP 500');
    expect(errorText()).toContain('HTTP 500 50001 Service temporarily unavailable');

    const { got: got2, sink: sink2, errorText: errorText2 } = recorder();
    okx.hangRest();
    await source({ requestTimeoutMs: 150 }).start([BTC], sink2);
    await waitFor(() => got2.errors.length > 0, 'a timeout');
    expect(errorText2()).toContain('timed out after 150 ms');
    okx.hangRest(false);
    await waitFor(() => got2.history.length === 1, 'the back-fill after the timeout');
  });

  it('reports an error event from the WebSocket and keeps going', async () => {
    const { got, sink, errorText } = recorder();
    await source().start([BTC], sink);
    await waitFor(subscribedAll([BTC]), 'subscriptions');
    okx.pushError('60012', 'Invalid request: {"op":"subscribe"}');
    okx.pushTicker('BTC-USDT', { last: '65000', ts: String(T0) });
    await waitFor(() => got.ticks.length === 1, 'a tick after the error event');
    expect(errorText()).toContain('OKX ws error event 60012: Invalid request: {"op":"subscribe"}');
    expect(okx.connections).toBe(1);
  });

  it('reconnects after a drop, re-subscribes, back-fills the gap and ticks flow again', async () => {
    okx.setCandles('BTC-USDT', [
      okxCandle(T0 - MIN, '1', '1', '1', '1'), // before the last tick seen: not asked for again
      okxCandle(T0, '2', '2', '2', '2'),
      okxCandle(T0 + MIN, '3', '3', '3', '3'),
      okxCandle(T0 + 2 * MIN, '4', '4', '4', '4', '1', '0'),
    ]);
    const { got, sink, errorText } = recorder();
    await source({ now: () => T0 + 2 * MIN + 30_000 }).start([BTC], sink);
    await waitFor(() => got.history.length === 1 && subscribedAll([BTC])(), 'back-fill and subscriptions');
    okx.pushTicker('BTC-USDT', { last: '65000', ts: String(T0 + 30_000) });
    await waitFor(() => got.ticks.length === 1, 'the first tick');

    const restBefore = okx.restRequests.length;
    expect(okx.dropAll()).toBe(1);
    await waitFor(() => okx.connections === 2 && subscribedAll([BTC])(), 're-subscription');
    expect(okx.subscriptions).toBe(6);
    okx.pushTicker('BTC-USDT', { last: '65100.55', ts: String(T0 + 3 * MIN) });
    await waitFor(() => got.ticks.length === 2, 'a tick after the reconnect');
    expect(got.ticks[1]).toMatchObject({ price: '65100.5', ts: T0 + 3 * MIN });

    await waitFor(() => got.history.length === 2, 'the gap back-fill');
    expect(okx.restRequests.slice(restBefore).filter((r) => r.path === '/api/v5/market/candles')).toEqual([
      { path: '/api/v5/market/candles', query: { instId: 'BTC-USDT', bar: '1m', limit: '4' } },
    ]);
    expect(got.history[1]?.candles.map((c) => c.openTime)).toEqual([T0, T0 + MIN]);
    expect(errorText()).toMatch(/OKX ws closed \(1006\); reconnecting in \d+ ms/);
  });

  it('pings while idle and reconnects when the connection goes silent', async () => {
    const { sink, errorText } = recorder();
    await source({ pingIntervalMs: 40, deadAfterMs: 300 }).start([BTC], sink);
    await waitFor(subscribedAll([BTC]), 'subscriptions');
    // Answered pings keep a quiet connection alive well past deadAfterMs.
    await waitFor(() => okx.pings >= 10, 'pings');
    expect(okx.connections).toBe(1);

    okx.mute();
    await waitFor(() => okx.connections === 2, 'a reconnect after silence');
    expect(errorText()).toMatch(/OKX ws silent for \d+ ms; reconnecting/);
  });

  it('stop() closes the connection, resolves, and no reconnect follows', async () => {
    const { got, sink } = recorder();
    const s = source();
    await s.start([BTC], sink);
    await waitFor(() => okx.openConnections === 1, 'a connection');
    await s.stop();
    await waitFor(() => okx.openConnections === 0, 'the server to see the close');
    await sleep(100); // > reconnectMaxMs: a reconnect would have happened by now
    expect(okx.connections).toBe(1);
    await s.stop(); // idempotent

    // Stopped while waiting to reconnect (100–200 ms after the drop): the pending reconnect is cancelled.
    const s2 = source({ reconnectMinMs: 200, reconnectMaxMs: 200 });
    await s2.start([ETH], sink);
    await waitFor(() => okx.openConnections === 1, 'a second connection');
    okx.dropAll();
    await waitFor(() => got.errors.some((e) => e.message.includes('reconnecting')), 'the drop to be seen');
    await s2.stop();
    const connections = okx.connections; // 2, unless a stalled test runner let the reconnect happen first
    await sleep(250);
    expect(okx.connections).toBe(connections);
    expect(okx.openConnections).toBe(0);
  });

  it('stop() while a REST request hangs resolves promptly and reports nothing', async () => {
    okx.hangRest();
    const { got, sink } = recorder();
    const s = source({ requestTimeoutMs: 5_000 });
    await s.start([BTC], sink);
    await waitFor(() => okx.restRequests.length === 1, 'a hanging REST request');
    const t = Date.now();
    await s.stop();
    expect(Date.now() - t).toBeLessThan(1_000);
    expect(got.errors).toEqual([]);
  });

  it('rejects a bad product list', async () => {
    const { sink } = recorder();
    await expect(source().start([BTC, { ...BTC, instId: 'X-USDT' }], sink)).rejects.toThrow(/duplicate/);
    await expect(source().start([{ ...BTC, pricePrecision: 1.5 }], sink)).rejects.toThrow(/pricePrecision/);
  });
});
