import { money } from '../../ledger/index.js';
import { nexaModule } from '../../platform/kernel.js';
import { registerWalletRoutes } from './routes.js';
import { WalletsService } from './service.js';

/** Balances, the account mode, demo money and transfers between one's own wallets (spec §2 Assets). */
export const walletsModule = nexaModule(
  'wallets',
  async (app) => {
    const { database, router, now } = app.platform;
    const wallets = new WalletsService({
      db: database.db,
      ledger: app.ledger,
      prices: app.market,
      demoAmount: () => money(app.settings.get('demo').amount),
      now,
    });
    registerWalletRoutes(router, wallets);
  },
  ['ledger', 'market', 'settings'],
);
