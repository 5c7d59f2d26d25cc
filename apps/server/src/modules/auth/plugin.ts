import path from 'node:path';
import { revocationPublisher } from '../../platform/bus.js';
import { keyFromFile } from '../../platform/crypto.js';
import { nexaModule } from '../../platform/kernel.js';
import { LoginThrottle } from '../../platform/login-throttle.js';
import { registerAuthRoutes, registerSecurityRoutes } from './routes.js';
import { SecurityCentre } from './security-centre.js';
import { AuthService } from './service.js';
import { TwoFactor } from './two-factor.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users' sessions: the router and the sockets ask it whose a token is. */
    auth: AuthService;
    /** Two-factor checks for the calls of other modules that 2FA guards (withdrawals, bindings). */
    twoFactor: TwoFactor;
  }
}

/**
 * Registration, login, sessions and their revocation (published so every node's sockets follow), and the security
 * centre: 2FA, sessions and devices, the login history, the anti-phishing phrase every message carries.
 */
export const authModule = nexaModule(
  'auth',
  async (app) => {
    const { config, database, messenger, bus, router, now, sleep, userEvents } = app.platform;
    const onSessionsRevoked = revocationPublisher(bus, app.log);
    const twoFactor = new TwoFactor({
      db: database.db,
      now,
      key: config.totpKey ?? keyFromFile(path.join(config.dataDir, 'totp.key')),
      throttle: new LoginThrottle({ db: database.db, limits: config.auth, now, sleep }),
      maxAttempts: config.auth.codeMaxAttempts,
    });
    const centre = new SecurityCentre({ db: database.db, messenger, twoFactor, now, onSessionsRevoked });
    messenger.setPhraseLookup((channel, to) => centre.phraseFor(channel, to));
    const auth = new AuthService({
      db: database.db,
      messenger,
      limits: config.auth,
      sessionTtlMs: config.sessionTtlMs,
      inviteCodeRequired: () => app.settings.get('registration').inviteCodeRequired,
      now,
      sleep,
      onSessionsRevoked,
      twoFactor,
      centre,
      userEvents,
    });
    router.authenticateUsers((token) => auth.authenticate(token));
    registerAuthRoutes(router, auth, config.auth.perIpPerMinute);
    registerSecurityRoutes(router, centre, twoFactor, config.auth.perIpPerMinute);
    app.decorate('auth', auth);
    app.decorate('twoFactor', twoFactor);
  },
  ['settings'],
);
