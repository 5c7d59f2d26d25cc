import type { Router } from '../../platform/http.js';
import { actorOf } from '../../platform/money-call.js';
import type { DeliveryOrders } from './orders.js';

export function registerDeliveryRoutes(r: Router, orders: DeliveryOrders) {
  r.handle('order/createDeliveryOrder', (body, ctx) => orders.create(actorOf(ctx.user), body));
  r.handle('order/deliveryOrders', async (_b, ctx) => ({ list: await orders.active(actorOf(ctx.user)) }));
  r.handle('order/historyOrders', (body, ctx) =>
    orders.history(
      actorOf(ctx.user),
      { symbol: body.symbol, startMs: body.start, endMs: body.end },
      body.page,
      body.pageSize,
    ),
  );
  r.handle('order/getOrderCountdown', (body, ctx) => orders.countdown(actorOf(ctx.user), body.id));
  r.handle('order/cancelDeliveryOrder', (body, ctx) => orders.cancel(actorOf(ctx.user), body.id));
  r.handle('order/deliveryDesc', async (_b, ctx) => orders.rules(ctx.lang));
}
