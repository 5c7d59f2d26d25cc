import { CURRENCIES, type Currency } from '@nexa/contract';
import { nexaModule } from '../platform/kernel.js';
import { Ledger, ensureSystemAccounts } from './ledger.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one writer of balances (ARCHITECTURE §3); every money call posts through it. */
    ledger: Ledger;
  }
}

export const ledgerModule = nexaModule('ledger', async (app) => {
  // Every system shard exists before the first money call, so no call inserts one while it holds locks.
  const systemIds = await ensureSystemAccounts(app.platform.database.db, Object.keys(CURRENCIES) as Currency[]);
  app.decorate('ledger', new Ledger(app.platform.now, app.platform.userEvents, systemIds));
});
