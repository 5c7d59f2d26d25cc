import { nexaModule } from '../../platform/kernel.js';
import { RebateBatches } from './rebates.js';
import { registerReferralRoutes } from './routes.js';
import { ReferralService } from './service.js';
import { RebateWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The invitation programme: kyc and funding call `service.onApproval` in their approvals' transactions. */
    referral: { service: ReferralService; batches: RebateBatches };
  }
}

export interface ReferralModuleOptions {
  /** false: this node pays no rebates by itself (tests drive the batches). */
  settle?: boolean;
}

/** Invitations, team levels and rebates over three levels (issue 15). */
export const referralModule = nexaModule<ReferralModuleOptions>(
  'referral',
  async (app, o) => {
    const { database, router, now, events, onStop } = app.platform;
    const service = new ReferralService({ db: database.db, now });
    const batches = new RebateBatches({
      db: database.db,
      ledger: app.ledger,
      now,
      messages: app.messages,
      log: app.log,
    });
    registerReferralRoutes(router, service);
    app.decorate('referral', { service, batches });
    // Settled stakes pay their rebates in the settlement's transaction; the worker's stake batches are the net for
    // any settled without it (before this hook existed).
    app.delivery.settlement.onSettled((tx, rows) => batches.paySettled(tx, rows).then(() => {}), { last: true });
    if (o.settle !== false) {
      const worker = new RebateWorker(batches, app.log, now);
      events.on('fee.charged', (e) => e.mode === 'real' && worker.nudge());
      worker.start();
      onStop(() => worker.stop());
    }
  },
  ['ledger', 'messages', 'delivery'],
);
