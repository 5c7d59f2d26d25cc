/**
 * The bank test (issue 12): two server processes on one PostgreSQL and one Redis under a steady workload of demo
 * traders (delivery orders that settle all the time, transfers, perpetual limit orders near the market), through
 * the faults a deployment meets: a node killed -9 mid-settlement, the feed leader killed, a real PostgreSQL
 * restart, Redis stopped for 8 s. It prints the figures the issue asks for and exits 1 if any is off.
 *
 * It restarts the servers it is given, so never point it at a shared one: run a private PostgreSQL and Redis, e.g.
 *   initdb -D /tmp/bank-pg -U postgres --auth=trust && pg_ctl -D /tmp/bank-pg -o '-p 5433' -l /tmp/bank-pg.log start
 *   redis-server --port 6380 --daemonize yes --save '' --appendonly no
 *   BANK_DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres BANK_REDIS_URL=redis://127.0.0.1:6380 \
 *   BANK_PG_RESTART="pg_ctl -D /tmp/bank-pg -m fast -o '-p 5433' -l /tmp/bank-pg.log restart" \
 *   BANK_REDIS_STOP="redis-cli -p 6380 shutdown nosave" BANK_REDIS_START="redis-server --port 6380 --daemonize yes --save ''" \
 *   npx tsx scripts/bank-test.ts
 */
import { exec } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Ledger } from '../apps/server/src/ledger/index.js';
import { queryRows } from '../apps/server/src/platform/db.js';
import { type Server, killServers, rid, startServer, trader } from '../apps/server/src/process-testing.js';
import { createTestDatabase } from '../apps/server/src/testing.js';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required (see the comment at the top of scripts/bank-test.ts)`);
  return v;
};
const DURATION_MS = Number(process.env.BANK_SECONDS ?? 150) * 1000;
const TRADERS = Number(process.env.BANK_TRADERS ?? 24);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A shell command, without blocking the event loop (the watchers keep polling while it runs). */
const run = (cmd: string) =>
  new Promise<void>((resolve, reject) => exec(cmd, (err) => (err ? reject(err) : resolve())));

process.env.DATABASE_URL = env('BANK_DATABASE_URL');
const db = await createTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-bank-'));
const serverEnv = {
  DATA_DIR: dataDir,
  DATABASE_URL: db.url!,
  REDIS_URL: env('BANK_REDIS_URL'),
  REDIS_PREFIX: `bank-${Date.now()}:`,
};

const figures = {
  calls: 0,
  acknowledged: 0,
  refused: 0,
  internalErrors: 0,
  /** 500 answers while no fault was under way (a deadlock or a bug): must be 0. */
  internalErrorsOutsideFaults: 0,
  refusals: {} as Record<string, number>,
  networkErrors: 0,
  unexpectedExits: 0,
  feedBackMs: [] as { fault: string; ms: number }[],
  readyRedDuringPgRestart: false,
  readyGreenAfterPgRestartMs: -1,
};
const deliveryIds = new Set<string>();
/** Faults under way (and their aftermath, 10 s): answers then may fail, and are not held against the figures. */
let faults = 0;
async function duringFault<T>(work: () => Promise<T>): Promise<T> {
  faults++;
  try {
    return await work();
  } finally {
    setTimeout(() => faults--, 10_000);
  }
}

const nodes: Server[] = [];
const intentional = new WeakSet<object>();
async function startNode(): Promise<Server> {
  const s = await startServer(serverEnv, 120_000);
  s.child.once('exit', () => {
    if (!intentional.has(s.child)) figures.unexpectedExits++;
  });
  return s;
}
const alive = () => nodes.filter((n) => n.child.exitCode === null);

async function leads(s: Server) {
  try {
    return /nexa_leader\{role="feed"\} 1/.test(await (await fetch(`${s.url}/metrics`)).text());
  } catch {
    return false;
  }
}
async function ready(s: Server) {
  try {
    return (await fetch(`${s.url}/api/ready`)).status === 200;
  } catch {
    return false;
  }
}
async function newestTick(): Promise<number> {
  const rows = await queryRows<{ ts: string | null }>(db.db, sql`SELECT max(ts_ms) AS ts FROM ticks`).catch(() => []);
  return Number(rows[0]?.ts ?? 0);
}
/** How long after `since` a tick newer than `since` was stored. */
async function feedBack(fault: string, since: number) {
  for (;;) {
    if ((await newestTick()) > since) {
      figures.feedBackMs.push({ fault, ms: Date.now() - since });
      return;
    }
    if (Date.now() - since > 60_000) {
      figures.feedBackMs.push({ fault, ms: Number.POSITIVE_INFINITY });
      return;
    }
    await sleep(100);
  }
}

/** One call on a live node, counted: acknowledged, refused (a business answer), 500, or no answer at all. */
async function call<T>(p: string, body: object, token: string): Promise<T | null> {
  const live = alive();
  const node = live[Math.floor(Math.random() * live.length)];
  if (!node) return null;
  figures.calls++;
  try {
    const res = await node.api<T>(p, body, token);
    if (res.code === 1) {
      figures.acknowledged++;
      return res.data;
    }
    if (res.code === 500) {
      figures.internalErrors++;
      if (faults === 0) figures.internalErrorsOutsideFaults++;
    } else {
      figures.refused++;
      figures.refusals[res.msg] = (figures.refusals[res.msg] ?? 0) + 1;
    }
  } catch {
    figures.networkErrors++;
  }
  return null;
}

async function workload(token: string, until: number) {
  await call(
    'index/zySubmit',
    { from: 'spot', to: 'perpetual', currency: 'USDT', amount: '1000', requestId: rid() },
    token,
  );
  for (let i = 0; Date.now() < until; i++) {
    const symbol = i % 2 ? 'BTCUSDT' : 'ETHUSDT';
    const order = await call<{ id: string }>(
      'order/createDeliveryOrder',
      { symbol, direction: i % 3 ? 'call' : 'put', seconds: 30, amount: '10', requestId: rid() },
      token,
    );
    if (order) deliveryIds.add(order.id);
    const [from, to] = i % 2 ? ['delivery', 'spot'] : ['spot', 'delivery'];
    await call('index/zySubmit', { from, to, currency: 'USDT', amount: '1', requestId: rid() }, token);
    if (i % 4 === 0) {
      const info = await call<{ price: string }>('product/getProductInfo', { symbol }, token);
      if (info?.price) {
        // A limit a hair under (long) or over (short) the market: the walk crosses most of them within the run.
        const long = i % 8 === 0;
        const price = (Number.parseFloat(info.price) * (long ? 0.9995 : 1.0005)).toFixed(2);
        await call(
          'Sustainable/createOrder',
          {
            symbol,
            side: long ? 'long' : 'short',
            type: 'limit',
            price,
            quantity: '1',
            leverage: 10,
            requestId: rid(),
          },
          token,
        );
      }
    }
    await sleep(200);
  }
}

async function killAndRestart(which: 'leader' | 'other', label: string) {
  const live = alive();
  const flags = await Promise.all(live.map(leads));
  const leader = live[flags.indexOf(true)] ?? live[0]!;
  const victim = which === 'leader' ? leader : (live.find((n) => n !== leader) ?? leader);
  intentional.add(victim.child);
  const at = Date.now();
  await victim.stop('SIGKILL');
  nodes.splice(nodes.indexOf(victim), 1);
  if (which === 'leader') await feedBack(label, at);
  nodes.push(await startNode());
}

async function restartPostgres() {
  const at = Date.now();
  const watch = (async () => {
    for (let i = 0; i < 600; i++) {
      const states = await Promise.all(alive().map(ready));
      if (states.some((s) => !s)) figures.readyRedDuringPgRestart = true;
      if (figures.readyRedDuringPgRestart && states.every(Boolean)) {
        figures.readyGreenAfterPgRestartMs = Date.now() - at;
        return;
      }
      await sleep(100);
    }
  })();
  await run(env('BANK_PG_RESTART'));
  await feedBack('postgres restart', at);
  await watch;
}

async function stopRedis(ms: number) {
  await run(env('BANK_REDIS_STOP'));
  await sleep(ms);
  await run(env('BANK_REDIS_START'));
  await feedBack('redis back', Date.now());
}

async function checks() {
  const ids = [...deliveryIds];
  const statusOf = await queryRows<{ id: string; status: string }>(
    db.db,
    sql`SELECT id::text AS id, status FROM delivery_orders WHERE mode = 'demo'`,
  );
  const known = new Map(statusOf.map((r) => [r.id, r.status]));
  const missing = ids.filter((id) => !known.has(id)).length;
  const unsettled = statusOf.filter((r) => !['won', 'lost', 'draw', 'refunded'].includes(r.status)).length;
  const resolvedTwice = await queryRows<{ n: number }>(
    db.db,
    sql`SELECT count(*)::int AS n FROM (SELECT p.id FROM ledger_transfers p JOIN ledger_transfers r ON r.pending_id = p.id
        WHERE p.kind = 'pending' AND p.type = 'delivery_stake' GROUP BY p.id HAVING count(*) > 1) x`,
  );
  const unstored = await queryRows<{ n: number }>(
    db.db,
    sql`SELECT count(*)::int AS n FROM delivery_orders o
        WHERE (o.entry_ts IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ticks t WHERE t.symbol = o.symbol
                 AND t.ts_ms = o.entry_ts AND t.price = o.entry_price))
           OR (o.exit_ts IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ticks t WHERE t.symbol = o.symbol
                 AND t.ts_ms = o.exit_ts AND t.price = o.exit_price))`,
  );
  // A pending limit the stored market crossed (strictly after the order was placed) should have filled.
  const crossedUnfilled = await queryRows<{ n: number }>(
    db.db,
    sql`SELECT count(*)::int AS n FROM perp_orders o WHERE o.status = 'pending' AND o.type = 'limit'
        AND EXISTS (SELECT 1 FROM ticks t WHERE t.symbol = o.symbol
                      AND t.ts_ms > (extract(epoch FROM o.updated_at) * 1000)::bigint + 1000
                      AND t.ts_ms < (extract(epoch FROM now()) * 1000)::bigint - 5000
                      AND ((o.side = 'long' AND t.price <= o.price) OR (o.side = 'short' AND t.price >= o.price)))`,
  );
  const filled = await queryRows<{ n: number }>(
    db.db,
    sql`SELECT count(*)::int AS n FROM perp_orders WHERE type = 'limit' AND status = 'filled'`,
  );
  const deadlocks = await queryRows<{ n: number }>(
    db.db,
    sql`SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()`,
  );
  const violations = await new Ledger().violations(db.db);
  return {
    deliveryAcknowledged: ids.length,
    deliveryMissing: missing,
    deliveryUnsettled: unsettled,
    settledTwice: resolvedTwice[0]!.n,
    entriesOrExitsNotStored: unstored[0]!.n,
    limitsFilled: filled[0]!.n,
    crossedLimitsUnfilled: crossedUnfilled[0]!.n,
    postgresDeadlocks: deadlocks[0]!.n,
    ledgerViolations: violations.length,
  };
}

try {
  nodes.push(await startNode(), await startNode());
  const tokens: string[] = [];
  for (let i = 0; i < TRADERS; i++) tokens.push(await trader(nodes[i % 2]!, dataDir));
  const t0 = Date.now();
  const until = t0 + DURATION_MS;
  const work = Promise.all(tokens.map((t) => workload(t, until)));
  const at = (s: number) => sleep(Math.max(0, t0 + s * 1000 - Date.now()));
  await at(20);
  await duringFault(() => killAndRestart('other', 'node killed mid-settlement'));
  await at(45);
  await duringFault(() => killAndRestart('leader', 'feed leader killed (1)'));
  await at(70);
  await duringFault(restartPostgres);
  await at(95);
  await duringFault(() => stopRedis(8_000));
  await at(120);
  await duringFault(() => killAndRestart('leader', 'feed leader killed (2)'));
  await work;
  // Everything placed expires within 30 s; settlement then needs the market past the expiry.
  await sleep(45_000);
  const result = { ...figures, ...(await checks()) };
  console.log(JSON.stringify(result, null, 2));
  const ok =
    result.unexpectedExits === 0 &&
    result.internalErrorsOutsideFaults === 0 &&
    result.feedBackMs.every((f) => f.ms <= 5_000) &&
    result.postgresDeadlocks === 0 &&
    result.entriesOrExitsNotStored === 0 &&
    result.crossedLimitsUnfilled === 0 &&
    result.ledgerViolations === 0 &&
    result.deliveryMissing === 0 &&
    result.deliveryUnsettled === 0 &&
    result.settledTwice === 0 &&
    result.readyRedDuringPgRestart &&
    result.readyGreenAfterPgRestartMs > 0;
  console.log(ok ? 'bank test: every figure holds' : 'bank test: FAILED');
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const n of nodes) intentional.add(n.child);
  killServers();
  await db.close().catch(() => {});
}
