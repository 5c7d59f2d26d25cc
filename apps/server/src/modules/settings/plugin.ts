import type { AdminProduct } from '@nexa/contract';
import { nexaModule } from '../../platform/kernel.js';
import { AdjustmentsService } from './adjustments.js';
import { envDefaults } from './definitions.js';
import { registerProductRoutes, registerSettingsRoutes } from './routes.js';
import { ProductsService, SettingsService } from './service.js';
import { SettingsStore } from './store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live operator settings (withdrawal limits, deposit options, registration, demo amount, …). */
    settings: SettingsStore;
  }
}

/**
 * Settings in the database (issue 17): first-start defaults from the environment, operators' changes audited and
 * applied on every node within seconds; and four-eyes balance adjustments. Registered before the modules that
 * read settings (auth, system, wallets, funding).
 */
export const settingsModule = nexaModule(
  'settings',
  async (app) => {
    const { config, database, bus, router, now, onStop } = app.platform;
    const store = new SettingsStore({ database, bus, log: app.log, defaults: envDefaults(config) });
    await store.start();
    onStop(async () => store.stop());
    const settings = new SettingsService({ db: database.db, store, now });
    const adjustments = new AdjustmentsService({
      db: database.db,
      ledger: app.ledger,
      now,
      messages: () => (app.hasDecorator('messages') ? app.messages : undefined),
    });
    registerSettingsRoutes(router, settings, adjustments);
    app.decorate('settings', store);
  },
  ['ledger'],
);

/** The products' trading terms (issue 17, Products): every node's catalogue follows the configuration revision. */
export const productSettingsModule = nexaModule(
  'product-settings',
  async (app) => {
    const { database, router, now } = app.platform;
    const market = app.market;
    app.settings.onChange(() => market.reloadCatalogue());
    const catalogue = {
      products: (): AdminProduct[] =>
        market.summaries({ includeDisabled: true }).map(({ symbol }) => {
          const p = market.product(symbol)!;
          return {
            symbol,
            name: p.name,
            category: p.category,
            enabled: p.enabled,
            pricePrecision: p.pricePrecision,
            sizePrecision: p.sizePrecision,
            contractSize: p.contractSize,
            maxLeverage: p.maxLeverage,
            feeRate: p.feeRate,
            periods: market.periodsOf(symbol),
          };
        }),
    };
    const products = new ProductsService({ db: database.db, store: app.settings, catalogue, now });
    registerProductRoutes(router, products);
  },
  ['settings', 'market'],
);
