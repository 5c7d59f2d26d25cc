import { nexaModule } from '../../platform/kernel.js';
import { marketRates } from './rates.js';
import { registerConvertRoutes } from './routes.js';
import { ConvertService } from './service.js';

/** Convert between currencies of one wallet, at the market's live last price (never a stale one). */
export const convertModule = nexaModule(
  'convert',
  async (app) => {
    const { database, router, now } = app.platform;
    const rates = marketRates(app.market, now);
    registerConvertRoutes(router, new ConvertService({ db: database.db, ledger: app.ledger, rates, now }));
  },
  ['ledger', 'market'],
);
