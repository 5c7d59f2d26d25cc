import { nexaModule } from '../../platform/kernel.js';
import { registerSystemRoutes } from './routes.js';

/** Regions, languages, the invitation-code switch and the platform's facts (about page). */
export const systemModule = nexaModule(
  'system',
  async (app) => {
    const { config, router } = app.platform;
    registerSystemRoutes(router, {
      defaultLang: config.defaultLang,
      inviteCodeRequired: () => app.settings.get('registration').inviteCodeRequired,
      platformName: 'Nexa',
      supportEmail: config.supportEmail,
      marketSource: config.market.source,
      productCount: () => app.market.summaries().length,
      productCategories: () => {
        const counts = new Map<string, number>();
        for (const p of app.market.summaries()) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
        return [...counts].map(([category, count]) => ({ category, count }));
      },
    });
  },
  ['market', 'settings'],
);
