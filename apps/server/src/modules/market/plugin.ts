import { nexaModule } from '../../platform/kernel.js';
import { DEFAULT_HUB_OPTIONS, type HubOptions, WsHub } from '../../platform/ws-hub.js';
import { OkxSource } from './feed/okx.js';
import type { FeedSource } from './feed/types.js';
import { marketChannels, registerMarketRoutes, wireMarketToHub } from './routes.js';
import { MarketService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketService;
    /** The app's WebSocket: market channels for everyone, the `user` channel for a signed-in user. */
    hub: WsHub;
  }
}

export interface MarketModuleOptions {
  /** Replaces the configured price sources (tests drive prices by hand). */
  priceSource?: FeedSource;
  hubOptions?: HubOptions;
}

/**
 * The catalogue, the feed (led by one node at a time) and live quotes, with the WebSocket hub that carries them
 * and every user's events (from any node, over the bus).
 */
export const marketModule = nexaModule<MarketModuleOptions>(
  'market',
  async (app, o) => {
    const { config, database, bus, router, now, onStop, onDrain, userEvents } = app.platform;
    const okx = config.market.okx;
    const market = new MarketService({
      database,
      bus,
      config: config.market,
      log: app.log,
      ...(o.priceSource ? { source: o.priceSource } : {}),
      ...(okx ? { okxSource: () => new OkxSource({ restUrl: okx.restUrl, wsUrl: okx.wsUrl, log: app.log }) } : {}),
    });
    const hub = new WsHub(
      marketChannels(
        market,
        (token) => app.auth.socketSession(token),
        (userId, since) => userEvents.replay(userId, since),
        (sessionIds) =>
          app.auth.liveSocketSessions(sessionIds).catch((err) => {
            app.log.warn({ err }, 'ws: the re-check of socket sessions failed');
            throw err;
          }),
      ),
      o.hubOptions ?? DEFAULT_HUB_OPTIONS,
      () => now().getTime(),
    );
    await hub.register(app);
    await hub.follow(bus);
    wireMarketToHub(market, hub);
    registerMarketRoutes(router, market);
    await market.start();
    // Draining (SIGTERM): the feed is handed over first, so another node leads within a second.
    onDrain(() => market.stop());
    onStop(() => market.stop());
    app.decorate('market', market);
    app.decorate('hub', hub);
  },
  ['auth'],
);
