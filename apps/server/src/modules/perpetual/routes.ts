import type { Router } from '../../platform/http.js';
import { actorOf } from '../../platform/money-call.js';
import type { PerpetualService } from './service.js';

export function registerPerpetualRoutes(r: Router, perp: PerpetualService) {
  r.handle('Sustainable/createOrder', (body, ctx) => perp.create(actorOf(ctx.user), body));
  r.handle('Sustainable/PositionOrders', (body, ctx) => perp.positions(actorOf(ctx.user), body.symbol));
  r.handle('Sustainable/addMargin', (body, ctx) => perp.addMargin(actorOf(ctx.user), body));
  r.handle('Sustainable/setTakeStopPrice', (body, ctx) => perp.setTakeStop(actorOf(ctx.user), body));
  r.handle('Sustainable/closePosition', (body, ctx) => perp.close(actorOf(ctx.user), body));
  r.handle('Sustainable/closeAllPosition', (body, ctx) => perp.closeAll(actorOf(ctx.user), body));
  r.handle('Sustainable/currentEntrust', (body, ctx) => perp.currentEntrust(actorOf(ctx.user), body.symbol));
  r.handle('Sustainable/historyEntrust', (body, ctx) =>
    perp.historyEntrust(actorOf(ctx.user), body.symbol, body.page, body.pageSize),
  );
  r.handle('Sustainable/historyTrades', (body, ctx) =>
    perp.historyTrades(actorOf(ctx.user), body.symbol, body.page, body.pageSize),
  );
  r.handle('Sustainable/cancelDeliveryOrder', (body, ctx) => perp.cancel(actorOf(ctx.user), body));
  r.handle('Sustainable/deliveryDesc', async (_b, ctx) => perp.rules(ctx.lang));
}
