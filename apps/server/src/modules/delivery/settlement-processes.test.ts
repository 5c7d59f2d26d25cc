import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DeliveryOrder, HistoryOrdersData, SessionData } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../ledger/index.js';
import { type Database, openDatabase, queryRows } from '../../platform/db.js';
import { createTestDatabase } from '../../testing.js';

/**
 * Settlement survives what happens to real servers: a process killed while its orders expire, and several
 * processes settling from one database. The servers here are real child processes.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MARKET_HISTORY_HOURS: '0',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null || i > 240) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const api = async <T>(p: string, body: object = {}, token?: string) => {
    const res = await fetch(`${url}/api/${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: T };
  };
  const stop = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { url, api, child, stop };
}

type Server = Awaited<ReturnType<typeof startServer>>;
let seq = 0;
const rid = () => `proc-${Date.now().toString(36)}-${++seq}`;

/** A demo trader with 5 000 USDT in the delivery wallet, registered through `server`. */
async function trader(server: Server, dataDir: string) {
  const email = `proc${++seq}.${Date.now()}@example.com`;
  await server.api('ems/send', { email, scene: 'register' });
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
  const code = lines.map((l) => JSON.parse(l)).findLast((m: { to: string }) => m.to === email).code;
  const reg = await server.api<SessionData>('user/register', {
    type: 'email',
    email,
    code,
    password: 'password-1',
    password2: 'password-1',
  });
  const token = reg.data.token;
  await server.api('user/changeUser', { mode: 'demo' }, token);
  await server.api('user/getDemoMoney', { requestId: rid() }, token);
  await server.api(
    'index/zySubmit',
    { from: 'spot', to: 'delivery', currency: 'USDT', amount: '5000', requestId: rid() },
    token,
  );
  return token;
}

async function placeOrders(servers: Server[], token: string, n: number): Promise<DeliveryOrder[]> {
  const orders: DeliveryOrder[] = [];
  for (let i = 0; i < n; i++) {
    const server = servers[i % servers.length]!;
    for (let attempt = 0; ; attempt++) {
      const res = await server.api<DeliveryOrder>(
        'order/createDeliveryOrder',
        {
          symbol: i % 2 ? 'BTCUSDT' : 'ETHUSDT',
          direction: i % 3 ? 'call' : 'put',
          seconds: 30,
          amount: '10',
          requestId: rid(),
        },
        token,
      );
      if (res.code === 1) {
        orders.push(res.data);
        break;
      }
      // The feed's first tick may still be on its way.
      if (attempt > 20) throw new Error(res.msg);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return orders;
}

/** Every order settled exactly once: one settlement entry each, and the ledger balances. */
async function expectSettledOnce(db: Database, orders: DeliveryOrder[]) {
  const ids = orders.map((o) => o.id);
  const rows = await queryRows<{ id: string; status: string }>(
    db.db,
    sql`SELECT id::text AS id, status FROM delivery_orders WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  expect(rows.map((r) => r.status).filter((s) => !['won', 'lost', 'draw', 'refunded'].includes(s))).toEqual([]);
  const resolutions = await queryRows<{ ref: string; n: number }>(
    db.db,
    sql`SELECT p.ref, count(r.id)::int AS n FROM ledger_transfers p
        JOIN ledger_transfers r ON r.pending_id = p.id
        WHERE p.kind = 'pending' AND p.type = 'delivery_stake' GROUP BY p.ref`,
  );
  expect(resolutions).toHaveLength(orders.length);
  expect(resolutions.every((r) => r.n === 1)).toBe(true);
  const profits = await queryRows<{ ref: string; n: number }>(
    db.db,
    sql`SELECT ref, count(*)::int AS n FROM ledger_transfers WHERE type = 'delivery_profit' GROUP BY ref`,
  );
  expect(profits.every((p) => p.n === 1)).toBe(true);
  expect(profits.length).toBe(rows.filter((r) => r.status === 'won').length);
  expect(await new Ledger().violations(db.db)).toEqual([]);
}

async function waitAllSettled(server: Server, token: string, n: number, timeoutMs = 60_000) {
  const t0 = Date.now();
  for (;;) {
    const h = await server.api<HistoryOrdersData>('order/historyOrders', { pageSize: 100 }, token);
    if (h.code === 1 && h.data.total >= n) return h.data;
    if (Date.now() - t0 > timeoutMs) throw new Error(`only ${h.data?.total} of ${n} settled`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('settlement across process crashes and several processes', () => {
  it('settles every order exactly once after the server is SIGKILLed while they expire', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-crash-'));
    const pgDb = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    const env = { DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url! } : { DATABASE_URL: '' }) };
    try {
      const first = await startServer(env);
      const token = await trader(first, dataDir);
      const orders = await placeOrders([first], token, 8);
      // Killed with no warning some seconds before the orders expire: nothing is flushed or settled.
      await new Promise((r) => setTimeout(r, Math.max(0, orders[0]!.expiresAt - Date.now() - 5_000)));
      await first.stop('SIGKILL');
      // Down across every expiry.
      await new Promise((r) => setTimeout(r, Math.max(0, orders.at(-1)!.expiresAt - Date.now() + 3_000)));
      const second = await startServer(env);
      const settled = await waitAllSettled(second, token, orders.length);
      // Every exit comes from a stored tick at or before the expiry, never the price at restart.
      for (const o of settled.list) {
        if (o.exit) expect(o.exit.ts).toBeLessThanOrEqual(o.expiresAt);
      }
      await second.stop('SIGTERM');
      const db = pgDb ?? (await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') }));
      try {
        await expectSettledOnce(db, orders);
      } finally {
        if (!pgDb) await db.close();
      }
    } finally {
      await pgDb?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it('settles each order once with two server processes on one PostgreSQL', async () => {
    // Two processes cannot share the embedded database: this test always runs on the local PostgreSQL.
    const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = admin;
    const db = await createTestDatabase();
    process.env.DATABASE_URL = saved;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-two-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: db.url! };
      const a = await startServer(env);
      const b = await startServer(env);
      const token = await trader(a, dataDir);
      const orders = await placeOrders([a, b], token, 12);
      await waitAllSettled(b, token, orders.length, 90_000);
      // Exactly one of the two leads the feed: one backend holds the feed's advisory lock.
      const leaders = await queryRows<{ n: number }>(
        db.db,
        sql`SELECT count(*)::int AS n FROM pg_locks
            WHERE locktype = 'advisory' AND objid = 727002 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(leaders[0]!.n).toBe(1);
      await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
      await expectSettledOnce(db, orders);
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
