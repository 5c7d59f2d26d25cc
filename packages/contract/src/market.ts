import { z } from 'zod';
import { EpochMs, Page, freeText, pageOf } from './common.js';

export const CATEGORIES = ['crypto', 'forex', 'metal'] as const;
export const Category = z.enum(CATEGORIES);
export type Category = z.infer<typeof Category>;

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export const KlineInterval = z.enum(KLINE_INTERVALS);
export type KlineInterval = z.infer<typeof KlineInterval>;

export const ProductSymbol = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,20}$/);

/** A product's live 24-hour figures; prices at the product's precision, change in percent. */
export const Ticker = z.object({
  symbol: z.string(),
  price: z.string(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  /** (price − open) / open × 100, 2 decimals. */
  change: z.string(),
  volume: z.string(),
  turnover: z.string(),
  ts: EpochMs,
});
export type Ticker = z.infer<typeof Ticker>;

export const ProductSummary = Ticker.extend({
  base: z.string(),
  quote: z.string(),
  name: z.string(),
  category: Category,
  pricePrecision: z.number().int(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const DeliveryPeriod = z.object({
  seconds: z.number().int(),
  /** Profit rate on a win, e.g. "0.85": a winning stake of 100 returns 185. */
  yield: z.string(),
  minStake: z.string(),
  maxStake: z.string(),
});
export type DeliveryPeriod = z.infer<typeof DeliveryPeriod>;

export const PerpetualSettings = z.object({
  /** Base units per lot. */
  contractSize: z.string(),
  maxLeverage: z.number().int(),
  /** Fee rate on notional, e.g. "0.0005". */
  feeRate: z.string(),
});
export type PerpetualSettings = z.infer<typeof PerpetualSettings>;

export const ProductInfo = ProductSummary.extend({
  enabled: z.boolean(),
  sizePrecision: z.number().int(),
  periods: z.array(DeliveryPeriod),
  perpetual: PerpetualSettings,
});
export type ProductInfo = z.infer<typeof ProductInfo>;

export const VarietiesData = z.object({ list: z.array(z.object({ category: Category, count: z.number().int() })) });
export type VarietiesData = z.infer<typeof VarietiesData>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const ProductListBody = z.object({
  category: z.preprocess(blankToUndefined, Category.optional()),
  keyword: z.preprocess(blankToUndefined, freeText(20).optional()),
});
export const ProductListData = z.object({ list: z.array(ProductSummary) });
export type ProductListData = z.infer<typeof ProductListData>;

export const SymbolBody = z.object({ symbol: ProductSymbol });

export const TimeListData = z.object({ symbol: z.string(), list: z.array(DeliveryPeriod) });
export type TimeListData = z.infer<typeof TimeListData>;

export const Candle = z.object({
  openTime: EpochMs,
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  volume: z.string(),
  turnover: z.string(),
});
export type Candle = z.infer<typeof Candle>;

export const KLINE_LIMIT_MAX = 1000;
export const KlineBody = z.object({
  symbol: ProductSymbol,
  interval: KlineInterval.default('1m'),
  limit: z.coerce.number().int().min(1).max(KLINE_LIMIT_MAX).default(300),
  /** Only candles that open before this time (epoch ms): page back with the oldest openTime seen. */
  end: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).optional()),
});
export const KlineData = z.object({ symbol: z.string(), interval: KlineInterval, list: z.array(Candle) });
export type KlineData = z.infer<typeof KlineData>;

export const BookLevel = z.object({ price: z.string(), size: z.string() });
export const Depth = z.object({ ts: EpochMs, bids: z.array(BookLevel), asks: z.array(BookLevel) });
export type Depth = z.infer<typeof Depth>;
export const Trade = z.object({
  id: z.string(),
  ts: EpochMs,
  price: z.string(),
  size: z.string(),
  side: z.enum(['buy', 'sell']),
});
export type Trade = z.infer<typeof Trade>;
export const ProductDownData = z.object({ symbol: z.string(), depth: Depth, trades: z.array(Trade) });
export type ProductDownData = z.infer<typeof ProductDownData>;

export const OverviewData = z.object({
  gainers: z.array(ProductSummary),
  losers: z.array(ProductSummary),
  turnover: z.array(ProductSummary),
});
export type OverviewData = z.infer<typeof OverviewData>;

export const CarouselData = z.object({
  list: z.array(z.object({ id: z.string(), title: z.string(), image: z.string(), link: z.string() })),
});
export type CarouselData = z.infer<typeof CarouselData>;

export const NOTICE_TYPES = ['notice', 'news', 'help'] as const;
export const NoticeType = z.enum(NOTICE_TYPES);
export const NoticeListBody = Page.extend({ type: NoticeType.default('notice') });
export const NoticeSummary = z.object({
  id: z.string(),
  type: NoticeType,
  title: z.string(),
  summary: z.string(),
  /** Pinned announcements are listed first. */
  pinned: z.boolean(),
  createdAt: EpochMs,
});
export const NoticeListData = pageOf(NoticeSummary);
export type NoticeListData = z.infer<typeof NoticeListData>;
export const NoticeDetailBody = z.object({ id: z.string().regex(/^\d{1,18}$/) });
export const NoticeDetail = NoticeSummary.extend({ body: z.string() });
export type NoticeDetail = z.infer<typeof NoticeDetail>;

export const InfoData = z.object({
  name: z.string(),
  productCount: z.number().int(),
  countryCount: z.number().int(),
  supportEmail: z.string(),
  marketSource: z.string(),
  /** Products on offer per market category (crypto, forex, metal), from the catalogue. */
  categories: z.array(z.object({ category: z.string(), count: z.number().int().nonnegative() })),
  /** Interface languages. */
  languageCount: z.number().int(),
});
export type InfoData = z.infer<typeof InfoData>;

/** WebSocket /api/ws (ARCHITECTURE §4). */
export const WS_CHANNEL_PATTERN =
  /^(tickers|user|kline:[A-Z0-9]{2,20}:(1m|5m|15m|30m|1h|4h|1d)|depth:[A-Z0-9]{2,20}|trades:[A-Z0-9]{2,20})$/;
export const WsChannel = z.string().regex(WS_CHANNEL_PATTERN);
export const WS_MAX_CHANNELS = 50;
export const WsClientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('subscribe'),
    channels: z.array(WsChannel).min(1).max(WS_MAX_CHANNELS),
    /**
     * With `user`: the last user-event number this client saw (`UserFrame.seq`). The server first sends what
     * came after it, or `{op:'resync'}` when it no longer has all of it (the client then reads its lists again).
     */
    since: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  z.object({ op: z.literal('unsubscribe'), channels: z.array(WsChannel).min(1).max(WS_MAX_CHANNELS) }),
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ op: z.literal('ping') }),
]);
export type WsClientMessage = z.infer<typeof WsClientMessage>;
/** Every data frame: `seq` rises by one per frame on a channel of one connection; a jump means frames were skipped. */
export interface WsFrame<T = unknown> {
  channel: string;
  seq: number;
  ts: number;
  data: T;
}
/**
 * Replies to ops: {op:'subscribed'|'unsubscribed'|'authed'|'pong'|'error', ...}; `revoked` is unasked: the login
 * session the socket authenticated with was revoked or expired, so its `user` subscription ended. `resync` answers
 * a `subscribe user` whose `since` the server can no longer replay from: the client reads its lists again.
 */
export interface WsReply {
  op: 'subscribed' | 'unsubscribed' | 'authed' | 'pong' | 'error' | 'revoked' | 'resync';
  channels?: string[];
  msg?: string;
}
