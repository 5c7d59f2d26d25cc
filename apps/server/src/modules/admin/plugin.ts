import path from 'node:path';
import { BEFORE_SECOND_FACTOR, mayCall } from '@nexa/contract';
import { keyFromFile } from '../../platform/crypto.js';
import { forbidden } from '../../platform/errors.js';
import type { AuthOperator } from '../../platform/http.js';
import { nexaModule } from '../../platform/kernel.js';
import { OperatorAdmin } from './operator-admin.js';
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
    const totpKey = config.totpKey ?? keyFromFile(path.join(config.dataDir, 'totp.key'));
    const adminAuth = new AdminAuthService({ db: database.db, limits: config.auth, now, sleep, totpKey });
    router.authenticateOperators((token) => adminAuth.authenticate(token));
    // Every operator call passes the role table (contract roles.ts); 403 otherwise. Where the second factor is
    // required, an operator without it may only enrol it (403 saying so).
    const may = (operator: AuthOperator, call: string) => {
      if (config.adminRequire2fa && !operator.totpEnabled && !BEFORE_SECOND_FACTOR.includes(call)) {
        throw forbidden('admin.twoFactorRequired');
      }
      return mayCall(operator.role, call);
    };
    router.authorizeOperators((call, operator) => may(operator, call));
    const ports = { funding: app.fundingOperations, kyc: app.kycOperations, uploads: app.uploadReader };
    const operators = new OperatorAdmin({ db: database.db, now, limits: config.auth, sleep });
    registerAdminRoutes(app, router, { auth: adminAuth, operators }, ports, {
      loginPerIpPerMinute: config.auth.perIpPerMinute,
      may,
      twoFactorRequired: config.adminRequire2fa,
    });
  },
  ['funding', 'kyc', 'uploads'],
);
