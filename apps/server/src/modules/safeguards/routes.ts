import type { Router } from '../../platform/http.js';
import { actorOf } from '../../platform/money-call.js';
import type { SafeguardsService } from './service.js';

export function registerSafeguardsRoutes(r: Router, s: SafeguardsService) {
  r.handle('user/getTradingLimits', (_body, ctx) => s.view(actorOf(ctx.user)));
  r.handle('user/setTradingLimit', (body, ctx) => s.setLimit(actorOf(ctx.user), body));
  r.handle('user/takeTradingBreak', (body, ctx) => s.takeBreak(actorOf(ctx.user), body));
}
