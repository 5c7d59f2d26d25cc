import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DeliveryOrder, HistoryOrdersData, SessionData } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { Ledger } from './ledger/index.js';
import { type Database, queryRows } from './platform/db.js';
import { TEST_DEPOSIT_ADDRESSES } from './testing.js';

/**
 * Test support for tests that run the real server as child processes (crashes, several nodes, faults): start
 * and stop servers, a demo trader, delivery orders, and the checks that every order settled exactly once.
 * Call `killServers()` in `afterAll`.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = new Set<ChildProcess>();
export function killServers() {
  for (const c of children) c.kill('SIGKILL');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts `src/main.ts` as a child process; it must answer `/api/health` within `startTimeoutMs`. `command` runs it
 * under another program (e.g. `taskset -c 0`, to keep it on one CPU).
 */
export async function startServer(env: Record<string, string>, startTimeoutMs = 60_000, command: string[] = []) {
  const port = await freePort();
  const node = [process.execPath, '--import', 'tsx', 'src/main.ts'];
  const [program, ...args] = [...command, ...node] as [string, ...string[]];
  const child = spawn(program, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MARKET_HISTORY_HOURS: '0',
      REDIS_URL: '',
      // Deposit addresses are unset by default; these servers take deposits like a configured deployment.
      ...TEST_DEPOSIT_ADDRESSES,
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
    if (child.exitCode !== null || i * 250 > startTimeoutMs) throw new Error('server did not start');
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

export type Server = Awaited<ReturnType<typeof startServer>>;
let seq = 0;
export const rid = () => `proc-${Date.now().toString(36)}-${++seq}`;

/** A user registered through `server` with the code its outbox (`dataDir`) received; invited by `inviteCode`. */
export async function registerThrough(server: Server, dataDir: string, inviteCode?: string) {
  const email = `proc${++seq}.${Date.now()}@example.com`;
  await server.api('ems/send', { email, scene: 'register' });
  const lines = readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
  const code = lines.map((l) => JSON.parse(l)).findLast((m: { to: string }) => m.to === email).code;
  const reg = await server.api<SessionData>('user/register', {
    type: 'email',
    email,
    code,
    password: 'password-1',
    password2: 'password-1',
    inviteCode,
  });
  if (reg.code !== 1) throw new Error(`register refused: ${reg.msg}`);
  return { token: reg.data.token, email, user: reg.data.user };
}

/** A demo trader with 5 000 USDT in the delivery wallet, registered through `server`. */
export async function trader(server: Server, dataDir: string) {
  const { token } = await registerThrough(server, dataDir);
  await server.api('user/changeUser', { mode: 'demo' }, token);
  await server.api('user/getDemoMoney', { requestId: rid() }, token);
  await server.api(
    'index/zySubmit',
    { from: 'spot', to: 'delivery', currency: 'USDT', amount: '5000', requestId: rid() },
    token,
  );
  return token;
}

export async function placeOrders(servers: Server[], token: string, n: number): Promise<DeliveryOrder[]> {
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
export async function expectSettledOnce(db: Database, orders: DeliveryOrder[]) {
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

export async function waitAllSettled(server: Server, token: string, n: number, timeoutMs = 60_000) {
  const t0 = Date.now();
  for (;;) {
    const h = await server.api<HistoryOrdersData>('order/historyOrders', { pageSize: 100 }, token);
    if (h.code === 1 && h.data.total >= n) return h.data;
    if (Date.now() - t0 > timeoutMs) throw new Error(`only ${h.data?.total} of ${n} settled`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
