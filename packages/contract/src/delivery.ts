import { z } from 'zod';
import { EpochMs, Page, PublicUser, pageOf } from './common.js';
import { ProductSymbol } from './market.js';
import { Amount, RequestId } from './wallets.js';

export const Direction = z.enum(['call', 'put']);
export type Direction = z.infer<typeof Direction>;

/**
 * Delivery order statuses, mapped to the spec's (§4): scheduled (order pending: will open later, cancellable),
 * open (order pending), settling (closing in progress), won (closed, drawn), lost (closed, not drawn), draw and
 * refunded (closed, stake returned), cancelled.
 */
export const DELIVERY_STATUSES = [
  'scheduled',
  'open',
  'settling',
  'won',
  'lost',
  'draw',
  'refunded',
  'cancelled',
] as const;
export const DeliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const PriceTick = z.object({ price: z.string(), ts: EpochMs, source: z.string() });
export type PriceTick = z.infer<typeof PriceTick>;

/**
 * The copy-trading plan an order belongs to (issue 14): `follower` — the order copies the plan (its stake came from
 * the copy-trading wallet and a won copy pays the leader `profitSharePct` of its profit); `leader` — the plan's own
 * order. null on an order of one's own.
 */
export const DeliveryOrderCopy = z.object({
  role: z.enum(['follower', 'leader']),
  planId: z.string(),
  title: z.string(),
  leader: PublicUser,
  profitSharePct: z.string(),
  /**
   * Once settled, as booked in the settlement's transaction: the follower's share paid to the leader (0 unless
   * won); on the leader's order, the shares its followers paid. null before.
   */
  profitShare: z.string().nullable(),
});
export type DeliveryOrderCopy = z.infer<typeof DeliveryOrderCopy>;

export const DeliveryOrder = z.object({
  id: z.string(),
  mode: z.enum(['real', 'demo']),
  symbol: z.string(),
  direction: Direction,
  seconds: z.number().int(),
  /** The stake. */
  amount: z.string(),
  yield: z.string(),
  /** amount × yield: what a win adds to the stake; on a copy, less the leader's profit share. */
  expectedProfit: z.string(),
  status: DeliveryStatus,
  entry: PriceTick.nullable(),
  exit: PriceTick.nullable(),
  /** What came back to the wallet: stake + profit on a win, the stake on a draw or refund, 0 on a loss. */
  payout: z.string().nullable(),
  /**
   * What the order added to the wallet once settled: payout − amount, and on a copy also − the profit share paid to
   * the leader (the figure the copy history and the wallet's change log show).
   */
  profit: z.string().nullable(),
  openAt: EpochMs,
  expiresAt: EpochMs,
  settledAt: EpochMs.nullable(),
  createdAt: EpochMs,
  /** Answers and journaled events stored before copies were marked lack it: read as an order of one's own. */
  copy: DeliveryOrderCopy.nullable().default(null),
});
export type DeliveryOrder = z.infer<typeof DeliveryOrder>;

export const CreateDeliveryOrderBody = z.object({
  symbol: ProductSymbol,
  direction: Direction,
  seconds: z.coerce.number().int().min(1).max(86_400),
  amount: Amount,
  requestId: RequestId,
});
export type CreateDeliveryOrderBody = z.infer<typeof CreateDeliveryOrderBody>;

export const DeliveryOrdersData = z.object({ list: z.array(DeliveryOrder) });
export type DeliveryOrdersData = z.infer<typeof DeliveryOrdersData>;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
export const HistoryOrdersBody = Page.extend({
  symbol: z.preprocess(blank, ProductSymbol.optional()),
  start: z.preprocess(blank, z.coerce.number().int().min(0).optional()),
  end: z.preprocess(blank, z.coerce.number().int().min(0).optional()),
});
export const HistoryOrdersData = pageOf(DeliveryOrder);
export type HistoryOrdersData = z.infer<typeof HistoryOrdersData>;

export const OrderIdBody = z.object({ id: z.string().regex(/^\d{1,18}$/) });

export const OrderCountdownData = z.object({
  id: z.string(),
  status: DeliveryStatus,
  now: EpochMs,
  expiresAt: EpochMs,
  remainingMs: z.number().int(),
  entryPrice: z.string().nullable(),
  /** The latest price now, to show the live outcome. */
  currentPrice: z.string().nullable(),
});
export type OrderCountdownData = z.infer<typeof OrderCountdownData>;

export const DeliveryDescData = z.object({ title: z.string(), paragraphs: z.array(z.string()) });
export type DeliveryDescData = z.infer<typeof DeliveryDescData>;
