import { type DeliveryOrder, LIMIT_RAISE_DELAY_MS, type TradingLimitsData } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger, money } from '../../ledger/index.js';
import { type Trader, rid, trader } from '../../perpetual-testing.js';
import { ManualSource, type TestApp, createTestApp, until } from '../../testing.js';

/**
 * Responsible trading (issue 13 §2): limits and breaks a user sets refuse real orders in the order's own
 * transaction, with a message naming the limit; lowering takes effect at once, raising after 24 h; demo is free.
 */
let t: TestApp;
const source = new ManualSource();
beforeAll(async () => {
  t = await createTestApp(
    { market: { source: 'sim', seed: 'sg', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 } },
    {
      priceSource: source,
      settlement: false,
      perpetualEngine: { reloadMs: 3_600_000, pushMs: 1_000, watchersMs: 100 },
    },
  );
});
afterAll(() => t?.close());

async function price(symbol: string, p: string) {
  t.clock.advance(1_000);
  const at = t.clock.ms;
  source.ticks([{ symbol, ts: at, price: p, size: '1' }]);
  await until(() => (t.app.market.latestTick(symbol)?.ts ?? 0) >= at);
  await t.app.market.flush();
}

/** A trader on the real account with `amount` USDT in the real delivery wallet, as a deposit would bring it. */
async function realTrader(amount = '1000'): Promise<Trader> {
  const u = await trader(t, '10');
  await t.database.db.transaction((tx) =>
    new Ledger().transfer(tx, {
      debit: { system: 'deposits', mode: 'real', currency: 'USDT' },
      credit: { userId: u.userId, mode: 'real', wallet: 'delivery', currency: 'USDT' },
      amount: money(amount),
      types: { debit: 'deposit', credit: 'deposit' },
      ref: `test-deposit:${u.userId}`,
    }),
  );
  await u.as('user/changeUser', { mode: 'real' });
  return u;
}

const order = (u: Trader, amount: string, symbol = 'ETHUSDT') =>
  u.as<DeliveryOrder>('order/createDeliveryOrder', {
    symbol,
    direction: 'call',
    seconds: 30,
    amount,
    requestId: rid(),
  });

const limitOf = (data: TradingLimitsData, kind: string) => data.limits.find((l) => l.kind === kind)!;

describe('responsible trading limits', () => {
  it('refuses a real order that would pass the daily stake limit, naming it, and keeps nothing of it', async () => {
    const u = await realTrader();
    await price('ETHUSDT', '3000.00');
    const set = await u.as<TradingLimitsData>('user/setTradingLimit', { kind: 'dailyStake', amount: '100' });
    expect(set.code, set.msg).toBe(1);
    expect(limitOf(set.data, 'dailyStake')).toMatchObject({ amount: '100.00', used: '0.00', pending: null });
    expect((await order(u, '60')).code).toBe(1);
    const refused = await order(u, '40.01');
    expect(refused).toMatchObject({ code: 0 });
    expect(refused.msg).toBe(
      'This order would take you past your daily stake limit of 100.00 USDT (60.00 USDT used today).',
    );
    expect((await order(u, '40')).code).toBe(1);
    const view = await u.as<TradingLimitsData>('user/getTradingLimits');
    expect(limitOf(view.data, 'dailyStake').used).toBe('100.00');
    // Demo money is the user's to practise with: no limit applies.
    await u.as('user/changeUser', { mode: 'demo' });
    await u.as('index/zySubmit', { from: 'spot', to: 'delivery', currency: 'USDT', amount: '500', requestId: rid() });
    expect((await order(u, '300')).code).toBe(1);
  });

  it('lets at most the limit through when 20 orders race', async () => {
    const u = await realTrader();
    await price('BTCUSDT', '65000.00');
    await u.as('user/setTradingLimit', { kind: 'dailyStake', amount: '50' });
    const results = await Promise.all(Array.from({ length: 20 }, () => order(u, '10', 'BTCUSDT')));
    expect(results.filter((r) => r.code === 1)).toHaveLength(5);
    const view = await u.as<TradingLimitsData>('user/getTradingLimits');
    expect(limitOf(view.data, 'dailyStake').used).toBe('50.00');
  });

  it('counts settled losses and stakes at risk against a loss limit, and in Arabic says so', async () => {
    const u = await realTrader();
    await price('SOLUSDT', '100.00');
    await u.as('user/setTradingLimit', { kind: 'monthlyLoss', amount: '100' });
    expect((await order(u, '70', 'SOLUSDT')).code).toBe(1);
    // 70 at risk: a second order of 40 could take the month's loss to 110.
    const atRisk = await order(u, '40', 'SOLUSDT');
    expect(atRisk.code).toBe(0);
    // The exit is the last tick at or before expiry (4 s before it, fresh enough to settle on): 90 against an entry
    // of 100, a loss of the whole stake.
    t.clock.advance(25_000);
    await price('SOLUSDT', '90.00');
    t.clock.advance(5_000);
    await price('SOLUSDT', '90.00');
    await t.app.delivery.settlement.settleDue();
    const after = await u.as<TradingLimitsData>('user/getTradingLimits');
    expect(limitOf(after.data, 'monthlyLoss').used).toBe('70.00');
    expect((await order(u, '30', 'SOLUSDT')).code).toBe(1);
    const ar = await t.app.inject({
      method: 'POST',
      url: '/api/order/createDeliveryOrder',
      headers: { token: u.token, lang: 'ar' },
      payload: { symbol: 'SOLUSDT', direction: 'put', seconds: 30, amount: '10', requestId: rid() },
    });
    expect(ar.json()).toMatchObject({ code: 0 });
    expect(ar.json().msg).toContain('حد الخسارة الشهري');
  });

  it('lowers a limit at once, and raises or removes one only after 24 h', async () => {
    const u = await realTrader();
    await price('XRPUSDT', '0.6000');
    await u.as('user/setTradingLimit', { kind: 'dailyStake', amount: '20' });
    const raised = await u.as<TradingLimitsData>('user/setTradingLimit', { kind: 'dailyStake', amount: '500' });
    expect(limitOf(raised.data, 'dailyStake')).toMatchObject({
      amount: '20.00',
      pending: { amount: '500.00', effectiveAt: t.clock.ms + LIMIT_RAISE_DELAY_MS },
    });
    expect((await order(u, '30', 'XRPUSDT')).code).toBe(0);
    const removed = await u.as<TradingLimitsData>('user/setTradingLimit', { kind: 'dailyStake', amount: null });
    expect(limitOf(removed.data, 'dailyStake').pending).toMatchObject({ amount: null });
    t.clock.advance(LIMIT_RAISE_DELAY_MS);
    await price('XRPUSDT', '0.6000');
    expect((await order(u, '30', 'XRPUSDT')).code).toBe(1);
    const bad = await u.as('user/setTradingLimit', { kind: 'dailyStake', amount: '0' });
    expect(bad.code).toBe(0);
    const garbage = await u.as('user/setTradingLimit', { kind: 'weekly', amount: '10' });
    expect(garbage.code).not.toBe(1);
  });

  it('blocks new real orders during a break, delivery and perpetual alike, and never shortens one', async () => {
    const u = await realTrader();
    await price('DOGEUSDT', '0.1500');
    const taken = await u.as<TradingLimitsData>('user/takeTradingBreak', { kind: 'coolOff', length: 7 });
    expect(taken.data.break).toEqual({ kind: 'coolOff', until: t.clock.ms + 7 * 86_400_000 });
    const refused = await order(u, '10', 'DOGEUSDT');
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/^You are on a cool-off break until \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    const perp = await u.as('Sustainable/createOrder', {
      symbol: 'DOGEUSDT',
      side: 'long',
      type: 'market',
      quantity: '1',
      leverage: 10,
      requestId: rid(),
    });
    expect(perp.code).toBe(0);
    expect(perp.msg).toContain('cool-off');
    const shorter = await u.as<TradingLimitsData>('user/takeTradingBreak', { kind: 'coolOff', length: 1 });
    expect(shorter.data.break?.until).toBe(taken.data.break?.until);
    const tooLong = await u.as('user/takeTradingBreak', { kind: 'coolOff', length: 43 });
    expect(tooLong.code).not.toBe(1);
    t.clock.advance(7 * 86_400_000);
    await price('DOGEUSDT', '0.1500');
    expect((await order(u, '10', 'DOGEUSDT')).code).toBe(1);
  });
});
