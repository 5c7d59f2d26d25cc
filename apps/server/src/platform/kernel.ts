import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { type Bus, InProcessBus, PgNotifyBus, RedisBus, typedBus } from './bus.js';
import type { Database } from './db.js';
import { DomainEvents } from './domain-events.js';
import { type Router, createRouter, installErrorHandling } from './http.js';
import {
  HttpSmsMessenger,
  type Messenger,
  OutboxMessenger,
  PhraseMessenger,
  RoutingMessenger,
  SmtpMessenger,
} from './messenger.js';
import { UserEvents } from './user-events/index.js';

/**
 * What every module is built on: the configuration, the database, the bus between nodes, the messenger, the one
 * router for users' and operators' calls, the clock, and an ordered shutdown. `buildApp` creates it once; each
 * module (a Fastify plugin, see `nexaModule`) reads it as `app.platform`.
 */
export interface Platform {
  config: Config;
  database: Database;
  bus: Bus;
  /** Adds the recipient's anti-phishing phrase to every message. */
  messenger: PhraseMessenger;
  router: Router;
  /** Fees charged, stakes settled: what later domains (rebates) build on, after each commit. */
  events: DomainEvents;
  /** The `user` channel's events: raised in the transaction that caused them, journaled, sent after the commit. */
  userEvents: UserEvents;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /**
   * Work to stop when the app closes (settlement, engines, feeds): the last one added stops first, and all of them
   * before the bus closes, so nothing that publishes or writes outlives the bus or the pool it uses.
   */
  onStop(stop: () => Promise<void>): void;
  /** Work to stop as soon as the app starts draining (SIGTERM), while calls in flight still finish. */
  onDrain(drain: () => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

/** How often each node drops journaled user events older than the replay window. */
const USER_EVENT_PRUNE_MS = 60_000;

export interface PlatformOptions {
  config: Config;
  database: Database;
  /** Replaces the configured transports (tests read codes from it). */
  messenger?: Messenger;
  /** Replaces the default bus (Redis, PostgreSQL NOTIFY or in process). */
  bus?: Bus;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A domain module: one Fastify plugin that registers its routes, workers and bus consumers, decorates the app with
 * what other modules and tests use, and names the modules it needs (Fastify checks they were registered first).
 */
export function nexaModule<O extends object = Record<never, never>>(
  name: string,
  plugin: FastifyPluginAsync<O>,
  dependencies: string[] = [],
) {
  return fp(plugin, { name, dependencies: ['platform', ...dependencies], fastify: '5.x' });
}

/** Security headers, compression, rate limits (in Redis when there is one), error envelopes, and `app.platform`. */
export const platformPlugin = fp<PlatformOptions>(
  async (app, o) => {
    const { config, database } = o;
    installErrorHandling(app, config.defaultLang);
    await registerHttpPlugins(app, config);
    const bus = o.bus ?? createBus(config, database, app);
    const stops: (() => Promise<void>)[] = [];
    const drains: (() => Promise<void>)[] = [];
    const now = o.now ?? (() => new Date());
    const userEvents = new UserEvents({ db: database.db, bus, now });
    app.decorate('platform', {
      config,
      database,
      bus,
      messenger: new PhraseMessenger(o.messenger ?? createMessenger(config, app)),
      router: createRouter(app, config.defaultLang),
      events: new DomainEvents((err, event) => app.log.error({ err, type: event.type }, 'domain event handler failed')),
      userEvents,
      now,
      sleep: o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms))),
      onStop: (stop) => void stops.push(stop),
      onDrain: (drain) => void drains.push(drain),
    } satisfies Platform);
    const pruning = setInterval(() => {
      userEvents.prune().catch((err) => app.log.warn({ err }, 'user events: prune failed'));
    }, USER_EVENT_PRUNE_MS);
    pruning.unref();
    stops.push(async () => clearInterval(pruning));
    app.addHook('preClose', async () => {
      for (const drain of drains) await drain();
    });
    app.addHook('onClose', async () => {
      for (const stop of stops.reverse()) await stop();
      await bus.close();
    });
  },
  { name: 'platform', fastify: '5.x' },
);

async function registerHttpPlugins(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd-mobile sets inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // 'self' covers the app's own WebSocket (ws/wss on this host, CSP 3); any host's `ws:`/`wss:` would let an
        // injected script carry a token off.
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  // While Redis is away a count fails at once (no offline queue: a queued command waited 10-15 s for the reconnect)
  // and the limit lets the call through: Redis is optional, and a lost one must not refuse every login and code with
  // a 500. What guards an account does not rest on these counts: login throttling and code attempts are counted in
  // the database.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1_000 })
    : undefined;
  // A lost Redis is a reconnect, never the end of the process.
  redis?.on('error', () => {});
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'nexa-rl:' } : {}),
    // The error handler turns this into a localized 429 envelope.
    errorResponseBuilder: (_req, ctx) => Object.assign(new Error('rate limited'), { statusCode: ctx.statusCode }),
  });
  if (redis) app.addHook('onClose', async () => void redis.quit());
}

function createBus(config: Config, database: Database, app: FastifyInstance): Bus {
  const transport = config.redisUrl
    ? new RedisBus(config.redisUrl, config.redisPrefix)
    : database.kind === 'postgres' && database.pool && database.url
      ? new PgNotifyBus(database.pool, database.url)
      : new InProcessBus();
  return typedBus(transport, (topic, issues) => app.log.warn({ topic, issues }, 'bus: a message off its schema'));
}

function createMessenger(config: Config, app: FastifyInstance): Messenger {
  const outbox = new OutboxMessenger(config.dataDir, app.log);
  const email = config.smtpUrl ? new SmtpMessenger(config.smtpUrl, config.smtpFrom) : outbox;
  const sms = config.smsHttpUrl ? new HttpSmsMessenger(config.smsHttpUrl, config.smsHttpToken) : outbox;
  return new RoutingMessenger(email, sms);
}
