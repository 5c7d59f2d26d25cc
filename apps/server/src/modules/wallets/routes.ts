import type { Router } from '../../platform/http.js';
import { actorOf } from '../../platform/money-call.js';
import type { WalletsService } from './service.js';

export function registerWalletRoutes(r: Router, w: WalletsService) {
  r.handle('index/property', (body, ctx) => w.property(actorOf(ctx.user), body.denomination));
  r.handle('index/money', (body, ctx) => w.money(actorOf(ctx.user), body.wallet, body.denomination));
  r.handle('index/transferType', async () => w.transferTypes());
  r.handle('index/zySubmit', (body, ctx) => w.transfer(actorOf(ctx.user), body, ctx));
  r.handle('index/zyRec', (body, ctx) => w.transfers(actorOf(ctx.user), body.page, body.pageSize));
  r.handle('index/moneyCallOutcome', (body, ctx) => w.outcome(actorOf(ctx.user), body.requestId));
  r.handle('index/denominations', () => w.denominations());
  r.handle('user/getDemoMoney', (body, ctx) => w.claimDemo(actorOf(ctx.user), body.requestId));
  r.handle('order/getMoneyLogsOptions', async () => w.moneyLogOptions());
  r.handle('order/moneyLogs', (body, ctx) =>
    w.moneyLogs(
      actorOf(ctx.user),
      { type: body.type, wallet: body.wallet, startMs: body.start, endMs: body.end },
      body.page,
      body.pageSize,
    ),
  );
  r.handle('user/getUserMoneyLog', (body, ctx) =>
    w.moneyLogs(actorOf(ctx.user), { wallet: body.wallet }, body.page, body.pageSize),
  );
}
