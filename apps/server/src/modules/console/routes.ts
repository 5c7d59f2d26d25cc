import type { Router } from '../../platform/http.js';
import { type DashboardDeps, dashboard } from './dashboard.js';
import type { ConsoleUsers } from './users.js';

/** The console's user administration and dashboard calls (who may make them: modules/admin/roles.ts). */
export function registerConsoleRoutes(r: Router, users: ConsoleUsers, dash: DashboardDeps) {
  r.handle('admin/users', (b) => users.search(b));
  r.handle('admin/user', (b) => users.detail(b.userId));
  r.handle('admin/userChanges', (b) => users.changes(b));
  r.handle('admin/userOrders', (b) => users.orders(b));
  r.handle('admin/userPositions', (b) => users.positions(b));
  r.handle('admin/userFunding', (b) => users.funding(b));
  r.handle('admin/userFreeze', (b, ctx) => users.freeze(ctx.operator, b));
  r.handle('admin/userRevokeSessions', (b, ctx) => users.revokeSessions(ctx.operator, b));
  r.handle('admin/userReset2fa', (b, ctx) => users.resetTwoFactor(ctx.operator, b));
  r.handle('admin/dashboard', () => dashboard(dash));
}
