import { z } from 'zod';
import { AccountMode, EpochMs, Page, pageOf } from './common.js';
import { CopyRecord, FollowPlan, PlanIdBody, PlanStatus, Uid, WinRateData } from './copy.js';
import { def } from './define.js';
import { RebateProduct, RebateRecord, TeamCounts, TeamMember } from './referral.js';

/**
 * The operator's side of copy trading and the invitation programme (issue 17): plans and their followers, leaders'
 * figures, rebate records with their totals, and a user's place in the invitation tree. Read only; operators see
 * users by uid and login, unmasked.
 */

/** A user as operators see them: the console links to the user's page by `userId`. */
export const OperatorUserRef = z.object({
  userId: z.string(),
  uid: z.number().int(),
  /** E-mail, or `+<area code> <number>`. */
  login: z.string(),
});
export type OperatorUserRef = z.infer<typeof OperatorUserRef>;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const AdminCopyPlansBody = Page.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.preprocess(blank, PlanStatus.optional()),
  mode: z.preprocess(blank, AccountMode.optional()),
  leaderUid: z.preprocess(blank, Uid.optional()),
});
export type AdminCopyPlansBody = z.infer<typeof AdminCopyPlansBody>;

export const AdminCopyPlan = FollowPlan.extend({ leaderUser: OperatorUserRef });
export type AdminCopyPlan = z.infer<typeof AdminCopyPlan>;

export const AdminCopyFollower = CopyRecord.omit({ plan: true, quote: true }).extend({ user: OperatorUserRef });
export type AdminCopyFollower = z.infer<typeof AdminCopyFollower>;

export const AdminCopyPlanData = z.object({ plan: AdminCopyPlan, followers: z.array(AdminCopyFollower) });
export type AdminCopyPlanData = z.infer<typeof AdminCopyPlanData>;

export const AdminCopyLeadersBody = Page.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  mode: AccountMode.default('real'),
});
export type AdminCopyLeadersBody = z.infer<typeof AdminCopyLeadersBody>;

/** A leader's figures as `order/getWinRate` gives them, with the user unmasked and what operators add. */
export const AdminCopyLeader = WinRateData.omit({ uid: true, nickname: true }).extend({
  user: OperatorUserRef,
  /** Profit shares the leader has been paid. */
  profitShares: z.string(),
  lastPublishedAt: EpochMs,
});
export type AdminCopyLeader = z.infer<typeof AdminCopyLeader>;

export const AdminRebatesBody = Page.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  start: EpochMs.optional(),
  end: EpochMs.optional(),
  earnerUid: z.preprocess(blank, Uid.optional()),
  product: z.preprocess(blank, RebateProduct.optional()),
}).refine((b) => b.start === undefined || b.end === undefined || b.start <= b.end, {
  path: ['end'],
  message: 'invalid',
});
export type AdminRebatesBody = z.infer<typeof AdminRebatesBody>;

/** A rebate record as its earner sees it, with both users unmasked and the ledger transfer that paid it. */
export const AdminRebate = RebateRecord.omit({ sourceUid: true }).extend({
  earner: OperatorUserRef,
  sourceUser: OperatorUserRef,
  transferId: z.string(),
});
export type AdminRebate = z.infer<typeof AdminRebate>;

/** The page, and over every record the filter selects: their number and sum. */
export const AdminRebatesData = pageOf(AdminRebate).extend({
  totals: z.object({ count: z.number().int(), amount: z.string() }),
});
export type AdminRebatesData = z.infer<typeof AdminRebatesData>;

export const AdminTeamTreeBody = Page.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  uid: Uid,
  depth: z.coerce.number().int().min(1).max(3).default(1),
});
export type AdminTeamTreeBody = z.infer<typeof AdminTeamTreeBody>;

export const AdminTeamMember = TeamMember.omit({ nickname: true, uid: true }).extend(OperatorUserRef.shape);
export type AdminTeamMember = z.infer<typeof AdminTeamMember>;

export const AdminTeamTreeData = pageOf(AdminTeamMember).extend({
  user: AdminTeamMember.omit({ depth: true }),
  /** The user's inviter (depth 1), its inviter (2) and the next (3): who earns from the user's trading. */
  uplines: z.array(OperatorUserRef.extend({ depth: z.number().int() })),
  counts: TeamCounts,
  totalIncome: z.string(),
});
export type AdminTeamTreeData = z.infer<typeof AdminTeamTreeData>;

export const oversightApi = {
  'admin/copyPlans': def(true, 'operator', AdminCopyPlansBody, pageOf(AdminCopyPlan)),
  'admin/copyPlan': def(true, 'operator', PlanIdBody, AdminCopyPlanData),
  'admin/copyLeaders': def(true, 'operator', AdminCopyLeadersBody, pageOf(AdminCopyLeader)),
  'admin/rebates': def(true, 'operator', AdminRebatesBody, AdminRebatesData),
  'admin/teamTree': def(true, 'operator', AdminTeamTreeBody, AdminTeamTreeData),
};

/** A user's login as operators see it: the e-mail, else `+<area code> <number>`. */
export function operatorUserRef(u: {
  id: string;
  uid: string | number;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
}): OperatorUserRef {
  const login = u.email ?? (u.mobile ? `+${u.areaCode ?? ''} ${u.mobile}` : '');
  return { userId: u.id, uid: Number(u.uid), login };
}
