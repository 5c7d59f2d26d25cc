import { z } from 'zod';
import { EpochMs, Page, freeText, pageOf } from './common.js';
import { def } from './define.js';
import { Amount } from './wallets.js';

/**
 * The invitation and rebate programme (issue 15; spec §2 share/invite, §3, §6). A user who trades with real money
 * earns their inviter (depth 1), the inviter's inviter (depth 2) and the next one up (depth 3) a share of the
 * platform's revenue from that trading: of perpetual fees, and a per-mille turnover share of settled delivery and
 * copy stakes. The rates depend on the earner's team level LV1–LV6, which counts their qualified subordinates.
 */
export const REFERRAL_DEPTHS = [1, 2, 3] as const;
export const TEAM_LEVELS = [1, 2, 3, 4, 5, 6] as const;
/** The currency rebates are paid in (every source's revenue is in USDT). */
export const REBATE_CURRENCY = 'USDT';

/** What a rebate is a share of: a perpetual fee, or the stake of a settled delivery or copy order. */
export const RebateProduct = z.enum(['perpetual', 'delivery', 'copy']);
export type RebateProduct = z.infer<typeof RebateProduct>;
/** Perpetual earns a share of its fee; delivery and copy a per-mille of the stake (turnover). */
export const REBATE_BASE: Record<RebateProduct, 'fee' | 'turnover'> = {
  perpetual: 'fee',
  delivery: 'turnover',
  copy: 'turnover',
};

/** A rate as a fraction (0.1 = 10 %, 0.001 = 1 ‰), at most 6 decimals, 0 to 1. */
export const Rate = z
  .string()
  .trim()
  .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/);
export type Rate = z.infer<typeof Rate>;

const Count = z.coerce.number().int().min(0).max(1_000_000);
const RateTriple = z.tuple([Rate, Rate, Rate]);

/** One team level: the qualified subordinates it takes, and its rates per depth (1, 2, 3). */
export const LevelRule = z.object({
  level: z.coerce.number().int().min(1).max(6),
  needDirect: Count,
  needSecond: Count,
  /** Shares of a perpetual fee, per depth. */
  feeRates: RateTriple,
  /** Shares of a settled delivery or copy stake, per depth. */
  turnoverRates: RateTriple,
});
export type LevelRule = z.infer<typeof LevelRule>;

/** The programme's table: what qualifies a subordinate, and the six levels. */
export const ReferralTable = z.object({
  /** An approved deposit of at least this much (USDT) is one half of qualifying; identity verification the other. */
  minDeposit: Amount,
  levels: z.array(LevelRule).length(6),
});
export type ReferralTable = z.infer<typeof ReferralTable>;

export const NextLevel = z.object({
  level: z.number().int(),
  needDirect: z.number().int(),
  needSecond: z.number().int(),
  haveDirect: z.number().int(),
  haveSecond: z.number().int(),
});
export type NextLevel = z.infer<typeof NextLevel>;

/** A user's team: members at each depth, and the qualified ones that count towards the team level. */
export const TeamCounts = z.object({
  l1: z.number().int(),
  l2: z.number().int(),
  l3: z.number().int(),
  qualifiedL1: z.number().int(),
  qualifiedL2: z.number().int(),
});

export const ShareInviteData = z.object({
  inviteCode: z.string(),
  /** Opens registration with the code filled in; relative to the site (the app prefixes its origin). */
  link: z.string(),
  level: z.number().int(),
  nextLevel: NextLevel.nullable(),
  counts: TeamCounts,
  /** USDT, all rebates received. */
  totalIncome: z.string(),
  /** USDT, rebates received since 00:00 UTC. */
  todayIncome: z.string(),
});
export type ShareInviteData = z.infer<typeof ShareInviteData>;

export const TeamListBody = Page.extend({
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  depth: z.coerce.number().int().min(1).max(3).default(1),
});
export type TeamListBody = z.infer<typeof TeamListBody>;

export const TeamMember = z.object({
  /** The member's e-mail or phone, masked. */
  nickname: z.string(),
  uid: z.number().int(),
  invitedAt: EpochMs,
  /** 1 to 3: the programme pays three levels up (its tiers' names, `referral.counts.l1`–`l3` in the app). */
  depth: z.number().int().min(1).max(3),
  level: z.number().int(),
  qualified: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMember>;
export const TeamListData = pageOf(TeamMember);
export type TeamListData = z.infer<typeof TeamListData>;

export const RebateRecordsBody = Page.extend({
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  start: EpochMs.optional(),
  end: EpochMs.optional(),
}).refine((b) => b.start === undefined || b.end === undefined || b.start <= b.end, {
  path: ['end'],
  message: 'invalid',
});
export type RebateRecordsBody = z.infer<typeof RebateRecordsBody>;

export const RebateRecord = z.object({
  id: z.string(),
  /** The trading user: UID, and the login masked (as the team list and copy trading show a user). */
  sourceUid: z.number().int(),
  sourceUser: z.string(),
  depth: z.number().int().min(1).max(3),
  product: RebateProduct,
  /** The fee or stake the rebate is a share of. */
  baseAmount: z.string(),
  rate: z.string(),
  rebate: z.string(),
  currency: z.string(),
  /** The earner's team level the rate was taken from. */
  level: z.number().int(),
  createdAt: EpochMs,
});
export type RebateRecord = z.infer<typeof RebateRecord>;
export const RebateRecordsData = pageOf(RebateRecord);
export type RebateRecordsData = z.infer<typeof RebateRecordsData>;

export const RebateRulesData = ReferralTable.extend({
  currency: z.string(),
  /** When the table in force took effect. */
  effectiveAt: EpochMs,
  /** Product names in the caller's language. */
  products: z.array(z.object({ product: RebateProduct, name: z.string(), base: z.enum(['fee', 'turnover']) })),
});
export type RebateRulesData = z.infer<typeof RebateRulesData>;

export const referralApi = {
  'user/getShareInviteLink': def(true, true, z.object({}).passthrough(), ShareInviteData),
  'user/userlist': def(true, true, TeamListBody, TeamListData),
  'user/rebateRecords': def(true, true, RebateRecordsBody, RebateRecordsData),
  'index/rebateRules': def(true, false, z.object({}).passthrough(), RebateRulesData),
};

/** The operator side: read and change the table (a change applies from then on, audited). */
export const ReferralTableVersion = ReferralTable.extend({
  version: z.number().int(),
  effectiveAt: EpochMs,
});
export type ReferralTableVersion = z.infer<typeof ReferralTableVersion>;

export const SetReferralTableBody = ReferralTable.extend({ reason: freeText(500).optional() });
export type SetReferralTableBody = z.infer<typeof SetReferralTableBody>;

export const referralAdminApi = {
  'admin/referralTable': def(true, 'operator', z.object({}).passthrough(), ReferralTableVersion),
  'admin/setReferralTable': def(false, 'operator', SetReferralTableBody, ReferralTableVersion),
};
