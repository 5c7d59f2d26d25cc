import { nexaModule } from '../../platform/kernel.js';
import { registerContentRoutes } from './routes.js';

/** Banners and notices (news, announcements, help) the platform publishes. */
export const contentModule = nexaModule('content', async (app) => {
  registerContentRoutes(app.platform.router, app.platform.database.db);
});
