import { nexaModule } from '../../platform/kernel.js';
import { registerAdminRoutes } from './routes.js';
import { AdminAuthService } from './service.js';

/**
 * The operator API (/api/admin/…) on the one router: operators' own sessions (ADMIN-TOKEN header), never a
 * user's. Reviews go to the domains through the ports they decorate the app with.
 */
export const adminModule = nexaModule(
  'admin',
  async (app) => {
    const { config, database, router, now, sleep } = app.platform;
    const adminAuth = new AdminAuthService({ db: database.db, limits: config.auth, now, sleep });
    router.authenticateOperators((token) => adminAuth.authenticate(token));
    const ports = { funding: app.fundingOperations, kyc: app.kycOperations, uploads: app.uploadReader };
    registerAdminRoutes(app, router, adminAuth, ports, config.auth.perIpPerMinute);
  },
  ['funding', 'kyc', 'uploads'],
);
