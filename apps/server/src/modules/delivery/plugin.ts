import { nexaModule } from '../../platform/kernel.js';
import { DEFAULT_DELIVERY_LIMITS, type DeliveryLimits, DeliveryOrders } from './orders.js';
import { registerDeliveryRoutes } from './routes.js';
import { DeliverySettlement } from './settlement.js';
import { OrderViews } from './views.js';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: { orders: DeliveryOrders; settlement: DeliverySettlement; views: OrderViews };
  }
}

export interface DeliveryModuleOptions {
  limits?: DeliveryLimits;
  /** false: this node never settles (a node that only serves). */
  settle?: boolean;
}

/** Fixed-time call/put contracts: the orders, and the settlement worker that pays them at expiry. */
export const deliveryModule = nexaModule<DeliveryModuleOptions>(
  'delivery',
  async (app, o) => {
    const { database, bus, events, userEvents, router, now, onStop } = app.platform;
    const limits = o.limits ?? DEFAULT_DELIVERY_LIMITS;
    const guard = app.safeguards;
    const deps = {
      db: database.db,
      ledger: app.ledger,
      market: app.market,
      bus,
      userEvents,
      guard,
      events,
      now,
      limits,
      messages: app.messages,
      views: new OrderViews(app.market),
    };
    const settlement = new DeliverySettlement({ ...deps, log: app.log });
    const orders = new DeliveryOrders(deps, (atMs) => settlement.wakeAt(atMs));
    registerDeliveryRoutes(router, orders);
    // Once every module is registered: the first pass settles what expired while no node ran, and the other
    // domains' work on settled orders (copy's profit shares, the rebates) hooks in at their registration.
    if (o.settle !== false) app.addHook('onReady', () => settlement.start());
    onStop(() => settlement.stop());
    app.decorate('delivery', { orders, settlement, views: deps.views });
  },
  ['ledger', 'market', 'safeguards', 'messages'],
);
