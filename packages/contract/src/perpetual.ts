import { z } from 'zod';
import { AccountMode, EpochMs, Page, optionalBlank, pageOf } from './common.js';
import { def } from './define.js';
import { ProductSymbol } from './market.js';
import { Amount, RequestId } from './wallets.js';

/**
 * Perpetual contracts (spec §2 Perpetual, §3, §4, §9; ARCHITECTURE §4): USDT-margined, isolated margin per
 * position in the perpetual wallet of the current account mode.
 *
 * The arithmetic (notional, margin, fees, PnL, margin ratio, liquidation price, close settlement,
 * with their rounding) is @nexa/rules' perpetual.ts, the one copy the server charges with and the web previews with.
 */
export const PositionSide = z.enum(['long', 'short']);
export type PositionSide = z.infer<typeof PositionSide>;
export const PerpOrderType = z.enum(['market', 'limit']);
export type PerpOrderType = z.infer<typeof PerpOrderType>;

export const DEFAULT_LEVERAGE = 10;

/** A price: positive decimal, scale checked against the product by the server. */
export const Price = z
  .string()
  .trim()
  .regex(/^(0|[1-9]\d{0,14})(\.\d{1,12})?$/);
/** Lots: a positive integer count. */
export const Lots = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,8}$/);

export const PerpCreateOrderBody = z
  .object({
    symbol: ProductSymbol,
    side: PositionSide,
    type: PerpOrderType,
    /** Limit orders only. */
    price: optionalBlank(Price),
    quantity: Lots,
    leverage: z.coerce.number().int().min(1).max(200).default(DEFAULT_LEVERAGE),
    tpPrice: optionalBlank(Price),
    slPrice: optionalBlank(Price),
    requestId: RequestId,
  })
  .superRefine((v, ctx) => {
    if (v.type === 'limit' && !v.price) ctx.addIssue({ code: 'custom', path: ['price'], message: 'required' });
  });
export type PerpCreateOrderBody = z.infer<typeof PerpCreateOrderBody>;

/** Spec §3 perpetual order. Market orders fill at once; limit orders rest (status pending) until crossed. */
export const PerpOrderStatus = z.enum(['pending', 'filled', 'cancelled', 'rejected']);
export type PerpOrderStatus = z.infer<typeof PerpOrderStatus>;
export const PerpOrder = z.object({
  id: z.string(),
  mode: AccountMode,
  symbol: z.string(),
  side: PositionSide,
  type: PerpOrderType,
  /** An opening order opens a position of its own (isolated); closing orders come from close/TP/SL/liquidation. */
  intent: z.enum(['open', 'close']),
  /** Limit price (null for market). */
  price: z.string().nullable(),
  quantity: z.string(),
  filledQuantity: z.string(),
  leverage: z.number().int(),
  /** Held while pending (margin + open fee). */
  frozenMargin: z.string(),
  /** The open fee: charged when filled, held while pending, 0.00 once cancelled or rejected (it came back). */
  fee: z.string(),
  /** The fill price (null until filled). */
  fillPrice: z.string().nullable(),
  tpPrice: z.string().nullable(),
  slPrice: z.string().nullable(),
  status: PerpOrderStatus,
  positionId: z.string().nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type PerpOrder = z.infer<typeof PerpOrder>;

export const PerpPositionStatus = z.enum(['open', 'closed', 'liquidated']);
export type PerpPositionStatus = z.infer<typeof PerpPositionStatus>;
export const PerpPosition = z.object({
  id: z.string(),
  mode: AccountMode,
  symbol: z.string(),
  side: PositionSide,
  /** Lots open now. */
  quantity: z.string(),
  contractSize: z.string(),
  leverage: z.number().int(),
  entryPrice: z.string(),
  margin: z.string(),
  /** The price the figures below were computed at. */
  markPrice: z.string(),
  unrealizedPnl: z.string(),
  /** Percent, e.g. "87.5". */
  marginRatio: z.string(),
  liquidationPrice: z.string(),
  tpPrice: z.string().nullable(),
  slPrice: z.string().nullable(),
  /** 'closed' or 'liquidated' only in the live event that ends it; PositionOrders lists open ones. */
  status: PerpPositionStatus,
  openedAt: EpochMs,
  /**
   * Rises with every change of the position (TP/SL, margin, a partial close). A client keeps the highest it has
   * seen: a live push computed just before a change can arrive after the change's own answer.
   */
  version: z.number().int(),
});
export type PerpPosition = z.infer<typeof PerpPosition>;

export const PositionOrdersBody = z.object({ symbol: optionalBlank(ProductSymbol) });
export const PositionOrdersData = z.object({
  list: z.array(PerpPosition),
  /** The perpetual wallet of the current mode, with the spec's margin figures. */
  account: z.object({
    balance: z.string(),
    positionMargin: z.string(),
    frozenMargin: z.string(),
    available: z.string(),
    unrealizedPnl: z.string(),
  }),
});
export type PositionOrdersData = z.infer<typeof PositionOrdersData>;

export const AddMarginBody = z.object({ positionId: z.string().min(1).max(40), amount: Amount, requestId: RequestId });
export const SetTakeStopBody = z.object({
  positionId: z.string().min(1).max(40),
  /** Blank clears it. */
  tpPrice: optionalBlank(Price),
  slPrice: optionalBlank(Price),
  /** A change whose answer was lost is looked up by it (index/moneyCallOutcome), as every money call's. */
  requestId: RequestId,
});
export const ClosePositionBody = z.object({
  positionId: z.string().min(1).max(40),
  /** Lots to close; absent closes all of it. */
  quantity: optionalBlank(Lots),
  requestId: RequestId,
});
export const CloseAllBody = z.object({ symbol: optionalBlank(ProductSymbol), requestId: RequestId });
export const CancelPerpOrderBody = z.object({ orderId: z.string().min(1).max(40), requestId: RequestId });

/** A fill: opening, closing (by the user, TP, SL) or liquidation. */
export const PerpTrade = z.object({
  id: z.string(),
  mode: AccountMode,
  orderId: z.string(),
  positionId: z.string(),
  symbol: z.string(),
  side: PositionSide,
  action: z.enum(['open', 'close', 'tp', 'sl', 'liquidation']),
  price: z.string(),
  quantity: z.string(),
  fee: z.string(),
  /** Realised on closing fills; "0" on opening ones. */
  realizedPnl: z.string(),
  createdAt: EpochMs,
});
export type PerpTrade = z.infer<typeof PerpTrade>;

export const PerpHistoryBody = Page.extend({ symbol: optionalBlank(ProductSymbol) });
export const PerpOrdersData = pageOf(PerpOrder);
export const PerpTradesData = pageOf(PerpTrade);
export const CloseAllData = z.object({ closed: z.array(PerpTrade) });

export const PerpDescData = z.object({
  defaultLeverage: z.number().int(),
  /** Rules text per section, in the caller's language. */
  sections: z.array(z.object({ title: z.string(), body: z.string() })),
});
export type PerpDescData = z.infer<typeof PerpDescData>;

export const perpetualApi = {
  'Sustainable/createOrder': def(false, true, PerpCreateOrderBody, PerpOrder),
  'Sustainable/PositionOrders': def(true, true, PositionOrdersBody, PositionOrdersData),
  'Sustainable/addMargin': def(false, true, AddMarginBody, PerpPosition),
  'Sustainable/setTakeStopPrice': def(false, true, SetTakeStopBody, PerpPosition),
  'Sustainable/closePosition': def(false, true, ClosePositionBody, PerpTrade),
  'Sustainable/closeAllPosition': def(false, true, CloseAllBody, CloseAllData),
  'Sustainable/currentEntrust': def(true, true, PositionOrdersBody, z.object({ list: z.array(PerpOrder) })),
  'Sustainable/historyEntrust': def(true, true, PerpHistoryBody, PerpOrdersData),
  'Sustainable/historyTrades': def(true, true, PerpHistoryBody, PerpTradesData),
  'Sustainable/cancelDeliveryOrder': def(false, true, CancelPerpOrderBody, PerpOrder),
  'Sustainable/deliveryDesc': def(true, false, z.object({}).passthrough(), PerpDescData),
} as const;
