import { nexaModule } from '../platform/kernel.js';
import { Ledger } from './ledger.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one writer of balances (ARCHITECTURE §3); every money call posts through it. */
    ledger: Ledger;
  }
}

export const ledgerModule = nexaModule('ledger', async (app) => {
  app.decorate('ledger', new Ledger(app.platform.now, app.platform.userEvents));
});
