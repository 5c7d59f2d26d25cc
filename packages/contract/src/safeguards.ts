import { z } from 'zod';
import { EpochMs } from './common.js';
import { def } from './define.js';
import { Amount } from './wallets.js';

/**
 * Responsible trading (issue 13 §2): limits a user sets on their real account. Stake limits count what delivery
 * (and copy) orders put at stake in the UTC day or month; loss limits count the net loss settled in the window plus
 * every stake still at risk, so an order that could take the loss past the limit is refused before it is placed.
 */
export const TradingLimitKind = z.enum(['dailyStake', 'monthlyStake', 'dailyLoss', 'monthlyLoss']);
export type TradingLimitKind = z.infer<typeof TradingLimitKind>;
export const TRADING_LIMIT_KINDS = TradingLimitKind.options;

/** A break from trading: a cool-off of 1 day to 6 weeks, or a self-exclusion of 6 months to 5 years. */
export const TradingBreakKind = z.enum(['coolOff', 'selfExclusion']);
export type TradingBreakKind = z.infer<typeof TradingBreakKind>;
export const TRADING_BREAK_RANGE = {
  coolOff: { unit: 'day', min: 1, max: 42 },
  selfExclusion: { unit: 'month', min: 6, max: 60 },
} as const satisfies Record<TradingBreakKind, { unit: 'day' | 'month'; min: number; max: number }>;

/** Raising or removing a limit takes effect only after this long; lowering one at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

export const TradingLimitView = z.object({
  kind: TradingLimitKind,
  /** The limit in force now (USDT); null: none. */
  amount: z.string().nullable(),
  /** What the window has used up (USDT): stake placed, or net loss plus stakes at risk. */
  used: z.string(),
  /** A raise or removal waiting for its 24 h. */
  pending: z.object({ amount: z.string().nullable(), effectiveAt: EpochMs }).nullable(),
});
export type TradingLimitView = z.infer<typeof TradingLimitView>;

export const TradingBreakView = z.object({ kind: TradingBreakKind, until: EpochMs });
export type TradingBreakView = z.infer<typeof TradingBreakView>;

export const TradingLimitsData = z.object({
  limits: z.array(TradingLimitView),
  /** The break in force, if any: no new order on the real account until it ends. */
  break: TradingBreakView.nullable(),
});
export type TradingLimitsData = z.infer<typeof TradingLimitsData>;

export const SetTradingLimitBody = z.object({
  kind: TradingLimitKind,
  /** The new limit in USDT; null removes it (after 24 h). */
  amount: Amount.nullable(),
});
export type SetTradingLimitBody = z.infer<typeof SetTradingLimitBody>;

export const TakeTradingBreakBody = z
  .object({ kind: TradingBreakKind, length: z.coerce.number().int() })
  .superRefine((v, ctx) => {
    const r = TRADING_BREAK_RANGE[v.kind];
    if (v.length < r.min || v.length > r.max) ctx.addIssue({ code: 'custom', path: ['length'], message: 'invalid' });
  });
export type TakeTradingBreakBody = z.infer<typeof TakeTradingBreakBody>;

export const safeguardsApi = {
  'user/getTradingLimits': def(true, true, z.object({}), TradingLimitsData),
  'user/setTradingLimit': def(false, true, SetTradingLimitBody, TradingLimitsData),
  'user/takeTradingBreak': def(false, true, TakeTradingBreakBody, TradingLimitsData),
};
