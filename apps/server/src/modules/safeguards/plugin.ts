import { nexaModule } from '../../platform/kernel.js';
import { registerSafeguardsRoutes } from './routes.js';
import { SafeguardsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Responsible trading: every order path asks it first, in the order's transaction. */
    safeguards: SafeguardsService;
  }
}

export const safeguardsModule = nexaModule('safeguards', async (app) => {
  const { database, router, now } = app.platform;
  const safeguards = new SafeguardsService({ db: database.db, now });
  registerSafeguardsRoutes(router, safeguards);
  app.decorate('safeguards', safeguards);
});
