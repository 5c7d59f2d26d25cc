import { nexaModule } from '../../platform/kernel.js';
import type { KycOperations } from '../../platform/review.js';
import { createKyc } from './index.js';
import { registerKycRoutes } from './routes.js';
import type { KycService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Identity verification: funding asks it whether a user may withdraw. */
    kyc: KycService;
    /** The reviews the operator API drives. */
    kycOperations: KycOperations;
  }
}

export const kycModule = nexaModule(
  'kyc',
  async (app) => {
    const { config, database, router, now } = app.platform;
    const kyc = createKyc({
      db: database.db,
      now,
      onVerified: (tx, userId) => app.referral.service.onApproval(tx, userId),
      messages: app.messages,
      uploads: app.uploadReader,
    });
    registerKycRoutes(router, kyc.service, config.funding.perIpPerMinute);
    app.decorate('kyc', kyc.service);
    app.decorate('kycOperations', kyc.operations);
  },
  ['referral', 'messages', 'uploads'],
);
