import type { Router } from '../../platform/http.js';
import { actorOf } from '../../platform/money-call.js';
import type { CopyReads } from './reads.js';
import type { CopyPlans } from './service.js';

export function registerCopyRoutes(r: Router, plans: CopyPlans, reads: CopyReads, lookupPerIpPerMinute: number) {
  r.handle('order/createOrder', (body, ctx) => plans.create(actorOf(ctx.user), body));
  r.handle('order/inviteFollow', (body, ctx) => plans.invite(actorOf(ctx.user), body.planId, body.uids));
  r.handle('order/checkFollowOrder', (body, ctx) => plans.confirm(actorOf(ctx.user), body.planId, body.requestId));
  r.handle('order/cancelFollow', (body, ctx) => plans.withdraw(actorOf(ctx.user), body.planId, body.requestId));
  r.handle('order/cancelPlan', (body, ctx) => plans.cancel(actorOf(ctx.user), body.planId, body.requestId));
  r.handle('order/myInvitedFollows', (body, ctx) =>
    reads.invitations(actorOf(ctx.user), body.page, body.pageSize, true),
  );
  r.handle('order/invitedHistory', (body, ctx) =>
    reads.invitations(actorOf(ctx.user), body.page, body.pageSize, false),
  );
  r.handle('order/followOrders', (body, ctx) => reads.published(actorOf(ctx.user), body.page, body.pageSize));
  r.handle('order/followPlan', (body, ctx) => reads.plan(actorOf(ctx.user), body.planId));
  // A UID names an account: looking them up is capped per address (walking the UID range would list every account).
  const lookup = { perIpPerMinute: lookupPerIpPerMinute };
  r.handle('order/getWinRate', (body, ctx) => reads.winRate(actorOf(ctx.user), body.uid), lookup);
  r.handle('order/leaderProfile', (body, ctx) => reads.profile(actorOf(ctx.user), body.uid), lookup);
  r.handle('order/getCopySettings', (_body, ctx) => reads.settings(actorOf(ctx.user)));
  r.handle('order/setCopySettings', (body, ctx) => reads.saveSettings(actorOf(ctx.user), body));
  r.handle('order/autoFollow', (body, ctx) => reads.setAutoFollow(actorOf(ctx.user), body.uid, body.enabled));
  r.handle('order/autoFollows', (_body, ctx) => reads.autoFollows(actorOf(ctx.user)));
  r.handle('user/lookupUid', (body) => reads.publicUser(body.uid), lookup);
  // Operator oversight (issue 17): read only.
  r.handle('admin/copyPlans', (body) => reads.adminPlans(body));
  r.handle('admin/copyPlan', (body) => reads.adminPlanDetail(body.planId));
  r.handle('admin/copyLeaders', (body) => reads.adminLeaders(body));
}
