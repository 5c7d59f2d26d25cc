import { z } from 'zod';
import { AccountMode, EpochMs, Page, PublicUser, freeText, pageOf } from './common.js';
import { def } from './define.js';
import { Direction, PriceTick } from './delivery.js';
import { ProductSymbol } from './market.js';
import { Amount, RequestId } from './wallets.js';

/**
 * Copy trading (issue 14; spec §1, §2 delivery tabs "Invited me" and "Follow plan", §3 follow plan, §7 order calls).
 * A leader publishes a follow plan on a delivery product; invited users confirm a copy (their stake held from the
 * copy-trading wallet); at the order time the leader's and every confirmed follower's delivery orders are placed at
 * one entry tick, and settle by the delivery rule. Amounts are USDT decimal strings; percentages are decimal strings
 * in percent ("12.5" is 12.5 %).
 */

/** How far ahead an order time may be (ms): at least 60 s, at most 7 days. */
export const COPY_ORDER_TIME = { minAheadMs: 60_000, maxAheadMs: 7 * 24 * 60 * 60 * 1000 } as const;
/** Users invited in one call. */
export const COPY_MAX_INVITEES = 50;
/**
 * The highest profit-share cap operators may set (percent), also the cap of a fresh platform; the cap in force is
 * the `copy` setting (admin/updateSetting), shown to users in `order/getCopySettings`.
 */
export const COPY_MAX_PROFIT_SHARE_CAP = '10';

/** A public user id (the `uid` of `user/getUserinfo`). */
export const Uid = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A percentage in (0, 100]. */
export const Percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/)
  .refine((v) => Number(v) > 0 && Number(v) <= 100, { message: 'invalid' });

/** A percentage in [0, 100] (a profit share may be 0). */
const PercentOrZero = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/)
  .refine((v) => Number(v) <= 100, { message: 'invalid' });

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * The followers' stake: a fixed amount, or a percentage of the follower's copy-trading wallet (available) rounded
 * down to the cent; either is then kept within [min, max] when they are given (a percentage below `min` stakes
 * `min`, above `max` stakes `max`). A fixed amount must itself lie within [min, max]. The product period's stake
 * bounds apply as to any delivery order. Shapes are checked here; how the fields relate (min ≤ max, a fixed amount
 * within them) is `conditionProblems` of @nexa/rules, which the server and the form both apply.
 */
export const CopyCondition = z
  .object({
    type: z.enum(['fixed', 'percent']),
    value: z.string().trim(),
    min: z.preprocess(blankToUndefined, Amount.optional()),
    max: z.preprocess(blankToUndefined, Amount.optional()),
  })
  .superRefine((c, ctx) => {
    const ok = c.type === 'fixed' ? Amount.safeParse(c.value).success : Percent.safeParse(c.value).success;
    if (!ok || /^[0.]+$/.test(c.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'invalid' });
  });
export type CopyCondition = z.infer<typeof CopyCondition>;

export const PLAN_STATUSES = ['open', 'placed', 'settled', 'cancelled', 'refunded'] as const;
/**
 * open: before the order time (confirmations, withdrawals, cancellation); placed: the orders are open; settled: the
 * leader's order settled; cancelled: the leader cancelled it; refunded: it could not be placed (every hold released).
 */
export const PlanStatus = z.enum(PLAN_STATUSES);
export type PlanStatus = z.infer<typeof PlanStatus>;

export const FOLLOW_STATES = [
  'invited',
  'confirmed',
  'withdrawn',
  'placed',
  'won',
  'lost',
  'draw',
  'refunded',
  'expired',
  'cancelled',
] as const;
/**
 * An invitee's state: invited (not confirmed), confirmed (stake held), withdrawn (confirmation taken back), placed
 * (the copy's order is open), won/lost/draw (settled), refunded (the hold or stake came back: see `refundReason`),
 * expired (never confirmed before the order time), cancelled (the leader cancelled the plan; any hold released).
 */
export const FollowState = z.enum(FOLLOW_STATES);
export type FollowState = z.infer<typeof FollowState>;

/** Why a copy's money came back without a result. */
export const CopyRefundReason = z.enum([
  /** No fresh price at the order time. */
  'marketUnavailable',
  /** The product or its period was withdrawn before the order time. */
  'productUnavailable',
  /** The delivery settlement refunded the order (no price after its expiry). */
  'settlementRefund',
]);
export type CopyRefundReason = z.infer<typeof CopyRefundReason>;

export const FollowPlan = z.object({
  id: z.string(),
  leader: PublicUser,
  mode: AccountMode,
  title: z.string(),
  symbol: z.string(),
  direction: Direction,
  /** The purchase duration: one of the product's delivery periods. */
  seconds: z.number().int(),
  /** When the orders are placed. */
  orderTime: EpochMs,
  condition: z.object({
    type: z.enum(['fixed', 'percent']),
    value: z.string(),
    min: z.string().nullable(),
    max: z.string().nullable(),
  }),
  /** The leader's own stake (spec: order amount). */
  amount: z.string(),
  /** Percent of each follower's profit on a won copy paid to the leader at settlement. */
  profitSharePct: z.string(),
  status: PlanStatus,
  /** The leader's order's result once settled. */
  result: z.enum(['won', 'lost', 'draw', 'refunded']).nullable(),
  refundReason: CopyRefundReason.nullable(),
  /** The one entry tick of every order of the plan, once placed. */
  entry: PriceTick.nullable(),
  exit: PriceTick.nullable(),
  invitees: z.number().int(),
  /** Followers whose copy is confirmed or placed (spec: number of followers). */
  followers: z.number().int(),
  /** The followers' stakes together (held or placed). */
  followersAmount: z.string(),
  /** The leader's stake plus the followers' (spec: total order amount). */
  totalOrderAmount: z.string(),
  /** The leader's order, once placed. */
  orderId: z.string().nullable(),
  /** Publish time. */
  createdAt: EpochMs,
});
export type FollowPlan = z.infer<typeof FollowPlan>;

/** An invitation as the invitee sees it (Invited me, copy history). */
export const CopyRecord = z.object({
  plan: FollowPlan,
  state: FollowState,
  /** The stake held or placed; null while only invited (see `quote`). */
  stake: z.string().nullable(),
  /** What confirming now would hold (the condition applied to the copy-trading wallet); null once not open. */
  quote: z.string().nullable(),
  /** The wallet a copy draws on and is paid back to. */
  wallet: z.literal('copy'),
  /** Stake plus profit (before the share) on a win, the stake on a draw or refund, 0 on a loss; null until settled. */
  payout: z.string().nullable(),
  /** payout − stake − profit share, once settled. */
  profit: z.string().nullable(),
  /** The profit share paid to the leader (0 unless won). */
  profitShare: z.string().nullable(),
  refundReason: CopyRefundReason.nullable(),
  /** Confirmed by the follower's auto-follow of this leader (not by hand). */
  auto: z.boolean(),
  orderId: z.string().nullable(),
  invitedAt: EpochMs,
  confirmedAt: EpochMs.nullable(),
});
export type CopyRecord = z.infer<typeof CopyRecord>;

export const CreateFollowPlanBody = z.object({
  title: freeText(60, { min: 1 }),
  symbol: ProductSymbol,
  direction: Direction,
  seconds: z.coerce.number().int().min(1).max(86_400),
  /** Epoch ms: at least 60 s and at most 7 days ahead (checked against the server's clock). */
  orderTime: z.coerce.number().int().positive(),
  condition: CopyCondition,
  /** The leader's own stake, held from the delivery wallet at once. */
  amount: Amount,
  invitees: z.array(Uid).max(COPY_MAX_INVITEES).default([]),
  profitSharePct: z.preprocess(blankToUndefined, PercentOrZero.optional()),
  requestId: RequestId,
});
export type CreateFollowPlanBody = z.infer<typeof CreateFollowPlanBody>;

export const PlanIdBody = z.object({ planId: z.string().regex(/^\d{1,18}$/) });
export const PlanMoneyBody = PlanIdBody.extend({ requestId: RequestId });
export const InviteFollowBody = PlanIdBody.extend({ uids: z.array(Uid).min(1).max(COPY_MAX_INVITEES) });

export const FollowPlansData = pageOf(FollowPlan);
export type FollowPlansData = z.infer<typeof FollowPlansData>;
export const CopyRecordsData = pageOf(CopyRecord);
export type CopyRecordsData = z.infer<typeof CopyRecordsData>;

export const WinRateBody = z.object({ uid: z.preprocess(blankToUndefined, Uid.optional()) });
export const WinRateData = z.object({
  uid: z.number().int(),
  nickname: z.string(),
  /** Plans published (not counting cancelled ones). */
  publications: z.number().int(),
  settled: z.number().int(),
  won: z.number().int(),
  /** won ÷ settled in percent, two decimals ("66.67"); null before any plan settled. */
  winRate: z.string().nullable(),
  /**
   * Distinct users whose copy is held (confirmed) or placed on the leader's open, placed or settled plans: each
   * plan's `followers`, counted once per user. Cancelled and refunded plans count in neither total.
   */
  totalFollowers: z.number().int(),
  /** The `totalOrderAmount` of those plans summed: the leader's own stakes and those copies' stakes. */
  totalOrderAmount: z.string(),
});
export type WinRateData = z.infer<typeof WinRateData>;

/** One window of a leader profile, from settled plans only (the leader's own order). */
export const LeaderWindow = z.object({
  days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  settled: z.number().int(),
  won: z.number().int(),
  winRate: z.string().nullable(),
  /** Net profit of the leader's orders ÷ their stakes, in percent, two decimals; null before any plan settled. */
  roi: z.string().nullable(),
  /** The leader's net profit in the window. */
  pnl: z.string(),
});
export type LeaderWindow = z.infer<typeof LeaderWindow>;

export const LeaderProfileData = z.object({
  leader: PublicUser,
  windows: z.array(LeaderWindow),
  publications: z.number().int(),
  /** As in WinRateData: distinct users with a copy held or placed on the leader's open, placed or settled plans. */
  totalFollowers: z.number().int(),
  /** Users auto-following this leader now. */
  autoFollowers: z.number().int(),
  /** Longest run of lost plans in a row, over all settled plans. */
  worstLosingStreak: z.number().int(),
  /** The leader's latest plans (newest first, at most 10). */
  recentPlans: z.array(FollowPlan),
  /** Whether the caller auto-follows this leader. */
  autoFollowedByMe: z.boolean(),
});
export type LeaderProfileData = z.infer<typeof LeaderProfileData>;

/** The follower's own controls (beyond the spec). null: no limit. Per user, counted in the current account mode. */
export const CopySettingsBody = z.object({
  maxStakePerCopy: Amount.nullable(),
  maxDailyStake: Amount.nullable(),
  /** New confirmations stop once today's net copy loss reaches this (UTC day). */
  stopLossDaily: Amount.nullable(),
  /** The same over the ISO week (Monday 00:00 UTC). */
  stopLossWeekly: Amount.nullable(),
});
export type CopySettingsBody = z.infer<typeof CopySettingsBody>;

export const CopySettingsData = CopySettingsBody.extend({
  /** Copy stakes confirmed today (held or placed). */
  stakedToday: z.string(),
  /** Net copy loss settled today and this week (0 when in profit). */
  lossToday: z.string(),
  lossThisWeek: z.string(),
  /** A stop is in force: new confirmations are refused. */
  stopped: z.boolean(),
  /** The most a leader may ask of a follower's profit (percent), as operators set it now. */
  profitShareCapPct: z.string(),
});
export type CopySettingsData = z.infer<typeof CopySettingsData>;

export const AutoFollowBody = z.object({ uid: Uid, enabled: z.boolean() });
export const AutoFollowItem = z.object({ leader: PublicUser, since: EpochMs });
export const AutoFollowsData = z.object({ list: z.array(AutoFollowItem) });
export type AutoFollowsData = z.infer<typeof AutoFollowsData>;

export const UidBody = z.object({ uid: Uid });

export const copyApi = {
  'order/createOrder': def(false, true, CreateFollowPlanBody, FollowPlan),
  'order/inviteFollow': def(false, true, InviteFollowBody, FollowPlan),
  'order/myInvitedFollows': def(true, true, Page, CopyRecordsData),
  'order/checkFollowOrder': def(false, true, PlanMoneyBody, CopyRecord),
  'order/cancelFollow': def(false, true, PlanMoneyBody, CopyRecord),
  'order/cancelPlan': def(false, true, PlanMoneyBody, FollowPlan),
  'order/followOrders': def(true, true, Page, FollowPlansData),
  'order/invitedHistory': def(true, true, Page, CopyRecordsData),
  'order/getWinRate': def(true, true, WinRateBody, WinRateData),
  'order/followPlan': def(true, true, PlanIdBody, FollowPlan),
  'order/leaderProfile': def(true, true, UidBody, LeaderProfileData),
  'order/getCopySettings': def(true, true, z.object({}), CopySettingsData),
  'order/setCopySettings': def(false, true, CopySettingsBody, CopySettingsData),
  'order/autoFollow': def(false, true, AutoFollowBody, AutoFollowsData),
  'order/autoFollows': def(true, true, z.object({}), AutoFollowsData),
  'user/lookupUid': def(true, true, UidBody, PublicUser),
};

/** The `user` channel events of copy trading (joined to UserEvent in events.ts). */
export const CopyUserEvents = [
  /** I was invited to a plan (or it was auto-confirmed for me: see `record.auto`). */
  z.object({ type: z.literal('copy.invited'), record: CopyRecord }),
  /** To the leader: a follower confirmed or withdrew; the plan's figures after it. */
  z.object({
    type: z.literal('copy.follower'),
    action: z.enum(['confirmed', 'withdrawn']),
    follower: PublicUser,
    plan: FollowPlan,
  }),
  /** To the leader (`record` null) and each follower: the plan's orders were placed, or it was refunded. */
  z.object({ type: z.literal('copy.placed'), plan: FollowPlan, record: CopyRecord.nullable() }),
  /** To the leader (`record` null) and each follower: the plan settled. */
  z.object({ type: z.literal('copy.settled'), plan: FollowPlan, record: CopyRecord.nullable() }),
  /** To each follower: the leader cancelled the plan (their hold released). */
  z.object({ type: z.literal('copy.cancelled'), plan: FollowPlan, record: CopyRecord }),
] as const;
