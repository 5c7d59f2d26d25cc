import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WsFrame } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import WebSocket from 'ws';
import { type AppDeps, buildApp } from './app.js';
import { type Config, DEFAULT_AUTH_LIMITS, type FundingConfig, loadConfig } from './config.js';
import { createOperator as createOperatorAccount } from './modules/admin/operators.js';
import type { Depth, FeedProduct, FeedSink, FeedSource, Trade } from './modules/market/feed/types.js';
import type { MarketConfig } from './modules/market/service.js';
import { type Database, openDatabase } from './platform/db.js';
import type { Messenger, OutgoingMessage } from './platform/messenger.js';
import { TEST_IMAGE_ENV } from './test-image.setup.js';

/**
 * Test support shared by server tests, e2e tests and benchmarks: a real database per test file (in-memory
 * PGlite, or a fresh PostgreSQL database when DATABASE_URL is set) and the real app built on it.
 */
/**
 * A fresh database: on the PostgreSQL server `url` names (DATABASE_URL by default), else embedded. A test that needs
 * PostgreSQL whatever the run's engine passes the URL instead of setting DATABASE_URL: the environment outlives a
 * test file in a worker that runs several.
 */
export async function createTestDatabase(url = process.env.DATABASE_URL): Promise<Database> {
  if (!url) {
    // The run's migrated image (test-image.setup.ts), when there is one: a fresh PGlite otherwise.
    const image = process.env[TEST_IMAGE_ENV];
    return openDatabase(image ? { pgliteImage: new Blob([readFileSync(image)]) } : {});
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), maxConnections: 30 });
  return {
    ...database,
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/**
 * A fresh database on a PostgreSQL server whichever engine the suite runs on (DATABASE_URL, else the local
 * server): for tests of what only a server does (deadlocks, cut connections, several processes).
 */
export async function createPostgresTestDatabase(): Promise<Database> {
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = saved || 'postgres://postgres@127.0.0.1:5432/test';
  try {
    return await createTestDatabase();
  } finally {
    // Assigning undefined would store the string "undefined", which the next call would take for a URL.
    if (saved === undefined) Reflect.deleteProperty(process.env, 'DATABASE_URL');
    else process.env.DATABASE_URL = saved;
  }
}

/** Keeps every message sent, so tests read codes as a user reads their inbox. */
export class MemoryMessenger implements Messenger {
  readonly sent: OutgoingMessage[] = [];
  async send(m: OutgoingMessage): Promise<void> {
    this.sent.push(m);
  }
  lastCode(to: string): string {
    const m = this.sent.findLast((x) => x.to === to && x.code !== undefined);
    if (!m?.code) throw new Error(`no code was sent to ${to}`);
    return m.code;
  }
}

/** A clock tests move by hand. */
export class TestClock {
  constructor(public ms = Date.now()) {}
  now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  messenger: MemoryMessenger;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

/**
 * Deposit addresses for tests that deposit: the server has none by default (a chain without one takes no
 * deposits), so fixtures set them explicitly. Test values only, never a real wallet.
 */
export const TEST_DEPOSIT_ADDRESSES = {
  DEPOSIT_ADDRESS_TRC20: 'TNexaTestDepositAddressXXXXXXXXXXX',
  DEPOSIT_ADDRESS_ERC20: '0x4e6578615465737444657073697445524332307a',
  DEPOSIT_ADDRESS_BEP20: '0x4e6578615465737444657073697442455032307a',
  DEPOSIT_ADDRESS_BTC: 'bc1qnexatest0dep0s2tadd7essqqqqqqqqqqqqqq',
} as const;

/** The configuration `env` alone gives (no test addresses), e.g. to start a server as a partly set-up deployment. */
export function configFromEnv(env: Record<string, string>): Config {
  return loadConfig({ DATA_DIR: tmpdir(), ...env });
}

/** Configuration a test sets; `funding` is merged into the test defaults. */
export type TestOverrides = Partial<Omit<Config, 'funding' | 'market'>> & {
  funding?: Partial<FundingConfig>;
  market?: Partial<MarketConfig>;
};

/**
 * Hours of generated history a test server's first start writes: two, not a deployment's 24. Every chart and 24 h
 * figure has candles to show, and a start is ~6 s sooner on an idle machine (12.8 s against 6.3 s to a live feed),
 * far more on a busy one; a journey that reads a day of candles (the chart's intervals) asks for 24.
 */
const TEST_SERVER_HISTORY_HOURS = 2;

export async function createTestApp(
  overrides: TestOverrides = {},
  extra: Pick<
    AppDeps,
    | 'priceSource'
    | 'hubOptions'
    | 'deliveryLimits'
    | 'settlement'
    | 'perpetualLimits'
    | 'perpetualEngine'
    | 'now'
    | 'copyLimits'
    | 'bus'
  > = {},
  /** A database shared with an earlier app (a restart); the caller closes it. */
  shared?: Database,
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-test-'));
  const base = loadConfig({ DATA_DIR: dataDir, ...TEST_DEPOSIT_ADDRESSES });
  const config: Config = {
    ...base,
    // Short waits keep the slow-down real but cheap; the counts under test are the production ones.
    auth: { ...DEFAULT_AUTH_LIMITS, loginSlowdownStepMs: 1, perIpPerMinute: 10_000, lookupPerIpPerMinute: 10_000 },
    // Operators without a second factor may work unless a test asks for the rule (operator-lockout.test).
    adminRequire2fa: false,
    ...overrides,
    // A bound address is usable at once unless a test sets the delay it checks.
    funding: { ...base.funding, perIpPerMinute: 10_000, addressDelayHours: 0, ...overrides.funding },
    // The feed is off unless a test asks for it: most tests need the catalogue, not moving prices.
    market: { ...base.market, feed: false, historyHours: 0, ...overrides.market },
  };
  const database = shared ?? (await createTestDatabase());
  const messenger = new MemoryMessenger();
  const clock = new TestClock();
  const app = await buildApp({ config, database, messenger, now: clock.now, logger: false, ...extra });
  await app.ready();
  return {
    app,
    database,
    messenger,
    clock,
    config,
    async close() {
      await app.close();
      if (!shared) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs a contract call the way the H5 app does and returns the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  apiPath: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<{ code: number; msg: string; data: T }> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${apiPath}`,
    payload: body as object,
    headers: { lang: 'en', ...headers },
  });
  return res.json();
}

export interface TestServer {
  url: string;
  /** The database the server runs on, when it is PostgreSQL. */
  databaseUrl: string | undefined;
  dataDir: string;
  config: Config;
  /** Codes as a person reads them: the last line of DATA_DIR/outbox.jsonl sent to `to`. */
  lastOutboxCode(to: string): string;
  /** A real operator on this server's database (as `npm run admin:create` makes one), logged in: its ADMIN-TOKEN. */
  createOperator(username?: string): Promise<{ username: string; password: string; token: string }>;
  close(): Promise<void>;
}

/**
 * The real server on a free loopback port, with the outbox transport and the built H5 app (e2e, benchmarks).
 * `extra`: a price source a journey drives by hand (`ManualSource`), the delivery timings.
 */
export async function startTestServer(
  overrides: TestOverrides = {},
  extra: Pick<AppDeps, 'priceSource' | 'deliveryLimits'> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-e2e-'));
  const base = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...TEST_DEPOSIT_ADDRESSES });
  const config: Config = {
    ...base,
    // WEB_DIST_DIR / ADMIN_DIST_DIR point a run at builds of its own (two people testing changes side by side in one
    // checkout would otherwise overwrite each other's `dist` mid-run); unset, the apps' own builds.
    webDistDir: path.resolve(
      process.env.WEB_DIST_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist'),
    ),
    adminDistDir: path.resolve(
      process.env.ADMIN_DIST_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../admin/dist'),
    ),
    // The journeys' operators sign in with a password alone unless one asks for the rule (console.e2e).
    adminRequire2fa: false,
    ...overrides,
    funding: { ...base.funding, ...overrides.funding },
    market: { ...base.market, historyHours: TEST_SERVER_HISTORY_HOURS, ...overrides.market },
  };
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: { level: config.logLevel }, ...extra });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    databaseUrl: database.url,
    dataDir,
    config,
    lastOutboxCode(to) {
      const file = path.join(dataDir, 'outbox.jsonl');
      const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
      const last = lines
        .map((l) => JSON.parse(l) as { to: string; code: string | null })
        .findLast((m) => m.to === to && m.code !== null);
      if (!last?.code) throw new Error(`no message to ${to} in the outbox`);
      return last.code;
    },
    createOperator: (username) => loginOperator({ app, database }, username),
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A price source a test drives by hand: whatever it is given goes to the market module as if from a feed. */
export class ManualSource implements FeedSource {
  readonly name = 'manual';
  private sink: FeedSink | undefined;
  /** The products the market asked this source to price. */
  products: string[] = [];
  async start(products: FeedProduct[], sink: FeedSink): Promise<void> {
    this.products = products.map((p) => p.symbol);
    this.sink = sink;
  }
  async stop(): Promise<void> {
    this.sink = undefined;
  }
  ticks(ticks: { symbol: string; ts: number; price: string; size?: string }[]) {
    this.sink?.ticks(ticks.map((t) => ({ size: '0', source: 'manual', ...t })));
  }
  depth(d: Depth) {
    this.sink?.depth(d);
  }
  trades(t: Trade[]) {
    this.sink?.trades(t);
  }
}

/** Waits until `cond` holds, polling; fails after `timeoutMs`. */
export async function until(cond: () => boolean, timeoutMs = 5000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

let userSeq = 0;
/** Registers a fresh user by e-mail through the API, as a person would, and returns a caller bound to them. */
export async function registerUser(t: Pick<TestApp, 'app' | 'messenger'>) {
  const email = `user${++userSeq}.${Date.now().toString(36)}@example.com`;
  await call(t.app, 'ems/send', { email, scene: 'register' });
  const res = await call<{ token: string; user: { uid: number } }>(t.app, 'user/register', {
    type: 'email',
    email,
    code: t.messenger.lastCode(email),
    password: 'password-123',
    password2: 'password-123',
  });
  if (res.code !== 1) throw new Error(`registration failed: ${res.msg}`);
  const { token, user } = res.data;
  const as = <T = unknown>(path: string, body: object = {}) => call<T>(t.app, path, body, { TOKEN: token });
  return { email, token, user, as };
}

/** An operator row for tests of the review ports (the operator API creates them with their password). */
export async function createOperator(db: Database['db'], username: string): Promise<string> {
  const rows = (await db.execute(
    sql`INSERT INTO operators (username, password_hash) VALUES (${username}, 'not-a-hash') RETURNING id::text AS id`,
  )) as unknown as { rows: { id: string }[] };
  return rows.rows[0]!.id;
}

/** The smallest valid PNG (1×1, transparent), for upload tests. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Posts `bytes` to `common/upload` as the browser does (multipart, field `file`) and returns the envelope. */
export async function uploadFile<T = { name: string; url: string; mime: string; size: number }>(
  app: FastifyInstance,
  token: string | undefined,
  bytes: Buffer,
  o: { filename?: string; contentType?: string; field?: string; lang?: string } = {},
): Promise<{ code: number; msg: string; data: T }> {
  const boundary = `----nexa${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${o.field ?? 'file'}"; filename="${o.filename ?? 'image.png'}"\r\n` +
      `Content-Type: ${o.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/common/upload',
    payload: Buffer.concat([head, bytes, tail]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      lang: o.lang ?? 'en',
      ...(token ? { token } : {}),
    },
  });
  return res.json();
}

let operatorSeq = 0;
export const TEST_OPERATOR_PASSWORD = 'Operat0r-pass-2024';
/** Creates an operator with admin:create's own function and logs in over /api/admin/login. */
export async function loginOperator(
  t: { app: FastifyInstance; database: Database },
  username = `op${++operatorSeq}.${Date.now().toString(36)}`,
): Promise<{ username: string; password: string; token: string }> {
  const op = await createOperatorAccount(t.database.db, { username, password: TEST_OPERATOR_PASSWORD });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: op.username, password: TEST_OPERATOR_PASSWORD },
  });
  const body = res.json() as { code: number; msg: string; data: { token: string } };
  if (body.code !== 1) throw new Error(`operator login failed: ${body.msg}`);
  return { username: op.username, password: TEST_OPERATOR_PASSWORD, token: body.data.token };
}

/** A WebSocket test client that records every message (frames may hold one message or an array of them). */
export class WsTestClient {
  readonly messages: WsFrame[] = [];
  readonly replies: { op: string; msg?: string; channels?: string[] }[] = [];
  frames = 0;
  closed = false;
  readonly ws: WebSocket;
  readonly opened: Promise<void>;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (raw) => {
      const parsed = JSON.parse(raw.toString());
      if (!Array.isArray(parsed) && 'op' in parsed) {
        this.replies.push(parsed);
        return;
      }
      this.frames++;
      this.messages.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    });
    this.ws.on('close', () => {
      this.closed = true;
    });
  }

  send(msg: object) {
    this.ws.send(JSON.stringify(msg));
  }

  on(channel: string) {
    return this.messages.filter((m) => m.channel === channel);
  }
}
