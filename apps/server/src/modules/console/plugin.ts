import { revocationPublisher } from '../../platform/bus.js';
import { nexaModule } from '../../platform/kernel.js';
import { registerConsoleRoutes } from './routes.js';
import { ConsoleUsers } from './users.js';

/**
 * The operator console's server side (issue 17): user administration and the dashboard. Its calls are operator
 * calls, so the router checks each against the role table before they run.
 */
export const consoleModule = nexaModule(
  'console',
  async (app) => {
    const { config, database, bus, router, now } = app.platform;
    const { market, delivery, perpetualEngine } = app;
    const users = new ConsoleUsers({
      db: database.db,
      now,
      sessionsRevoked: revocationPublisher(bus, app.log),
      positionFigures: (p) => app.perpetual.figures(p),
      deliveryOrders: (ids) => delivery.orders.byIds(ids),
      messages: app.messages,
    });
    registerConsoleRoutes(router, users, {
      db: database.db,
      now,
      feedOn: config.market.feed,
      leads: () => ({ feed: market.isLeader, triggers: perpetualEngine.isLeader }),
      storedTicks: async () => {
        const symbols = market.summaries().map((p) => p.symbol);
        const stored = await market.lastStoredTicks(symbols);
        return symbols.map((s) => stored.get(s) ?? 0);
      },
      settlementLagMs: () => delivery.settlement.settlementLagMs(),
    });
  },
  ['market', 'delivery', 'perpetual', 'admin', 'messages'],
);
