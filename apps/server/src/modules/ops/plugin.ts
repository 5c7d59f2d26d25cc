import { nexaModule } from '../../platform/kernel.js';
import { registerOps } from './index.js';

/** `/api/health`, `/api/ready` and `/metrics`, from what the other modules report. */
export const opsModule = nexaModule(
  'ops',
  async (app) => {
    const { config, database, bus, now } = app.platform;
    const { market, hub, delivery, perpetualEngine } = app;
    await registerOps(app, {
      database,
      bus,
      priceAgesMs: () => (config.market.feed ? market.tickers().map((t) => now().getTime() - t.ts) : []),
      storedPriceAgesMs: async () => {
        if (!config.market.feed) return [];
        const symbols = market.summaries().map((p) => p.symbol);
        const stored = await market.lastStoredTicks(symbols);
        return symbols.map((symbol) => now().getTime() - (stored.get(symbol) ?? 0));
      },
      leads: () => ({ feed: market.isLeader, triggers: perpetualEngine.isLeader }),
      wsClients: () => hub.connections,
      settlementLagMs: () => delivery.settlement.settlementLagMs(),
    });
  },
  ['market', 'delivery', 'perpetual'],
);
