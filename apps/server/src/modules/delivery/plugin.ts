import { nexaModule } from '../../platform/kernel.js';
import { registerDeliveryRoutes } from './routes.js';
import { type DeliveryLimits, DeliveryService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: DeliveryService;
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
    const { database, bus, router, now, onStop } = app.platform;
    const delivery = new DeliveryService({
      db: database.db,
      ledger: app.ledger,
      market: app.market,
      bus,
      log: app.log,
      now,
      ...(o.limits ? { limits: o.limits } : {}),
    });
    registerDeliveryRoutes(router, delivery);
    if (o.settle !== false) await delivery.start();
    onStop(() => delivery.stop());
    app.decorate('delivery', delivery);
  },
  ['ledger', 'market'],
);
