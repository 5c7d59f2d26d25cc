import type {
  AdminUserChange,
  AdminUserSummary,
  DeliveryOrder,
  HistoryOrdersData,
  MoneyCallOutcomeData,
  MoneyLogsData,
  PropertyData,
  SessionData,
  User,
} from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger, money } from '../../ledger/index.js';
import type { AuthUser } from '../../platform/http.js';
import { actorOf } from '../../platform/money-call.js';
import { ManualSource, type TestApp, call, createTestApp, loginOperator, registerUser, until } from '../../testing.js';
import { profitOf } from './rules.js';

let t: TestApp;
const source = new ManualSource();
beforeAll(async () => {
  t = await createTestApp(
    { market: { source: 'sim', seed: 't', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 } },
    {
      priceSource: source,
      // Settlement is driven by the test: no timers race the assertions.
      settlement: false,
      deliveryLimits: {
        maxActiveOrders: 5,
        staleTickMs: 5_000,
        settleGraceMs: 0,
        feedStallMs: 30_000,
        batchSize: 3,
        sweepMs: 60_000,
      },
    },
  );
});
afterAll(() => t?.close());

let seq = 0;
const rid = () => `dl-${Date.now().toString(36)}-${++seq}`;

/** Ticks at the test clock's time; the market stores them (this node leads the feed). */
async function price(symbol: string, p: string, atMs = t.clock.ms) {
  source.ticks([{ symbol, ts: atMs, price: p, size: '1' }]);
  await until(() => (t.app.market.latestTick(symbol)?.ts ?? 0) >= atMs);
  await t.app.market.flush();
}

async function trader(mode: 'demo' | 'real' = 'demo', fund = '1000') {
  const { token, as } = await registerUser(t);
  await as('user/changeUser', { mode: 'demo' });
  await as('user/getDemoMoney', { requestId: rid() });
  await as('index/zySubmit', { from: 'spot', to: 'delivery', currency: 'USDT', amount: fund, requestId: rid() });
  if (mode === 'real') await as('user/changeUser', { mode: 'real' });
  const me = (await as<User>('user/getUserinfo')).data;
  return { token, as, me };
}

const deliveryWallet = async (as: (p: string, b?: object) => Promise<{ data: unknown }>) => {
  const p = (await as('index/property')).data as PropertyData;
  return p.wallets.find((w) => w.wallet === 'delivery')!.currencies[0]!;
};

describe('delivery orders: the rule table', () => {
  const cases = [
    { direction: 'call', move: '101.00', status: 'won' },
    { direction: 'call', move: '99.00', status: 'lost' },
    { direction: 'call', move: '100.00', status: 'draw' },
    { direction: 'put', move: '99.00', status: 'won' },
    { direction: 'put', move: '101.00', status: 'lost' },
    { direction: 'put', move: '100.00', status: 'draw' },
  ] as const;
  for (const c of cases) {
    it(`${c.direction}, exit ${c.move} against entry 100.00 → ${c.status}`, async () => {
      const u = await trader();
      t.clock.advance(1_000);
      await price('SOLUSDT', '100.00');
      const created = await u.as<DeliveryOrder>('order/createDeliveryOrder', {
        symbol: 'SOLUSDT',
        direction: c.direction,
        seconds: 30,
        amount: '100',
        requestId: rid(),
      });
      expect(created.code, created.msg).toBe(1);
      expect(created.data).toMatchObject({ status: 'open', amount: '100.00', yield: '0.8', expectedProfit: '80.00' });
      expect(created.data.entry).toMatchObject({ price: '100.00', source: 'manual' });
      expect(await deliveryWallet(u.as)).toMatchObject({ available: '900.00', frozen: '100.00' });

      // A tick inside the window, then the deciding one at expiry, then one after (never used).
      t.clock.advance(10_000);
      await price('SOLUSDT', '100.50');
      t.clock.advance(20_000);
      await price('SOLUSDT', c.move);
      t.clock.advance(1_000);
      await price('SOLUSDT', '500.00');
      await t.app.delivery.settlement.settleDue();

      const history = (await u.as<HistoryOrdersData>('order/historyOrders')).data;
      const order = history.list.find((o) => o.id === created.data.id)!;
      expect(order.status).toBe(c.status);
      expect(order.exit).toMatchObject({ price: c.move, ts: created.data.expiresAt, source: 'manual' });
      const wallet = await deliveryWallet(u.as);
      const expected = {
        won: ['1080.00', '80.00', '180.00'],
        lost: ['900.00', '-100.00', '0.00'],
        draw: ['1000.00', '0.00', '100.00'],
      }[c.status];
      expect(wallet).toMatchObject({ available: expected[0], frozen: '0.00' });
      expect(order.profit).toBe(expected[1]);
      expect(order.payout).toBe(expected[2]);
    });
  }

  it('refunds when no tick arrives in the window', async () => {
    const u = await trader();
    await price('LTCUSDT', '80.00');
    const created = await u.as<DeliveryOrder>('order/createDeliveryOrder', {
      symbol: 'LTCUSDT',
      direction: 'call',
      seconds: 30,
      amount: '50',
      requestId: rid(),
    });
    expect(created.code, created.msg).toBe(1);
    // The feed stalls past the expiry and the stall limit: no tick after the entry.
    t.clock.advance(31_000 + 30_000);
    await t.app.delivery.settlement.settleDue();
    const order = (await u.as<HistoryOrdersData>('order/historyOrders')).data.list[0]!;
    expect(order).toMatchObject({ status: 'refunded', exit: null, payout: '50.00', profit: '0.00' });
    expect(await deliveryWallet(u.as)).toMatchObject({ available: '1000.00', frozen: '0.00' });
  });

  it('refunds when the last tick before the expiry is older than a live price (the feed had a gap there)', async () => {
    // A node killed 2 s into a 30 s call and back 40 s later: the newest stored tick at or before the expiry is 28 s
    // old. Settling on it would decide the call on a price the period did not end on.
    const u = await trader();
    await price('ADAUSDT', '0.5000');
    const created = await u.as<DeliveryOrder>('order/createDeliveryOrder', {
      symbol: 'ADAUSDT',
      direction: 'put',
      seconds: 30,
      amount: '100',
      requestId: rid(),
    });
    expect(created.code, created.msg).toBe(1);
    t.clock.advance(2_000);
    await price('ADAUSDT', '0.4000');
    t.clock.advance(28_000 + 30_000 + 1_000);
    await t.app.delivery.settlement.settleDue();
    const order = (await u.as<HistoryOrdersData>('order/historyOrders')).data.list[0]!;
    expect(order).toMatchObject({ status: 'refunded', exit: null, payout: '100.00', profit: '0.00' });
    expect(await deliveryWallet(u.as)).toMatchObject({ available: '1000.00', frozen: '0.00' });
  });

  it('settles on a tick up to 5 s before the expiry when none came later', async () => {
    const u = await trader();
    await price('XRPUSDT', '0.6000');
    const created = await u.as<DeliveryOrder>('order/createDeliveryOrder', {
      symbol: 'XRPUSDT',
      direction: 'put',
      seconds: 30,
      amount: '100',
      requestId: rid(),
    });
    expect(created.code, created.msg).toBe(1);
    t.clock.advance(25_000);
    await price('XRPUSDT', '0.5000');
    t.clock.advance(5_000 + 30_000 + 1_000);
    await t.app.delivery.settlement.settleDue();
    const order = (await u.as<HistoryOrdersData>('order/historyOrders')).data.list[0]!;
    expect(order).toMatchObject({ status: 'won', exit: { price: '0.5000', ts: created.data.expiresAt - 5_000 } });
  });

  it('waits for the market to pass the expiry before settling', async () => {
    const u = await trader();
    await price('DOTUSDT', '7.000');
    const created = await u.as<DeliveryOrder>('order/createDeliveryOrder', {
      symbol: 'DOTUSDT',
      direction: 'put',
      seconds: 30,
      amount: '10',
      requestId: rid(),
    });
    t.clock.advance(29_000);
    await price('DOTUSDT', '6.990');
    t.clock.advance(2_000);
    // Past the expiry, but the market has not ticked past it yet: the order stays open.
    await t.app.delivery.settlement.settleDue();
    expect((await u.as<{ list: DeliveryOrder[] }>('order/deliveryOrders')).data.list.map((o) => o.id)).toEqual([
      created.data.id,
    ]);
    await price('DOTUSDT', '7.500');
    await t.app.delivery.settlement.settleDue();
    expect((await u.as<{ list: DeliveryOrder[] }>('order/deliveryOrders')).data.list).toEqual([]);
    expect((await u.as<HistoryOrdersData>('order/historyOrders')).data.list[0]!.status).toBe('won');
  });
});

describe('delivery orders: money', () => {
  it('pays exactly stake × yield rounded down to the cent', () => {
    expect(profitOf(money('33.33'), '0.85').toFixed()).toBe('28.33');
    expect(profitOf(money('10'), '0.8').toFixed()).toBe('8');
    expect(profitOf(money('99999.99'), '0.9').toFixed()).toBe('89999.99');
    expect(profitOf(money('0.01'), '0.8').toFixed()).toBe('0');
  });

  it('refuses bad orders with clear messages and holds nothing', async () => {
    const u = await trader();
    await price('BTCUSDT', '60000.00');
    const base = { symbol: 'BTCUSDT', direction: 'call', seconds: 60, amount: '100' };
    const tries: [object, string | number][] = [
      [{ symbol: 'NOPEUSDT' }, 'This product is not available for trading now'],
      [{ seconds: 45 }, 'This period is not offered for this product'],
      [{ amount: '5' }, 'The amount must be between 10 and 10000 USDT'],
      [{ amount: '10001' }, 'The amount must be between 10 and 10000 USDT'],
      [{ amount: '10.001' }, 'The amount can have at most 2 decimals'],
      [{ amount: '2000' }, 'Insufficient balance'],
      [{ direction: 'sideways' }, 400],
      [{ amount: '-1' }, 400],
    ];
    for (const [patch, want] of tries) {
      const res = await u.as('order/createDeliveryOrder', { ...base, ...patch, requestId: rid() });
      if (typeof want === 'number') expect(res.code, JSON.stringify(patch)).toBe(want);
      else expect(res, JSON.stringify(patch)).toMatchObject({ code: 0, msg: want });
    }
    // A stale price: the feed has not ticked for longer than the limit.
    t.clock.advance(6_000);
    expect(await u.as('order/createDeliveryOrder', { ...base, requestId: rid() })).toMatchObject({
      code: 0,
      msg: 'The market price is not available right now. Please try again shortly.',
    });
    expect(await deliveryWallet(u.as)).toMatchObject({ available: '1000.00', frozen: '0.00' });
  });

  it('limits open orders, and creates an order once per requestId', async () => {
    const u = await trader();
    await price('ETHUSDT', '3000.00');
    const body = { symbol: 'ETHUSDT', direction: 'put', seconds: 60, amount: '10', requestId: rid() };
    const same = await Promise.all(
      Array.from({ length: 8 }, () => u.as<DeliveryOrder>('order/createDeliveryOrder', body)),
    );
    expect(new Set(same.map((r) => r.data.id)).size).toBe(1);
    expect(await deliveryWallet(u.as)).toMatchObject({ frozen: '10.00' });
    // An order whose answer was lost is found by its requestId, with the answer it gave (index/moneyCallOutcome).
    const outcome = await u.as<MoneyCallOutcomeData>('index/moneyCallOutcome', { requestId: body.requestId });
    expect(outcome.data).toEqual({ status: 'applied', scope: 'order/createDeliveryOrder', response: same[0]!.data });
    for (let i = 0; i < 4; i++) {
      expect((await u.as('order/createDeliveryOrder', { ...body, requestId: rid() })).code).toBe(1);
    }
    expect(await u.as('order/createDeliveryOrder', { ...body, requestId: rid() })).toMatchObject({
      code: 0,
      msg: 'You can hold at most 5 open orders',
    });
    expect((await u.as<{ list: DeliveryOrder[] }>('order/deliveryOrders')).data.list).toHaveLength(5);
  });

  it('uses only demo money in demo mode and only real money in real mode', async () => {
    const u = await trader('real');
    await price('BNBUSDT', '500.00');
    const inReal = await u.as('order/createDeliveryOrder', {
      symbol: 'BNBUSDT',
      direction: 'call',
      seconds: 30,
      amount: '10',
      requestId: rid(),
    });
    expect(inReal).toMatchObject({ code: 0, msg: 'Insufficient balance' });
    await u.as('user/changeUser', { mode: 'demo' });
    const inDemo = await u.as<DeliveryOrder>('order/createDeliveryOrder', {
      symbol: 'BNBUSDT',
      direction: 'call',
      seconds: 30,
      amount: '10',
      requestId: rid(),
    });
    expect(inDemo.data.mode).toBe('demo');
    await u.as('user/changeUser', { mode: 'real' });
    expect((await u.as<{ list: DeliveryOrder[] }>('order/deliveryOrders')).data.list).toEqual([]);
  });

  it('cancels only an order that has not opened, returning its stake', async () => {
    const u = await trader();
    await price('XRPUSDT', '0.6000');
    const authUser: AuthUser = { id: '', uid: u.me.uid, sessionId: '', mode: 'demo' };
    authUser.id = (
      await t.app.inject({ method: 'POST', url: '/api/user/getUserinfo', headers: { token: u.token } })
    ).json().data.uid
      ? await idOf(u.token)
      : '';
    const scheduled = await t.app.delivery.orders.schedule(
      actorOf(authUser),
      { symbol: 'XRPUSDT', direction: 'call', seconds: 60, amount: '20', requestId: rid() },
      new Date(t.clock.ms + 60_000),
    );
    expect(scheduled.status).toBe('scheduled');
    expect(await deliveryWallet(u.as)).toMatchObject({ frozen: '20.00' });
    // Five cancellations at once (a retried request after a lost answer): each answers the cancelled order, the
    // hold is released once.
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () => u.as<DeliveryOrder>('order/cancelDeliveryOrder', { id: scheduled.id })),
    );
    expect(cancels.map((c) => [c.code, c.data.id, c.data.status])).toEqual(
      Array.from({ length: 5 }, () => [1, scheduled.id, 'cancelled']),
    );
    expect(await deliveryWallet(u.as)).toMatchObject({ available: '1000.00', frozen: '0.00' });
    expect(await new Ledger().violations(t.database.db)).toEqual([]);
    const open = await u.as<DeliveryOrder>('order/createDeliveryOrder', {
      symbol: 'XRPUSDT',
      direction: 'call',
      seconds: 60,
      amount: '20',
      requestId: rid(),
    });
    expect(await u.as('order/cancelDeliveryOrder', { id: open.data.id })).toMatchObject({
      code: 0,
      msg: 'Only an order that has not opened yet can be cancelled',
    });
    const other = await trader();
    expect((await other.as('order/cancelDeliveryOrder', { id: open.data.id })).code).toBe(404);
    expect((await other.as('order/getOrderCountdown', { id: open.data.id })).code).toBe(404);
    const cd = await u.as<{ remainingMs: number; entryPrice: string }>('order/getOrderCountdown', { id: open.data.id });
    expect(cd.data).toMatchObject({ remainingMs: 60_000, entryPrice: '0.6000' });
  });

  it('the operator console reads a lost stake as a hold, then a loss out of frozen alone', async () => {
    const u = await trader();
    t.clock.advance(1_000);
    await price('SOLUSDT', '100.00');
    const created = await u.as<DeliveryOrder>('order/createDeliveryOrder', {
      symbol: 'SOLUSDT',
      direction: 'call',
      seconds: 30,
      amount: '100',
      requestId: rid(),
    });
    expect(created.code, created.msg).toBe(1);
    t.clock.advance(30_000);
    await price('SOLUSDT', '99.00');
    t.clock.advance(1_000);
    await price('SOLUSDT', '99.00');
    await t.app.delivery.settlement.settleDue();
    expect(await deliveryWallet(u.as)).toMatchObject({ available: '900.00', frozen: '0.00' });

    const op = await loginOperator(t);
    const admin = <T>(path: string, body: object) =>
      call<T>(t.app, path, body, { 'ADMIN-TOKEN': op.token, lang: 'en' });
    const userId = (await admin<{ list: AdminUserSummary[] }>('admin/users', { q: String(u.me.uid) })).data.list[0]!
      .userId;
    const changes = await admin<{ list: AdminUserChange[] }>('admin/userChanges', { userId, pageSize: 20 });
    expect(changes.code, changes.msg).toBe(1);
    // The console sends the ledger's decimals as stored; compared by value.
    const value = (v: string | undefined) => (v === undefined ? v : money(v).toFixed());
    const delivery = changes.data.list
      .filter((c) => c.wallet === 'delivery')
      .map((c) => [c.mode, c.type, value(c.amount), value(c.frozenChange), value(c.balanceAfter)])
      .reverse();
    // The available balance is debited once, by the stake's hold; the loss only empties the hold.
    expect(delivery).toEqual([
      ['demo', 'transfer_in', '1000', '0', '1000'],
      ['demo', 'delivery_stake', '-100', '100', '900'],
      ['demo', 'delivery_loss', '0', '-100', '900'],
    ]);
  });

  it('settles each order exactly once when settlers race, with the ledger intact', async () => {
    const u = await trader('demo', '5000');
    await price('ADAUSDT', '0.5000');
    for (let i = 0; i < 5; i++) {
      const r = await u.as('order/createDeliveryOrder', {
        symbol: 'ADAUSDT',
        direction: i % 2 ? 'call' : 'put',
        seconds: 30,
        amount: '100',
        requestId: rid(),
      });
      expect(r.code, r.msg).toBe(1);
    }
    t.clock.advance(30_000);
    await price('ADAUSDT', '0.5100');
    t.clock.advance(2_000);
    await price('ADAUSDT', '0.5200');
    // Several passes at once (as timers, the sweep and other nodes would): batches of 3 in parallel.
    await Promise.all([
      t.app.delivery.settlement.settleDue(),
      t.app.delivery.settlement.settleDue(),
      t.app.delivery.settlement.settleDue(),
    ]);
    await t.app.delivery.settlement.settleDue();
    const hist = (await u.as<HistoryOrdersData>('order/historyOrders', { symbol: 'ADAUSDT' })).data;
    expect(hist.total).toBe(5);
    expect(hist.list.filter((o) => o.status === 'won')).toHaveLength(2);
    expect(hist.list.filter((o) => o.status === 'lost')).toHaveLength(3);
    // 5000 − 3 × 100 lost + 2 × 80 won.
    expect(await deliveryWallet(u.as)).toMatchObject({ available: '4860.00', frozen: '0.00' });
    const logs = (await u.as<MoneyLogsData>('order/moneyLogs', { wallet: 'delivery', pageSize: 100 })).data;
    const count = (type: string) => logs.list.filter((l) => l.type === type).length;
    expect([count('delivery_stake'), count('delivery_win'), count('delivery_profit'), count('delivery_loss')]).toEqual([
      5, 2, 2, 3,
    ]);
    // Settled together in batches, each change still starts where the one before it ended.
    const chain = [...logs.list].reverse();
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.balanceBefore).toBe(chain[i - 1]!.balanceAfter);
    expect(chain.at(-1)!.balanceAfter).toBe('4860.00');
    const p = (await u.as<PropertyData>('index/property')).data;
    expect(p.todayEarningsUsdt).toBe('-140.00');
    expect(await new Ledger().violations(t.database.db)).toEqual([]);
  });

  it('explains the rules in the caller language', async () => {
    const en = await call<{ title: string; paragraphs: string[] }>(t.app, 'order/deliveryDesc');
    const zh = await call<{ title: string; paragraphs: string[] }>(t.app, 'order/deliveryDesc', {}, { lang: 'zh' });
    expect(en.data.paragraphs).toHaveLength(5);
    expect(zh.data.title).not.toBe(en.data.title);
  });
});

async function idOf(token: string): Promise<string> {
  const s = await t.app.inject({ method: 'POST', url: '/api/user/getUserinfo', headers: { token } });
  const uid = s.json().data.uid as number;
  const { queryRows } = await import('../../platform/db.js');
  const { sql } = await import('drizzle-orm');
  const rows = await queryRows<{ id: string }>(t.database.db, sql`SELECT id::text AS id FROM users WHERE uid = ${uid}`);
  return rows[0]!.id;
}
