import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Code } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { migrations } from '../../migrations/index.js';
import type { Bus } from '../../platform/bus.js';
import { type Database, queryRows, transactionStats } from '../../platform/db.js';

/**
 * Operations: `/api/health` (the process answers), `/api/ready` (this node can serve: a load balancer sends it
 * traffic only while green) and `/metrics` (Prometheus). Readiness answers HTTP 503 when red, the one place
 * where the HTTP status carries the outcome, because that is what load balancers read.
 */
export interface OpsDeps {
  database: Database;
  bus: Bus;
  /** Age of the newest price this node has, per product that should be priced; empty when the feed is off. */
  priceAgesMs: () => number[];
  /** Age of the newest stored tick, per product that should be priced (what orders and settlement rely on). */
  storedPriceAgesMs: () => Promise<number[]>;
  /** Whether this node leads the market feed and the trigger engine. */
  leads: () => { feed: boolean; triggers: boolean };
  wsClients: () => number;
  /** Settlement lag: how long the oldest open delivery order has been past its expiry (0: none). */
  settlementLagMs: () => Promise<number>;
  /** Prices older than this make the node not ready. */
  staleAfterMs?: number;
}

const READY_TIMEOUT_MS = 2_000;
const BUS_PROBE_TOPIC = 'ops-probe';

export async function registerOps(app: FastifyInstance, d: OpsDeps) {
  const staleAfterMs = d.staleAfterMs ?? 10_000;
  const startedAt = Date.now();
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });

  // The bus check: a message this node publishes comes back to it (a deaf subscriber is not connected).
  const probe = { sent: '', heardAt: 0 };
  await d.bus.subscribe(BUS_PROBE_TOPIC, (m) => {
    if (m.nonce === probe.sent) probe.heardAt = Date.now();
  });
  const busRoundTrip = async (): Promise<boolean> => {
    if (!d.bus.connected()) return false;
    probe.sent = `${process.pid}-${Math.random().toString(36).slice(2)}`;
    const sentAt = Date.now();
    await d.bus.publish(BUS_PROBE_TOPIC, { nonce: probe.sent }).catch(() => {});
    while (probe.heardAt < sentAt && Date.now() - sentAt < READY_TIMEOUT_MS) await sleep(10);
    return probe.heardAt >= sentAt;
  };

  app.get('/api/health', async () => ({
    code: Code.OK,
    msg: 'ok',
    data: { status: 'ok', db: d.database.kind, uptimeSec: Math.round((Date.now() - startedAt) / 1000) },
  }));

  app.get('/api/ready', async (_req, reply) => {
    const [database, migrated, bus] = await Promise.all([
      withTimeout(queryRows(d.database.db, sql`SELECT 1 AS ok`).then(() => true)),
      withTimeout(
        queryRows<{ n: number }>(d.database.db, sql`SELECT count(*)::int AS n FROM schema_migrations`).then(
          (r) => Number(r[0]!.n) >= migrations.length,
        ),
      ),
      withTimeout(busRoundTrip()),
    ]);
    const ages = d.priceAgesMs();
    const prices = ages.length === 0 || Math.max(...ages) <= staleAfterMs;
    const checks = { database, migrated, bus, prices, accepting: !draining };
    // The bus is reported, not required: a node without it still serves every call on stored prices (the market reads
    // them from `ticks` meanwhile), and a Redis shared by every node would otherwise take the whole fleet out of the
    // balancer at once.
    const ready = database && migrated && prices && !draining;
    return reply
      .status(ready ? 200 : 503)
      .send({ code: ready ? Code.OK : Code.INTERNAL, msg: ready ? 'ready' : 'not ready', data: { ready, checks } });
  });

  registerMetrics(app, d);
}

/** `/metrics`: Prometheus figures of this node (requests, pool, sockets, feed, settlement, retries, event loop). */
function registerMetrics(app: FastifyInstance, d: OpsDeps) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'nexa_http_request_duration_seconds',
    help: 'API calls by route and envelope-independent HTTP status',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.observe({ route, method: req.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  app.addHook('onClose', async () => loopDelay.disable());
  const loopDelayMax = new Gauge({
    name: 'nexa_event_loop_delay_max_seconds',
    help: 'Longest event-loop delay since the previous scrape (a stall: timers, ticks and calls all wait)',
    registers: [registry],
  });
  new Gauge({
    name: 'nexa_event_loop_delay_p99_seconds',
    help: 'p99 event-loop delay since the previous scrape',
    registers: [registry],
    collect() {
      this.set(loopDelay.percentile(99) / 1e9);
      loopDelayMax.set(loopDelay.max / 1e9);
      loopDelay.reset();
    },
  });
  const pool = d.database.pool;
  new Gauge({
    name: 'nexa_db_pool_connections',
    help: 'PostgreSQL pool connections by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'nexa_ws_clients',
    help: 'WebSocket connections on this node',
    registers: [registry],
    collect() {
      this.set(d.wsClients());
    },
  });
  new Gauge({
    name: 'nexa_feed_lag_seconds',
    help: 'Age of the oldest newest-price among priced products on this node',
    registers: [registry],
    collect() {
      const ages = d.priceAgesMs();
      this.set(ages.length === 0 ? 0 : Math.max(...ages) / 1000);
    },
  });
  new Gauge({
    name: 'nexa_feed_stored_lag_seconds',
    help: 'Age of the oldest newest-stored tick among priced products (now minus the latest tick in the ticks table)',
    registers: [registry],
    async collect() {
      const ages = await d.storedPriceAgesMs().catch(() => []);
      this.set(ages.length === 0 ? 0 : Math.max(...ages) / 1000);
    },
  });
  new Gauge({
    name: 'nexa_leader',
    help: '1 when this node leads the singleton work',
    labelNames: ['role'],
    registers: [registry],
    collect() {
      const l = d.leads();
      this.set({ role: 'feed' }, l.feed ? 1 : 0);
      this.set({ role: 'triggers' }, l.triggers ? 1 : 0);
    },
  });
  new Gauge({
    name: 'nexa_settlement_lag_seconds',
    help: 'How long the oldest open delivery order has been past its expiry',
    registers: [registry],
    async collect() {
      this.set((await d.settlementLagMs().catch(() => 0)) / 1000);
    },
  });
  new Counter({
    name: 'nexa_transaction_retries_total',
    help: 'Transactions run again after a deadlock or serialization failure',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ reason: 'deadlock' }, transactionStats.deadlocks);
      this.inc({ reason: 'serialization' }, transactionStats.serializationFailures);
    },
  });
  app.get('/metrics', async (_req, reply) =>
    reply.header('content-type', registry.contentType).send(await registry.metrics()),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** false when `p` fails or takes longer than the readiness timeout. */
async function withTimeout(p: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((r) => {
    timer = setTimeout(() => r(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([p.catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
