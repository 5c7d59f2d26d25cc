import { nexaModule } from '../../platform/kernel.js';
import { type EngineOptions, TriggerEngine } from './engine.js';
import { registerPerpetualRoutes } from './routes.js';
import { type PerpetualLimits, PerpetualService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    perpetual: PerpetualService;
    perpetualEngine: TriggerEngine;
  }
}

export interface PerpetualModuleOptions {
  limits?: PerpetualLimits;
  /** The trigger engine's timings (tests shorten them). */
  engine?: Partial<EngineOptions>;
  /** false: this node never runs the trigger engine. */
  settle?: boolean;
}

/**
 * Perpetual contracts: the user's calls, and the trigger engine (limit fills, TP/SL, liquidation) that runs on one
 * node at a time; news of changes reaches it directly here, or over the bus from other nodes.
 */
export const perpetualModule = nexaModule<PerpetualModuleOptions>(
  'perpetual',
  async (app, o) => {
    const { database, bus, events, userEvents, router, now, onStop } = app.platform;
    const perpetual = new PerpetualService({
      db: database.db,
      ledger: app.ledger,
      market: app.market,
      guard: app.safeguards,
      now,
      track: (news) => engine.track(news),
      events,
      ...(o.limits ? { limits: o.limits } : {}),
    });
    registerPerpetualRoutes(router, perpetual);
    const engine = new TriggerEngine({
      database,
      book: perpetual.book,
      market: app.market,
      bus,
      userEvents,
      log: app.log,
      now,
      localWatchers: () => app.hub.usersOn('user'),
      events,
      messages: app.messages,
      ...(o.engine ? { options: o.engine } : {}),
    });
    if (o.settle !== false) await engine.start();
    onStop(() => engine.stop());
    app.decorate('perpetual', perpetual);
    app.decorate('perpetualEngine', engine);
  },
  ['ledger', 'market', 'safeguards', 'messages'],
);
