import { CATEGORIES, KLINE_INTERVALS, type Lang } from '@nexa/contract';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { Router } from '../../platform/http.js';
import type { ChannelPolicy, WsHub, WsSession } from '../../platform/ws-hub.js';
import type { Candle, KlineInterval } from './feed/types.js';
import { rankings } from './rankings.js';
import type { Product } from './repository.js';
import { marketRepository as repo } from './repository.js';
import { type MarketService, displayCandle } from './service.js';

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());

/** The catalogue and its quotes (spec §3): products, periods, candles, book and trades, the day's movers. */
export function registerMarketRoutes(r: Router, market: MarketService) {
  const known = (symbol: string) => {
    const p = market.product(symbol);
    if (!p) throw notFound();
    return p;
  };
  r.handle('index/varieties', async () => ({
    list: CATEGORIES.map((category) => ({ category, count: market.summaries({ category }).length })),
  }));
  r.handle('product/getProductList', async (body, ctx) => ({
    list: market.summaries({ category: body.category, keyword: body.keyword }, ctx.lang),
  }));
  r.handle('product/getProductInfo', async (body, ctx) => {
    known(body.symbol);
    return market.info(body.symbol, ctx.lang)!;
  });
  r.handle('index/timeList', async (body) => {
    known(body.symbol);
    return { symbol: body.symbol, list: market.periodsOf(body.symbol) };
  });
  r.handle('product/getKline', async (body) => {
    known(body.symbol);
    return {
      symbol: body.symbol,
      interval: body.interval,
      list: await market.candles(body.symbol, body.interval, body.limit, body.end),
    };
  });
  r.handle('product/getProductDown', async (body) => {
    known(body.symbol);
    const { ts, bids, asks } = market.depth(body.symbol);
    return {
      symbol: body.symbol,
      depth: { ts, bids, asks },
      trades: market.trades(body.symbol).map(({ symbol: _s, ...t }) => t),
    };
  });
  r.handle('index/overview', async (_b, ctx) => rankings(market.summaries({}, ctx.lang)));
}

const CHANNEL = /^(kline|depth|trades):([A-Z0-9]+)(?::(\w+))?$/;

/** What may be subscribed, how updates merge, and the snapshot a subscriber starts from. */
export function marketChannels(
  market: MarketService,
  authenticate: (token: string) => Promise<WsSession | null>,
  replay?: ChannelPolicy['replay'],
  liveSessions?: ChannelPolicy['liveSessions'],
): ChannelPolicy {
  return {
    accepts(channel) {
      if (channel === 'tickers' || channel === 'user') return true;
      const m = CHANNEL.exec(channel);
      if (!m || !market.product(m[2]!)) return false;
      return m[1] !== 'kline' || (KLINE_INTERVALS as readonly string[]).includes(m[3] ?? '');
    },
    merge(channel) {
      if (channel === 'tickers') return { kind: 'keyed', key: (t) => (t as { symbol: string }).symbol };
      if (channel.startsWith('trades:')) return { kind: 'append', max: 50 };
      if (channel === 'user') return { kind: 'append', max: 100 };
      return { kind: 'latest' };
    },
    snapshot(channel) {
      if (channel === 'tickers') return market.tickers();
      const m = CHANNEL.exec(channel);
      if (!m) return undefined;
      const symbol = m[2]!;
      if (m[1] === 'kline') return market.liveCandle(symbol, m[3] as KlineInterval);
      if (m[1] === 'depth') {
        const { ts, bids, asks } = market.depth(symbol);
        return { ts, bids, asks };
      }
      return market.trades(symbol).map(({ symbol: _s, ...t }) => t);
    },
    authenticate,
    ...(replay ? { replay } : {}),
    ...(liveSessions ? { liveSessions } : {}),
  };
}

/** Live market events onto the socket channels. */
export function wireMarketToHub(market: MarketService, hub: WsHub) {
  market.events.on('ticker', (t) => hub.publish('tickers', t));
  market.events.on('candle', (p: Product, interval: string, c: Candle) => {
    const channel = `kline:${p.symbol}:${interval}`;
    if (hub.hasSubscribers(channel)) hub.publish(channel, displayCandle(p, c));
  });
  market.events.on('depth', ({ symbol, ts, bids, asks }) => hub.publish(`depth:${symbol}`, { ts, bids, asks }));
  market.events.on('trades', (symbol: string, trades: { symbol: string }[]) =>
    hub.publish(
      `trades:${symbol}`,
      trades.map(({ symbol: _s, ...t }) => t),
    ),
  );
}
