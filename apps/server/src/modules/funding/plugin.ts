import { liveFundingConfig, missingDepositAddresses } from '../../config.js';
import { nexaModule } from '../../platform/kernel.js';
import type { FundingOperations } from '../../platform/review.js';
import { createFunding } from './index.js';
import { registerFundingRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The deposit and withdrawal reviews the operator API drives. */
    fundingOperations: FundingOperations;
  }
}

/** Deposits, withdrawals and bound addresses and cards (spec §2 Deposit, Withdraw). */
export const fundingModule = nexaModule(
  'funding',
  async (app) => {
    const { config, database, router, now, messenger } = app.platform;
    const live = liveFundingConfig(config.funding, app.settings);
    const funding = createFunding({
      db: database.db,
      ledger: app.ledger,
      config: live,
      prices: app.market,
      identityVerified: (ex, userId) => app.kyc.basicVerified(ex, userId),
      secondFactor: (userId, code) => app.twoFactor.require(userId, code),
      messenger,
      now,
      onDepositApproved: (tx, userId) => app.referral.service.onApproval(tx, userId),
      messages: app.messages,
    });
    registerFundingRoutes(router, funding, config.funding.perIpPerMinute);
    const missing = missingDepositAddresses(live);
    if (missing.length > 0) {
      // Users see those chains as "not available"; operators see why here and in admin/fundingStatus.
      app.log.warn({ missing }, `Deposits are off on chains without a receiving address: set ${missing.join(', ')}`);
    }
    app.decorate('fundingOperations', funding.operations);
  },
  ['ledger', 'market', 'kyc', 'auth', 'referral', 'messages', 'settings'],
);
