import type { Router } from '../../platform/http.js';
import type { FundingModule } from './index.js';

export function registerFundingRoutes(r: Router, f: FundingModule, perIpPerMinute: number) {
  const limited = { perIpPerMinute };
  r.handle('index/bbRecharge', async () => f.deposits.options());
  r.handle('index/chainAddress', async (body) => f.deposits.address(body.currency, body.chain));
  r.handle('index/czSubmit', (body, ctx) => f.deposits.submit(ctx.user, body), limited);
  r.handle('index/czRec', (body, ctx) => f.deposits.records(ctx.user, body.page, body.pageSize));
  r.handle('user/saveUserAddress', (body, ctx) => f.bindings.saveAddress(ctx.user, body, ctx.lang));
  r.handle('user/getUserAddress', (_body, ctx) => f.bindings.addresses(ctx.user));
  r.handle('user/saveUserBank', (body, ctx) => f.bindings.saveBank(ctx.user, body));
  r.handle('user/getUserBank', (_body, ctx) => f.bindings.bank(ctx.user));
  // Argon2 is deliberately slow: a per-address cap keeps the password calls from being a CPU lever.
  r.handle('index/withdrawalPassword', (body, ctx) => f.bindings.setPassword(ctx.user, body), limited);
  r.handle('index/payment', (_body, ctx) => f.withdrawals.payment(ctx.user));
  r.handle('index/tbSubmit', (body, ctx) => f.withdrawals.submit(ctx.user, body), limited);
  r.handle('index/tbRec', (body, ctx) => f.withdrawals.records(ctx.user, body.page, body.pageSize));
}
