import type { DeliveryOrder, DepositRecord, PerpOrder, SdQuoteData } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../ledger/index.js';
import { DEFAULT_DELIVERY_LIMITS } from '../modules/delivery/index.js';
import {
  TINY_PNG,
  type TestApp,
  call,
  createPostgresTestDatabase,
  createTestApp,
  loginOperator,
  registerUser,
  until,
  uploadFile,
} from '../testing.js';
import { type Database, queryRows, transactionStats } from './db.js';

/**
 * Issue 12 item 6: the bank test's ordinary load, no fault, on PostgreSQL: 40 clients for 60 s over users who
 * move money between their wallets, place delivery orders that settle under them, open and close perpetual
 * positions, convert, claim demo assets as new users, and get deposits approved by an operator (real money, on
 * accounts opened by the approval). Every path must follow the ledger's one lock order, so PostgreSQL reports no
 * deadlock (counted before any retry), no call answers 500, and the ledger balances. Deadlocks need a server, so
 * this always runs on the local PostgreSQL, also in the embedded suite (as `db-faults.test.ts`).
 */
const CLIENTS = 40;
const LOAD_MS = 60_000;

let t: TestApp;
let database: Database;
let adminToken: string;
beforeAll(async () => {
  database = await createPostgresTestDatabase();
  t = await createTestApp(
    { market: { source: 'sim', seed: 'deadlocks', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 } },
    // The real clock: orders expire and settle while the load runs.
    { now: () => new Date(), deliveryLimits: { ...DEFAULT_DELIVERY_LIMITS, maxActiveOrders: 500 } },
    database,
  );
  adminToken = (await loginOperator(t)).token;
  await until(() => ['BTCUSDT', 'ETHUSDT'].every((s) => t.app.market.latestTick(s)), 20_000);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await database?.close();
});

let seq = 0;
const rid = () => `dl-${Date.now().toString(36)}-${++seq}`;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

type User = Awaited<ReturnType<typeof demoTrader>>;
interface Tally {
  calls: Map<string, { ok: number; refused: number }>;
  internal: string[];
}

async function demoTrader() {
  const u = await registerUser(t);
  await u.as('user/changeUser', { mode: 'demo' });
  await u.as('user/getDemoMoney', { requestId: rid() });
  return { ...u, positions: [] as string[] };
}

/** One call as a user, its answer tallied by route: refusals are fine under load, a 500 is not. */
async function as<T>(tally: Tally, u: User, path: string, body: object = {}) {
  const res = await u.as<T>(path, body);
  const row = tally.calls.get(path) ?? { ok: 0, refused: 0 };
  if (res.code === 1) row.ok++;
  else row.refused++;
  tally.calls.set(path, row);
  if (res.code === 500) tally.internal.push(`${path}: ${res.msg}`);
  return res;
}

const WALLETS = ['spot', 'delivery', 'perpetual'] as const;

/** The bank test's operations, each as the H5 app calls it. */
const operations: [weight: number, run: (tally: Tally, u: User, users: User[]) => Promise<unknown>][] = [
  [
    4,
    (tally, u) =>
      as<DeliveryOrder>(tally, u, 'order/createDeliveryOrder', {
        symbol: pick(['BTCUSDT', 'ETHUSDT']),
        direction: pick(['call', 'put']),
        seconds: 30,
        amount: '10',
        requestId: rid(),
      }),
  ],
  [
    3,
    (tally, u) => {
      const from = pick(WALLETS);
      const to = pick(WALLETS.filter((w) => w !== from));
      return as(tally, u, 'index/zySubmit', { from, to, currency: 'USDT', amount: '5', requestId: rid() });
    },
  ],
  [
    3,
    async (tally, u) => {
      const res = await as<PerpOrder>(tally, u, 'Sustainable/createOrder', {
        symbol: 'BTCUSDT',
        side: pick(['long', 'short']),
        type: 'market',
        quantity: '1',
        leverage: 10,
        requestId: rid(),
      });
      if (res.code === 1 && res.data.positionId) u.positions.push(res.data.positionId);
    },
  ],
  [
    3,
    (tally, u) => {
      const positionId = u.positions.shift();
      if (!positionId) return Promise.resolve();
      return as(tally, u, 'Sustainable/closePosition', { positionId, requestId: rid() });
    },
  ],
  [
    2,
    async (tally, u) => {
      const [fromCurrency, toCurrency, amount] = pick([
        ['USDT', 'BTC', '20'],
        ['BTC', 'USDT', '0.0001'],
        ['USDT', 'ETH', '20'],
      ] as const);
      const q = await as<SdQuoteData>(tally, u, 'index/sdQuote', { fromCurrency, toCurrency, amount });
      if (q.code !== 1) return;
      await as(tally, u, 'index/sdSubmit', {
        fromCurrency,
        toCurrency,
        amount,
        slippage: '5',
        rate: q.data.rate,
        requestId: rid(),
      });
    },
  ],
  [
    1,
    async (tally, u) => {
      const screenshot = (await uploadFile(t.app, u.token, TINY_PNG)).data.name;
      const dep = await as<DepositRecord>(tally, u, 'index/czSubmit', {
        currency: pick(['USDT', 'USDC']),
        chain: 'ERC20',
        amount: '100',
        screenshot,
        requestId: rid(),
      });
      if (dep.code !== 1) return;
      const res = await call(t.app, 'admin/approveDeposit', { id: dep.data.id }, { 'ADMIN-TOKEN': adminToken });
      if (res.code === 500) tally.internal.push(`admin/approveDeposit: ${res.msg}`);
      const row = tally.calls.get('admin/approveDeposit') ?? { ok: 0, refused: 0 };
      if (res.code === 1) row.ok++;
      else row.refused++;
      tally.calls.set('admin/approveDeposit', row);
    },
  ],
  [
    1,
    // A new user: the demo claim and first transfers open their accounts while everyone else trades.
    async (tally, _u, users) => {
      const fresh = await demoTrader();
      users.push(fresh);
      await as(tally, fresh, 'index/zySubmit', {
        from: 'spot',
        to: pick(['delivery', 'perpetual']),
        currency: 'USDT',
        amount: '1000',
        requestId: rid(),
      });
    },
  ],
];

function drawOperation() {
  const total = operations.reduce((s, [w]) => s + w, 0);
  let r = Math.random() * total;
  for (const [w, run] of operations) {
    r -= w;
    if (r < 0) return run;
  }
  return operations[0]![1];
}

describe('the bank workload on PostgreSQL (issue 12 item 6)', () => {
  it('runs 60 s at 40 clients with no deadlock, no 500 answer and a balanced ledger', async () => {
    const before = { ...transactionStats };
    const tally: Tally = { calls: new Map(), internal: [] };
    const users: User[] = [];
    const endsAt = Date.now() + LOAD_MS;
    const client = async () => {
      // Each client starts as a new user (accounts opened under load), then mostly acts as itself and now and
      // then as someone else, so one user's calls also run side by side.
      const own = await demoTrader();
      users.push(own);
      for (const to of ['delivery', 'perpetual']) {
        await as(tally, own, 'index/zySubmit', {
          from: 'spot',
          to,
          currency: 'USDT',
          amount: '3000',
          requestId: rid(),
        });
      }
      while (Date.now() < endsAt) {
        const u = Math.random() < 0.7 ? own : pick(users);
        await drawOperation()(tally, u, users);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));

    const seen = Object.fromEntries([...tally.calls].map(([k, v]) => [k, `${v.ok}/${v.refused}`]));
    console.info('deadlock test calls (ok/refused):', seen, 'transactions:', transactionStats);
    expect(transactionStats.deadlocks - before.deadlocks).toBe(0);
    expect(tally.internal).toEqual([]);
    expect(await new Ledger().violations(database.db)).toEqual([]);
    // The load was what it says: every kind of call succeeded (how often depends on the machine: this one is
    // shared), and delivery orders settled under it.
    for (const path of [
      'order/createDeliveryOrder',
      'index/zySubmit',
      'Sustainable/createOrder',
      'Sustainable/closePosition',
      'index/sdSubmit',
      'admin/approveDeposit',
    ]) {
      expect(tally.calls.get(path)?.ok ?? 0, path).toBeGreaterThanOrEqual(5);
    }
    const settled = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM delivery_orders WHERE status IN ('won', 'lost', 'draw')`,
    );
    expect(settled[0]!.n).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
