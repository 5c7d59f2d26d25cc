import type { Router } from '../../platform/http.js';
import { actorOf } from '../../platform/money-call.js';
import type { ReferralService } from './service.js';

export function registerReferralRoutes(r: Router, s: ReferralService) {
  r.handle('user/getShareInviteLink', (_body, ctx) => s.shareInvite(actorOf(ctx.user)));
  r.handle('user/userlist', (body, ctx) => s.team(actorOf(ctx.user), body));
  r.handle('user/rebateRecords', (body, ctx) => s.rebates(actorOf(ctx.user), body));
  r.handle('index/rebateRules', (_body, ctx) => s.rules(ctx.lang));
  // Operator calls: reading the table, and changing it from now on (audited in the service).
  r.handle('admin/referralTable', () => s.adminTable());
  r.handle('admin/setReferralTable', (body, ctx) => s.setTable(ctx.operator.id, body));
  r.handle('admin/rebates', (body) => s.adminRebates(body));
  r.handle('admin/teamTree', (body) => s.adminTeamTree(body));
}
