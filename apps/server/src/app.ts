import { existsSync } from 'node:fs';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { Ledger, money } from './ledger/index.js';
import { AdminAuthService, createAdminRouter, registerAdminRoutes } from './modules/admin/index.js';
import { AuthService, registerAuthRoutes } from './modules/auth/index.js';
import { ConvertService, marketRates, registerConvertRoutes } from './modules/convert/index.js';
import { type DeliveryLimits, DeliveryService, registerDeliveryRoutes } from './modules/delivery/index.js';
import { createFunding, registerFundingRoutes } from './modules/funding/index.js';
import { createKyc, registerKycRoutes } from './modules/kyc/index.js';
import { OkxSource } from './modules/market/feed/okx.js';
import type { PriceSource as PriceSource_ } from './modules/market/feed/types.js';
import { MarketService, marketChannels, registerMarketRoutes, wireMarketToHub } from './modules/market/index.js';
import { registerOps } from './modules/ops/index.js';
import {
  type EngineOptions,
  type PerpetualLimits,
  PerpetualService,
  TriggerEngine,
  registerPerpetualRoutes,
} from './modules/perpetual/index.js';
import { countryCount, registerSystemRoutes } from './modules/system/index.js';
import { WalletsService, registerWalletRoutes } from './modules/wallets/index.js';
import { type Bus, InProcessBus, PgNotifyBus, RedisBus } from './platform/bus.js';
import type { Database } from './platform/db.js';
import { createRouter, installErrorHandling } from './platform/http.js';
import {
  HttpSmsMessenger,
  type Messenger,
  OutboxMessenger,
  RoutingMessenger,
  SmtpMessenger,
} from './platform/messenger.js';
import type { PriceSource } from './platform/prices.js';
import type { FundingOperations, KycOperations, UploadReader } from './platform/review.js';
import { UploadStore, registerUploadRoutes } from './platform/uploads.js';
import { DEFAULT_HUB_OPTIONS, type HubOptions, WsHub } from './platform/ws-hub.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Replaces the configured transports (tests read codes from it). */
  messenger?: Messenger;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  logger?: FastifyServerOptions['logger'];
  prices?: PriceSource;
  /** Replaces the default bus (Redis, PostgreSQL NOTIFY or in process). */
  bus?: Bus;
  hubOptions?: HubOptions;
  deliveryLimits?: DeliveryLimits;
  perpetualLimits?: PerpetualLimits;
  /** The perpetual trigger engine's timings (tests shorten them). */
  perpetualEngine?: Partial<EngineOptions>;
  /** false: this node never settles (tests of a node that only serves). */
  settlement?: boolean;
  /** Replaces the configured price sources (tests drive prices by hand). */
  priceSource?: PriceSource_;
}

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketService;
    hub: WsHub;
    delivery: DeliveryService;
    perpetual: PerpetualService;
    perpetualEngine: TriggerEngine;
    /** The review ports of funding and identity, and stored uploads (the operator API and tests drive them). */
    fundingOperations: FundingOperations;
    kycOperations: KycOperations;
    uploadReader: UploadReader;
  }
}

/** Plugins, then modules. `main.ts` and every server test build the app through here. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 60_000,
    // Spec paths are case-sensitive (`/api/Sustainable/createOrder`).
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
  });
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  installErrorHandling(app, config.defaultLang);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd-mobile sets inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  // A lost Redis is a reconnect, never the end of the process (rate limits fail open meanwhile).
  redis?.on('error', () => {});
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'nexa-rl:' } : {}),
    // The error handler turns this into a localized 429 envelope.
    errorResponseBuilder: (_req, ctx) => Object.assign(new Error('rate limited'), { statusCode: ctx.statusCode }),
  });
  if (redis) app.addHook('onClose', async () => void redis.quit());

  const messenger = deps.messenger ?? createMessenger(config, app);
  const bus = deps.bus ?? createBus(config, database);
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
  const router = createRouter(app, (token) => auth.authenticate(token), config.defaultLang);
  registerAuthRoutes(router, auth, config.auth.perIpPerMinute);
  const market = new MarketService({
    database,
    bus,
    config: config.market,
    log: app.log,
    ...(deps.priceSource ? { source: deps.priceSource } : {}),
    okxSource: () =>
      new OkxSource({ restUrl: config.market.okx!.restUrl, wsUrl: config.market.okx!.wsUrl, log: app.log }),
  });
  const hub = new WsHub(
    marketChannels(market, (token) => auth.socketSession(token)),
    deps.hubOptions ?? DEFAULT_HUB_OPTIONS,
    () => now().getTime(),
  );
  await hub.register(app);
  await hub.followRevocations(bus, app.log);
  wireMarketToHub(market, hub);
  registerMarketRoutes(router, {
    db: database.db,
    market,
    platformName: 'Nexa',
    supportEmail: config.supportEmail,
    countryCount: () => countryCount(),
    marketSource: config.market.source,
  });
  await market.start();
  app.decorate('market', market);
  app.decorate('hub', hub);

  const ledger = new Ledger(now);
  const wallets = new WalletsService({
    db: database.db,
    ledger,
    prices: deps.prices ?? market,
    demoAmount: money(config.demoAmount),
    now,
  });
  registerWalletRoutes(router, wallets);
  // Convert trades on the market's live last price (never a stale one); tests drive it with a manual source.
  const convert = new ConvertService({ db: database.db, ledger, rates: marketRates(market, now), now });
  registerConvertRoutes(router, convert);

  const delivery = new DeliveryService({
    db: database.db,
    ledger,
    market,
    bus,
    log: app.log,
    now,
    ...(deps.deliveryLimits ? { limits: deps.deliveryLimits } : {}),
  });
  registerDeliveryRoutes(router, delivery);
  // A user's order events reach whichever node holds the user's socket.
  // A message is one event, or a batch of them (settlement packs thousands into a few messages).
  await bus.subscribe('user-events', (m) => {
    type UserEvent = { userId: string; event: string; data: unknown };
    const message = m as UserEvent | { batch: UserEvent[] };
    for (const { userId, event, data } of 'batch' in message ? message.batch : [message]) {
      hub.publishToUser(userId, { event, data });
    }
  });
  if (deps.settlement !== false) await delivery.start();
  app.decorate('delivery', delivery);

  // Funding and identity. The operator API (modules/admin) drives their reviews through these three ports.
  const uploadReader = new UploadStore({ db: database.db, dataDir: config.dataDir, now });
  await registerUploadRoutes(app, uploadReader, {
    authenticate: (token) => auth.authenticate(token),
    defaultLang: config.defaultLang,
    perIpPerMinute: config.funding.perIpPerMinute,
  });
  const kyc = createKyc({ db: database.db, now });
  registerKycRoutes(router, kyc.service, config.funding.perIpPerMinute);
  const funding = createFunding({
    db: database.db,
    ledger,
    config: config.funding,
    prices: deps.prices ?? market,
    identityVerified: (ex, userId) => kyc.service.basicVerified(ex, userId),
    now,
  });
  registerFundingRoutes(router, funding, config.funding.perIpPerMinute);
  const fundingOperations = funding.operations;
  const kycOperations = kyc.operations;
  app.decorate('fundingOperations', fundingOperations);
  app.decorate('kycOperations', kycOperations);
  app.decorate('uploadReader', uploadReader as UploadReader);
  // The operator API (/api/admin/…): operators' own sessions (ADMIN-TOKEN header), never a user's.
  const adminAuth = new AdminAuthService({ db: database.db, limits: config.auth, now, sleep });
  registerAdminRoutes(
    app,
    createAdminRouter(app, (token) => adminAuth.authenticate(token), config.defaultLang),
    adminAuth,
    { funding: fundingOperations, kyc: kycOperations, uploads: uploadReader },
    config.auth.perIpPerMinute,
  );
  registerSystemRoutes(router, {
    defaultLang: config.defaultLang,
    inviteCodeRequired: () => config.inviteCodeRequired,
  });

  // Perpetual contracts: the user's calls, and the trigger engine (limit fills, TP/SL, liquidation) that runs on
  // one node at a time; news of changes reaches it directly here, or over the bus from other nodes.
  const perpetual = new PerpetualService({
    db: database.db,
    ledger,
    market,
    now,
    track: (news) => perpEngine.track(news),
    ...(deps.perpetualLimits ? { limits: deps.perpetualLimits } : {}),
  });
  registerPerpetualRoutes(router, perpetual);
  const perpEngine = new TriggerEngine({
    database,
    book: perpetual.book,
    market,
    bus,
    log: app.log,
    now,
    localWatchers: () => hub.usersOn('user'),
    ...(deps.perpetualEngine ? { options: deps.perpetualEngine } : {}),
  });
  if (deps.settlement !== false) await perpEngine.start();
  app.decorate('perpetual', perpetual);
  app.decorate('perpetualEngine', perpEngine);

  // Draining (SIGTERM): the feed is handed over first, so another node leads within a second while this one
  // finishes the calls in flight.
  app.addHook('preClose', async () => {
    await market.stop();
  });
  // One hook, in order: nothing that publishes or writes outlives the bus and the pool it uses.
  app.addHook('onClose', async () => {
    await delivery.stop();
    await perpEngine.stop();
    await market.stop();
    await bus.close();
  });
  await registerOps(app, {
    database,
    bus,
    priceAgesMs: () => (config.market.feed ? market.tickers().map((t) => now().getTime() - t.ts) : []),
    leads: () => ({ feed: market.isLeader, triggers: perpEngine.isLeader }),
    wsClients: () => hub.connections,
    settlementLagMs: () => delivery.settlementLagMs(),
  });
  await serveWebApp(app, config.webDistDir);
  return app;
}

function createBus(config: Config, database: Database): Bus {
  if (config.redisUrl) return new RedisBus(config.redisUrl, config.redisPrefix);
  if (database.kind === 'postgres' && database.pool && database.url)
    return new PgNotifyBus(database.pool, database.url);
  return new InProcessBus();
}

function createMessenger(config: Config, app: FastifyInstance): Messenger {
  const outbox = new OutboxMessenger(config.dataDir, app.log);
  const email = config.smtpUrl ? new SmtpMessenger(config.smtpUrl, config.smtpFrom) : outbox;
  const sms = config.smsHttpUrl ? new HttpSmsMessenger(config.smsHttpUrl, config.smsHttpToken) : outbox;
  return new RoutingMessenger(email, sms);
}

/** The built H5 app under /h5/; `/` and `/h5` redirect there. index.html is never cached, hashed assets forever. */
async function serveWebApp(app: FastifyInstance, dir: string | undefined) {
  app.get('/', (_req, reply) => reply.redirect('/h5/'));
  if (!dir || !existsSync(dir)) return;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/h5/',
    // The entry is served by the route below: with trailing-slash folding the plugin's own index misses /h5/.
    index: false,
    setHeaders(res, filePath) {
      res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/h5/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
}
