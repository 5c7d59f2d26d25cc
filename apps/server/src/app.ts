import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ledgerModule } from './ledger/plugin.js';
import { adminModule } from './modules/admin/plugin.js';
import { authModule } from './modules/auth/plugin.js';
import { consoleModule } from './modules/console/plugin.js';
import { contentModule } from './modules/content/plugin.js';
import { convertModule } from './modules/convert/plugin.js';
import { type CopyModuleOptions, copyModule } from './modules/copy/plugin.js';
import { type DeliveryModuleOptions, deliveryModule } from './modules/delivery/plugin.js';
import { fundingModule } from './modules/funding/plugin.js';
import { kycModule } from './modules/kyc/plugin.js';
import { type MarketModuleOptions, marketModule } from './modules/market/plugin.js';
import { messagesModule } from './modules/messages/plugin.js';
import { opsModule } from './modules/ops/plugin.js';
import { type PerpetualModuleOptions, perpetualModule } from './modules/perpetual/plugin.js';
import { referralModule } from './modules/referral/plugin.js';
import { safeguardsModule } from './modules/safeguards/plugin.js';
import { productSettingsModule, settingsModule } from './modules/settings/plugin.js';
import { supportModule } from './modules/support/plugin.js';
import { systemModule } from './modules/system/plugin.js';
import { walletsModule } from './modules/wallets/plugin.js';
import { type PlatformOptions, platformPlugin } from './platform/kernel.js';
import { uploadsModule } from './platform/uploads.js';
import { webAppModule } from './platform/web-app.js';

/** What `main.ts` and the tests hand over; every field but `config` and `database` replaces a default. */
export interface AppDeps extends PlatformOptions {
  logger?: FastifyServerOptions['logger'];
  /** Replaces the configured price sources (tests drive prices by hand). */
  priceSource?: MarketModuleOptions['priceSource'];
  hubOptions?: MarketModuleOptions['hubOptions'];
  deliveryLimits?: DeliveryModuleOptions['limits'];
  perpetualLimits?: PerpetualModuleOptions['limits'];
  perpetualEngine?: PerpetualModuleOptions['engine'];
  /** Copy trading's placement timings (the profit-share cap is the operators' `copy` setting). */
  copyLimits?: CopyModuleOptions['limits'];
  /** false: this node never settles (tests of a node that only serves). */
  settlement?: boolean;
}

/**
 * The platform, then the modules, each a Fastify plugin that registers its own routes, workers and consumers and
 * names the modules it needs. `main.ts` and every server test build the app through here.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 60_000,
    // A module's start may take long (the market back-fills a fresh database's history, settlement catches up on
    // what expired while no node ran); the node listens only once every module has started.
    pluginTimeout: 0,
    // Spec paths are case-sensitive (`/api/Sustainable/createOrder`).
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
  });
  const settle = deps.settlement !== false;
  await app.register(platformPlugin, deps);
  await app.register(ledgerModule);
  await app.register(settingsModule);
  await app.register(authModule);
  await app.register(messagesModule);
  await app.register(marketModule, { priceSource: deps.priceSource, hubOptions: deps.hubOptions });
  await app.register(productSettingsModule);
  await app.register(contentModule);
  await app.register(systemModule);
  await app.register(walletsModule);
  await app.register(convertModule);
  await app.register(safeguardsModule);
  await app.register(deliveryModule, { limits: deps.deliveryLimits, settle });
  await app.register(copyModule, { limits: deps.copyLimits, place: settle });
  await app.register(uploadsModule);
  await app.register(referralModule, { settle });
  await app.register(kycModule);
  await app.register(fundingModule);
  await app.register(adminModule);
  await app.register(perpetualModule, { limits: deps.perpetualLimits, engine: deps.perpetualEngine, settle });
  await app.register(consoleModule);
  await app.register(opsModule);
  await app.register(supportModule);
  await app.register(webAppModule, {
    dir: config.webDistDir,
    adminDir: config.adminDistDir,
    defaultLang: config.defaultLang,
  });
  return app;
}
