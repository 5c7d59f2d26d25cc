import { nexaModule } from '../../platform/kernel.js';
import { registerSystemRoutes } from './routes.js';

/** Regions, languages, the invitation-code switch and the platform's facts (about page). */
export const systemModule = nexaModule(
  'system',
  async (app) => {
    const { config, router } = app.platform;
    registerSystemRoutes(router, {
      defaultLang: config.defaultLang,
      inviteCodeRequired: () => config.inviteCodeRequired,
      platformName: 'Nexa',
      supportEmail: config.supportEmail,
      marketSource: config.market.source,
      productCount: () => app.market.summaries().length,
    });
  },
  ['market'],
);
