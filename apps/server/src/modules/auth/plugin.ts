import { nexaModule } from '../../platform/kernel.js';
import { registerAuthRoutes } from './routes.js';
import { AuthService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users' sessions: the router and the sockets ask it whose a token is. */
    auth: AuthService;
  }
}

/** Registration, login, sessions and their revocation (published so every node's sockets follow). */
export const authModule = nexaModule('auth', async (app) => {
  const { config, database, messenger, bus, router, now, sleep } = app.platform;
  const auth = new AuthService({
    db: database.db,
    messenger,
    limits: config.auth,
    sessionTtlMs: config.sessionTtlMs,
    inviteCodeRequired: () => config.inviteCodeRequired,
    now,
    sleep,
    onSessionsRevoked: (r) => bus.publish('sessions', r),
  });
  router.authenticateUsers((token) => auth.authenticate(token));
  registerAuthRoutes(router, auth, config.auth.perIpPerMinute);
  app.decorate('auth', auth);
});
