import type { PerpOrder, PerpTrade, PositionOrdersData, PropertyData, User } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { Ledger, money } from './ledger/index.js';
import { InProcessBus, typedBus } from './platform/bus.js';
import { type Database, queryRows } from './platform/db.js';
import { ManualSource, type TestApp, createTestApp, registerUser, until } from './testing.js';

/** Shared by the perpetual test files: one app per file, prices driven by hand, traders funded as people are. */

export const source = () => new ManualSource();

export async function perpetualApp(src: ManualSource, shared?: Database): Promise<TestApp> {
  return createTestApp(
    { market: { source: 'sim', seed: 'perp', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 } },
    {
      priceSource: src,
      // The backstop reload never runs during a test: what the engine knows, it learnt from news.
      perpetualEngine: { reloadMs: 3_600_000, pushMs: 1_000, watchersMs: 100 },
    },
    shared,
  );
}

/**
 * A test file's app on `src` (handed to `use` once built), closed after the file; after every test the ledger must
 * still balance and no user balance may be negative.
 */
export function perpetualSuite(src: ManualSource, use: (t: TestApp) => void) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await perpetualApp(src);
    use(app);
  });
  afterAll(() => app?.close());
  afterEach(async () => {
    expect(await new Ledger().violations(app!.database.db)).toEqual([]);
  });
}

let seq = 0;
export const rid = () => `pp-${Date.now().toString(36)}-${++seq}`;

export type Caller = <T = unknown>(path: string, body?: object) => Promise<{ code: number; msg: string; data: T }>;

export interface Trader {
  token: string;
  as: Caller;
  me: User;
  userId: bigint;
}

/** A user in demo mode with `fund` USDT moved into the demo perpetual wallet (claim, then transfer). */
export async function trader(t: TestApp, fund = '1000'): Promise<Trader> {
  const { token, as } = await registerUser(t);
  await as('user/changeUser', { mode: 'demo' });
  await as('user/getDemoMoney', { requestId: rid() });
  const moved = await as('index/zySubmit', {
    from: 'spot',
    to: 'perpetual',
    currency: 'USDT',
    amount: fund,
    requestId: rid(),
  });
  if (moved.code !== 1) throw new Error(`funding failed: ${moved.msg}`);
  const me = (await as<User>('user/getUserinfo')).data;
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`SELECT id::text AS id FROM users WHERE uid = ${me.uid}`,
  );
  return { token, as: as as Caller, me, userId: BigInt(rows[0]!.id) };
}

/** Real money arrives as a deposit would: from the system `deposits` account (the funding module's review is not under test here). */
export async function fundReal(t: TestApp, userId: bigint, amount: string) {
  await t.database.db.transaction((tx) =>
    new Ledger().transfer(tx, {
      debit: { system: 'deposits', mode: 'real', currency: 'USDT' },
      credit: { userId, mode: 'real', wallet: 'perpetual', currency: 'USDT' },
      amount: money(amount),
      types: { debit: 'deposit', credit: 'deposit' },
      ref: `test-deposit:${userId}`,
    }),
  );
}

/** The perpetual wallet of the current mode, as the assets screen shows it. */
export async function perpWallet(as: Caller) {
  const p = (await as<PropertyData>('index/property')).data;
  return p.wallets.find((w) => w.wallet === 'perpetual')!.currencies[0]!;
}

/** Raw balances of a user's perpetual wallet in one mode, straight from the ledger. */
export async function ledgerWallet(t: TestApp, userId: bigint, mode: 'real' | 'demo') {
  const rows = await new Ledger().balances(t.database.db, userId, mode);
  const w = rows.find((r) => r.wallet === 'perpetual');
  return { available: money(w?.available ?? 0).toFixed(2), frozen: money(w?.frozen ?? 0).toFixed(2) };
}

/** A tick one second after the last, at the test clock's time; waits until the market and the engine are done. */
export async function tick(t: TestApp, src: ManualSource, symbol: string, price: string) {
  t.clock.advance(1_000);
  const at = t.clock.ms;
  src.ticks([{ symbol, ts: at, price, size: '1' }]);
  await until(() => (t.app.market.latestTick(symbol)?.ts ?? 0) >= at);
  await t.app.perpetualEngine.idle();
}

export async function positions(as: Caller, symbol?: string) {
  const res = await as<PositionOrdersData>('Sustainable/PositionOrders', symbol ? { symbol } : {});
  if (res.code !== 1) throw new Error(res.msg);
  return res.data;
}

/** A perpetual order (a 10-lot market long unless `body` says otherwise), once per requestId. */
export const perpOrder = (as: Caller, symbol: string, body: object) =>
  as<PerpOrder>('Sustainable/createOrder', {
    symbol,
    side: 'long',
    type: 'market',
    quantity: '10',
    requestId: rid(),
    ...body,
  });

/** The user's fills, newest first (up to 100). */
export const perpTrades = async (as: Caller) =>
  (await as<{ list: PerpTrade[] }>('Sustainable/historyTrades', { pageSize: 100 })).data.list;

/** What another trigger engine on the app's book and market needs (a node of its own, with its own bus). */
export const otherEngineDeps = (t: TestApp, database: TestApp['database']) => ({
  database,
  book: t.app.perpetual.book,
  market: t.app.market,
  bus: typedBus(new InProcessBus()),
  userEvents: t.app.platform.userEvents,
  log: t.app.log,
  now: t.clock.now,
});
