import { nexaModule } from '../../platform/kernel.js';
import { registerContentRoutes } from './routes.js';

/** Banners, announcements and the help centre the platform publishes, and the operators' calls that manage them. */
export const contentModule = nexaModule(
  'content',
  async (app) => {
    const { config, router, database } = app.platform;
    const settings = { funding: config.funding, demoAmount: config.demoAmount, supportEmail: config.supportEmail };
    registerContentRoutes(router, database.db, settings, app.messages);
  },
  ['messages'],
);
