import type { Router } from '../../platform/http.js';
import type { PerpetualService } from './service.js';

export function registerPerpetualRoutes(r: Router, perp: PerpetualService) {
  r.handle('Sustainable/createOrder', (body, ctx) => perp.create(ctx.user, body));
  r.handle('Sustainable/PositionOrders', (body, ctx) => perp.positions(ctx.user, body.symbol));
  r.handle('Sustainable/addMargin', (body, ctx) => perp.addMargin(ctx.user, body));
  r.handle('Sustainable/setTakeStopPrice', (body, ctx) => perp.setTakeStop(ctx.user, body));
  r.handle('Sustainable/closePosition', (body, ctx) => perp.close(ctx.user, body));
  r.handle('Sustainable/closeAllPosition', (body, ctx) => perp.closeAll(ctx.user, body));
  r.handle('Sustainable/currentEntrust', (body, ctx) => perp.currentEntrust(ctx.user, body.symbol));
  r.handle('Sustainable/historyEntrust', (body, ctx) =>
    perp.historyEntrust(ctx.user, body.symbol, body.page, body.pageSize),
  );
  r.handle('Sustainable/historyTrades', (body, ctx) =>
    perp.historyTrades(ctx.user, body.symbol, body.page, body.pageSize),
  );
  r.handle('Sustainable/cancelDeliveryOrder', (body, ctx) => perp.cancel(ctx.user, body.orderId));
  r.handle('Sustainable/deliveryDesc', async (_b, ctx) => perp.rules(ctx.lang));
}
