import type { Router } from '../../platform/http.js';
import type { DeliveryService } from './service.js';

export function registerDeliveryRoutes(r: Router, delivery: DeliveryService) {
  r.handle('order/createDeliveryOrder', (body, ctx) => delivery.create(ctx.user, body));
  r.handle('order/deliveryOrders', async (_b, ctx) => ({ list: await delivery.active(ctx.user) }));
  r.handle('order/historyOrders', (body, ctx) =>
    delivery.history(ctx.user, { symbol: body.symbol, startMs: body.start, endMs: body.end }, body.page, body.pageSize),
  );
  r.handle('order/getOrderCountdown', (body, ctx) => delivery.countdown(ctx.user, body.id));
  r.handle('order/cancelDeliveryOrder', (body, ctx) => delivery.cancel(ctx.user, body.id));
  r.handle('order/deliveryDesc', async (_b, ctx) => delivery.rules(ctx.lang));
}
