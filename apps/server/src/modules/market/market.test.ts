import type {
  KlineData,
  NoticeDetail,
  NoticeListData,
  OverviewData,
  ProductDownData,
  ProductInfo,
  ProductListData,
  TimeListData,
  VarietiesData,
} from '@nexa/contract';
import { LANGS, REACH } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.js';
import { ManualSource, type TestApp, call, createTestApp, registerUser, until } from '../../testing.js';
import { rollUp } from './candles.js';
import { type SimProduct, SimSource } from './feed/sim.js';
import { productName } from './service.js';

const BTC: SimProduct = {
  symbol: 'BTCUSDT',
  instId: 'BTC-USDT',
  pricePrecision: 2,
  startPrice: '67250.50',
  volatility: 0.6,
  sizePrecision: 5,
  turnoverPerSec: 15_000,
};
const XRP: SimProduct = { ...BTC, symbol: 'XRPUSDT', instId: 'XRP-USDT', pricePrecision: 4, startPrice: '0.6125' };

describe('simulated feed', () => {
  it('is deterministic under a seed and differs across seeds', () => {
    const run = (seed: string) => {
      const sim = new SimSource({ seed, products: [BTC, XRP] });
      return Array.from({ length: 300 }, (_, i) => [BTC, XRP].map((p) => sim.emit(p, i * 1000).tick.price)).flat();
    };
    const a = run('seed-1');
    expect(run('seed-1')).toEqual(a);
    expect(run('seed-2')).not.toEqual(a);
    // Prices move, at the product's precision, and stay positive.
    expect(new Set(a).size).toBeGreaterThan(100);
    expect(a.filter((_, i) => i % 2 === 1).every((p) => /^\d+\.\d{4}$/.test(p) && Number(p) > 0)).toBe(true);
  });

  it('makes a day of 1-minute history whose roll-ups agree with it', () => {
    const end = Date.UTC(2026, 10, 22, 12, 0, 0);
    const { candles, last } = SimSource.history('seed', BTC, end, 1440);
    expect(candles).toHaveLength(1440);
    expect(candles.at(-1)!.close).toBe(last);
    expect(candles[0]!.openTime).toBe(end - 1440 * 60_000);
    const again = SimSource.history('seed', BTC, end, 1440);
    expect(again.candles).toEqual(candles);
    const hours = rollUp(candles).get('1h')!;
    expect(hours).toHaveLength(24);
    const firstHour = candles.slice(0, 60);
    expect(hours[0]).toMatchObject({
      open: firstHour[0]!.open,
      close: firstHour[59]!.close,
      high: firstHour.reduce((m, c) => (Number(c.high) > Number(m) ? c.high : m), firstHour[0]!.high),
      low: firstHour.reduce((m, c) => (Number(c.low) < Number(m) ? c.low : m), firstHour[0]!.low),
    });
  });
});

describe('market calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ market: { ...baseMarket(), historyHours: 2 } });
  });
  afterAll(() => t?.close());

  it('lists 40+ products across crypto, forex and metals, filtered by category and keyword', async () => {
    const all = await call<ProductListData>(t.app, 'product/getProductList');
    expect(all.data.list.length).toBeGreaterThanOrEqual(40);
    const first = all.data.list[0]!;
    expect(first).toMatchObject({ symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', category: 'crypto' });
    expect(first.price).toMatch(/^\d+\.\d{2}$/);
    const forex = await call<ProductListData>(t.app, 'product/getProductList', { category: 'forex' });
    expect(forex.data.list.map((p) => p.category)).toEqual(forex.data.list.map(() => 'forex'));
    expect(forex.data.list.length).toBeGreaterThanOrEqual(6);
    const kw = await call<ProductListData>(t.app, 'product/getProductList', { keyword: 'btc' });
    expect(kw.data.list.map((p) => p.symbol)).toEqual(['BTCUSDT']);
    const byName = await call<ProductListData>(t.app, 'product/getProductList', { keyword: 'gold' });
    expect(byName.data.list.map((p) => p.symbol)).toEqual(['XAUUSD']);
    const v = await call<VarietiesData>(t.app, 'index/varieties');
    expect(v.data.list.reduce((n, c) => n + c.count, 0)).toBe(all.data.list.length);
    const bad = await call(t.app, 'product/getProductList', { category: 'stocks' });
    expect(bad).toMatchObject({ code: 400, data: { fields: [{ field: 'category' }] } });
  });

  it("names products in the caller's language, English for an unknown one, and finds them by either name", async () => {
    const named = async (lang: string) => {
      const list = await call<ProductListData>(t.app, 'product/getProductList', {}, { lang });
      return Object.fromEntries(list.data.list.map((p) => [p.symbol, p.name]));
    };
    const [ar, jp, en, unknown] = await Promise.all([named('ar'), named('jp'), named('en'), named('xx')]);
    expect(ar).toMatchObject({ BTCUSDT: 'بيتكوين', XAUUSD: 'ذهب / دولار أمريكي', EURUSD: 'يورو / دولار أمريكي' });
    expect(jp).toMatchObject({ BTCUSDT: 'ビットコイン', XAUUSD: '金/米ドル' });
    expect(en).toMatchObject({ BTCUSDT: 'Bitcoin', XAUUSD: 'Gold / US Dollar' });
    expect(unknown).toEqual(en);
    // Every seeded product has a name in every language.
    const missing = await queryRows<{ symbol: string }>(
      t.database.db,
      sql`SELECT symbol FROM products p, jsonb_array_elements_text(${JSON.stringify(LANGS)}::jsonb) AS l(lang)
          WHERE NOT p.names ? l.lang`,
    );
    expect(missing).toEqual([]);
    // The symbol stays a symbol; the other screens that name a product read the same names.
    const info = await call<ProductInfo>(t.app, 'product/getProductInfo', { symbol: 'XAUUSD' }, { lang: 'de' });
    expect(info.data).toMatchObject({ symbol: 'XAUUSD', base: 'XAU', quote: 'USD', name: 'Gold / US-Dollar' });
    const overview = await call<OverviewData>(t.app, 'index/overview', {}, { lang: 'kr' });
    expect(overview.data.turnover.find((p) => p.symbol === 'BTCUSDT')?.name).toBe('비트코인');
    // A search finds a product by its name in the reader's language as well as by the English one.
    const search = async (keyword: string, lang: string) =>
      (await call<ProductListData>(t.app, 'product/getProductList', { keyword }, { lang })).data.list.map(
        (p) => p.symbol,
      );
    await expect(search('ذهب', 'ar')).resolves.toEqual(['XAUUSD']);
    await expect(search('gold', 'ar')).resolves.toEqual(['XAUUSD']);
  });

  it('falls back to the English name for a language a product has no name in', () => {
    const added = { name: 'Nexa Coin', names: { en: 'Nexa Coin', zh: 'Nexa 币' } };
    expect(productName(added, 'zh')).toBe('Nexa 币');
    expect(productName(added, 'ar')).toBe('Nexa Coin');
    expect(productName({ name: 'Nexa Coin', names: {} }, 'jp')).toBe('Nexa Coin');
  });

  it('describes a product with its periods and perpetual settings; an unknown one is 404', async () => {
    const info = await call<ProductInfo>(t.app, 'product/getProductInfo', { symbol: 'ethusdt' });
    expect(info.data).toMatchObject({
      symbol: 'ETHUSDT',
      enabled: true,
      perpetual: { maxLeverage: 100, feeRate: '0.0005' },
    });
    expect(info.data.periods.map((p) => p.seconds)).toEqual([30, 60, 180, 300, 600]);
    const periods = await call<TimeListData>(t.app, 'index/timeList', { symbol: 'ETHUSDT' });
    expect(periods.data.list[0]).toEqual({ seconds: 30, yield: '0.8', minStake: '10', maxStake: '5000' });
    expect((await call(t.app, 'product/getProductInfo', { symbol: 'NOPEUSDT' })).code).toBe(404);
  });

  it('pages candles back in time without gaps or overlaps', async () => {
    const first = await call<KlineData>(t.app, 'product/getKline', { symbol: 'BTCUSDT', interval: '1m', limit: 50 });
    expect(first.data.list).toHaveLength(50);
    const seen = [...first.data.list];
    let end = first.data.list[0]!.openTime;
    for (;;) {
      const page = await call<KlineData>(t.app, 'product/getKline', {
        symbol: 'BTCUSDT',
        interval: '1m',
        limit: 50,
        end,
      });
      if (page.data.list.length === 0) break;
      expect(page.data.list.at(-1)!.openTime).toBe(end - 60_000);
      seen.unshift(...page.data.list);
      end = page.data.list[0]!.openTime;
    }
    expect(seen.length).toBe(120);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.openTime - seen[i - 1]!.openTime).toBe(60_000);
    const hour = await call<KlineData>(t.app, 'product/getKline', { symbol: 'BTCUSDT', interval: '1h', limit: 5 });
    expect(hour.data.list.length).toBeGreaterThanOrEqual(2);
    const viaGet = await t.app.inject({
      method: 'GET',
      url: '/api/product/getKline?symbol=BTCUSDT&interval=5m&limit=3',
    });
    expect(viaGet.json().data.list).toHaveLength(3);
    expect((await call(t.app, 'product/getKline', { symbol: 'BTCUSDT', interval: '2m' })).code).toBe(400);
    expect((await call(t.app, 'product/getKline', { symbol: 'BTCUSDT', limit: 5000 })).code).toBe(400);
  });

  it('ranks gainers, losers and turnover', async () => {
    const o = await call<OverviewData>(t.app, 'index/overview');
    const changes = o.data.gainers.map((p) => Number(p.change));
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    // Gainers only up, losers only down (most first); every product in turnover.
    expect(changes.every((c) => c > 0)).toBe(true);
    const losses = o.data.losers.map((p) => Number(p.change));
    expect(losses.every((c) => c < 0)).toBe(true);
    expect(losses).toEqual([...losses].sort((a, b) => a - b));
    const turnovers = o.data.turnover.map((p) => Number(p.turnover));
    expect(turnovers).toEqual([...turnovers].sort((a, b) => b - a));
    expect(o.data.turnover.length).toBeGreaterThanOrEqual(40);
  });

  it('serves the carousel, notices in the caller language with an English fallback, and platform info', async () => {
    const carousel = await call<{ list: { title: string }[] }>(t.app, 'index/carouselList', {}, { lang: 'zh' });
    expect(carousel.data.list.length).toBeGreaterThan(0);
    expect(carousel.data.list[0]!.title).toMatch(/[\u4e00-\u9fff]/);
    const list = await call<NoticeListData>(t.app, 'index/getList', { type: 'notice', page: 1, pageSize: 2 });
    expect(list.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    // The pinned welcome first (migration 0018), then the newest.
    expect(list.data.list.map((n) => n.title)).toEqual(['Welcome to Nexa', 'New products listed']);
    const de = await call<NoticeListData>(t.app, 'index/getList', { type: 'notice' }, { lang: 'de' });
    expect(de.data.list[1]!.title).toBe('Neue Produkte gelistet');
    // What the platform ships with reads in every language; what an operator wrote in English only falls back to it.
    const missing = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id::text AS id FROM notices n, jsonb_array_elements_text(${JSON.stringify(LANGS)}::jsonb) AS l(lang)
          WHERE NOT n.title ? l.lang OR NOT n.body ? l.lang
          UNION ALL
          SELECT id::text FROM carousel c, jsonb_array_elements_text(${JSON.stringify(LANGS)}::jsonb) AS l(lang) WHERE NOT c.title ? l.lang`,
    );
    expect(missing).toEqual([]);
    await t.database.db.execute(
      sql`INSERT INTO notices (type, title, body) VALUES ('notice', '{"en": "English only"}', '{"en": "Body"}')`,
    );
    const ar = await call<NoticeListData>(t.app, 'index/getList', { type: 'notice' }, { lang: 'ar' });
    expect(ar.data.list[1]!.title).toBe('English only');
    expect(ar.data.list[2]!.title).toBe('إدراج منتجات جديدة');
    const detail = await call<NoticeDetail>(t.app, 'index/noticeDetail', { id: list.data.list[1]!.id }, { lang: 'zh' });
    expect(detail.data.title).toBe('新品种上线');
    expect((await call(t.app, 'index/noticeDetail', { id: '999999' })).code).toBe(404);
    const info = await call<{ productCount: number; countryCount: number }>(t.app, 'index/info');
    expect(info.data.productCount).toBeGreaterThanOrEqual(40);
    // The texts' figure ("130+ countries"), from the one source the screens use too.
    expect(info.data.countryCount).toBe(REACH.countries);
  });
});

describe('live data from the feed', () => {
  let t: TestApp;
  const source = new ManualSource();
  beforeAll(async () => {
    t = await createTestApp({ market: { ...baseMarket(), feed: true } }, { priceSource: source });
  });
  afterAll(() => t?.close());

  it('stores every tick and builds 1-minute candles equal to an aggregation of the stored ticks', async () => {
    const start = Date.UTC(2030, 0, 1, 0, 0, 0);
    const prices = ['100.00', '101.50', '99.25', '100.75', '102.00', '98.50', '99.99', '103.10', '100.01'];
    for (let i = 0; i < 200; i++) {
      source.ticks([
        { symbol: 'SOLUSDT', ts: start + i * 1000, price: prices[i % prices.length]!, size: `${(i % 7) + 1}.25` },
      ]);
    }
    await until(() => t.app.market.latestTick('SOLUSDT')?.ts === start + 199_000);
    await t.app.market.flush();
    const fromTicks = await queryRows<Record<string, string>>(
      t.database.db,
      sql`SELECT (ts_ms / 60000) * 60000 AS open_time,
                 trim_scale((array_agg(price ORDER BY ts_ms))[1])::text AS open,
                 trim_scale(max(price))::text AS high, trim_scale(min(price))::text AS low,
                 trim_scale((array_agg(price ORDER BY ts_ms DESC))[1])::text AS close,
                 trim_scale(sum(size))::text AS volume, trim_scale(sum(price * size))::text AS turnover
          FROM ticks WHERE symbol = 'SOLUSDT' AND ts_ms >= ${start} GROUP BY 1 ORDER BY 1`,
    );
    const klines = await queryRows<Record<string, string>>(
      t.database.db,
      sql`SELECT open_time, trim_scale(open)::text AS open, trim_scale(high)::text AS high, trim_scale(low)::text AS low,
                 trim_scale(close)::text AS close, trim_scale(volume)::text AS volume, trim_scale(turnover)::text AS turnover
          FROM klines WHERE symbol = 'SOLUSDT' AND interval = '1m' AND open_time >= ${start} ORDER BY open_time`,
    );
    expect(fromTicks).toHaveLength(4);
    expect(klines.map((k) => ({ ...k, open_time: Number(k.open_time) }))).toEqual(
      fromTicks.map((k) => ({ ...k, open_time: Number(k.open_time) })),
    );
    const stored = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ticks WHERE symbol = 'SOLUSDT' AND ts_ms >= ${start}`,
    );
    expect(stored[0]!.n).toBe(200);
    // The settlement reads: the latest tick at or before each time, and the newest stored tick.
    const exits = await t.app.market.ticksAtOrBefore([
      { symbol: 'SOLUSDT', at: start + 10_500 },
      { symbol: 'SOLUSDT', at: start + 10_000 },
      { symbol: 'SOLUSDT', at: start - 1 },
    ]);
    expect([...exits]).toEqual([
      [`SOLUSDT@${start + 10_500}`, { ts: start + 10_000, price: '101.50', source: 'manual' }],
      [`SOLUSDT@${start + 10_000}`, { ts: start + 10_000, price: '101.50', source: 'manual' }],
    ]);
    expect((await t.app.market.lastStoredTicks(['SOLUSDT', 'NOPEUSDT'])).get('SOLUSDT')).toBe(start + 199_000);
  });

  it('updates the 24-hour ticker and serves the book and latest trades', async () => {
    const ts = Date.UTC(2030, 0, 2);
    source.ticks([{ symbol: 'ADAUSDT', ts, price: '0.5000', size: '10' }]);
    source.depth({
      symbol: 'ADAUSDT',
      ts,
      bids: [{ price: '0.4999', size: '100' }],
      asks: [{ price: '0.5001', size: '90' }],
    });
    source.trades([{ symbol: 'ADAUSDT', id: 't1', ts, price: '0.5000', size: '10', side: 'buy' }]);
    await until(() => t.app.market.trades('ADAUSDT').length > 0);
    const list = await call<ProductListData>(t.app, 'product/getProductList', { keyword: 'ADA' });
    expect(list.data.list[0]).toMatchObject({ symbol: 'ADAUSDT', price: '0.5000', ts });
    const down = await call<ProductDownData>(t.app, 'product/getProductDown', { symbol: 'ADAUSDT' });
    expect(down.data.depth.bids).toEqual([{ price: '0.4999', size: '100' }]);
    expect(down.data.trades).toEqual([{ id: 't1', ts, price: '0.5000', size: '10', side: 'buy' }]);
  });
});

function baseMarket() {
  return { source: 'sim' as const, seed: 'test', feed: false, historyHours: 0, tickRetentionMs: 86_400_000 };
}

describe('the simulated tape', () => {
  it('reads like a real one: uneven sizes adding up to the tick, prices within the move, side with the move', () => {
    const sim = new SimSource({ seed: 'tape', products: [BTC, XRP] });
    let seconds = 0;
    let varied = 0;
    const sides = new Set<string>();
    for (const p of [BTC, XRP]) {
      let prev: string | undefined;
      for (let i = 0; i < 200; i++) {
        const { tick, trades } = sim.emit(p, 1_000_000 + i * 1000);
        const scale = 10 ** p.sizePrecision;
        const units = trades.reduce((a, t) => a + Math.round(Number(t.size) * scale), 0);
        expect(units).toBe(Math.round(Number(tick.size) * scale));
        expect(trades.at(-1)!.price).toBe(tick.price);
        const lo = Math.min(Number(prev ?? tick.price), Number(tick.price));
        const hi = Math.max(Number(prev ?? tick.price), Number(tick.price));
        for (const t of trades) {
          expect(Number(t.price)).toBeGreaterThanOrEqual(lo);
          expect(Number(t.price)).toBeLessThanOrEqual(hi);
          expect(t.ts).toBeGreaterThan(1_000_000 + i * 1000 - 1000);
          expect(t.ts).toBeLessThanOrEqual(tick.ts);
          sides.add(t.side);
        }
        if (prev && Number(tick.price) > Number(prev) && trades.length === 1) expect(trades[0]!.side).toBe('buy');
        if (trades.length > 1) {
          seconds++;
          if (new Set(trades.map((t) => t.size)).size > 1) varied++;
        }
        prev = tick.price;
      }
    }
    expect(sides).toEqual(new Set(['buy', 'sell']));
    // Seconds with several trades split the volume unevenly, not into equal slices at one price.
    expect(varied / seconds).toBeGreaterThan(0.9);
  });
});
