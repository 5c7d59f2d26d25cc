import { nexaModule } from '../../platform/kernel.js';
import { CopyPlacement } from './placement.js';
import { CopyReads } from './reads.js';
import { registerCopyRoutes } from './routes.js';
import { type CopyLimits, CopyPlans, DEFAULT_COPY_LIMITS } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    copyTrading: { plans: CopyPlans; reads: CopyReads; placement: CopyPlacement };
  }
}

export interface CopyModuleOptions {
  /** Placement timings (tests shorten them). */
  limits?: Partial<CopyLimits>;
  /** false: this node never places plans (a node that only serves; tests drive passes by hand). */
  place?: boolean;
}

/** Copy trading (issue 14): follow plans placed as delivery orders at their order time. */
export const copyModule = nexaModule<CopyModuleOptions>(
  'copy',
  async (app, o) => {
    const { config, database, events, userEvents, router, now, onStop } = app.platform;
    const deps = {
      db: database.db,
      ledger: app.ledger,
      market: app.market,
      userEvents,
      guard: app.safeguards,
      events,
      messages: app.messages,
      now,
      limits: { ...DEFAULT_COPY_LIMITS, ...o.limits },
      profitShareCap: () => app.settings.get('copy').profitShareCapPct,
    };
    const wake = { at: (_ms: number) => {} };
    const plans = new CopyPlans(deps, (at) => wake.at(at));
    const placement = new CopyPlacement({ ...deps, log: app.log }, plans, (at) => app.delivery.settlement.wakeAt(at));
    wake.at = (at) => placement.wakeAt(at);
    const reads = new CopyReads(deps, plans);
    registerCopyRoutes(router, plans, reads, config.auth.lookupPerIpPerMinute);
    app.delivery.settlement.onSettled((tx, rows) => placement.onSettled(tx, rows));
    // The orders it placed show their plan and, on a copy, the profit net of the leader's share.
    app.delivery.views.copiesFrom((ex, ids) => reads.ordersCopies(ex, ids));
    if (o.place !== false) await placement.start();
    onStop(() => placement.stop());
    app.decorate('copyTrading', { plans, reads, placement });
  },
  ['ledger', 'market', 'safeguards', 'delivery', 'messages'],
);
