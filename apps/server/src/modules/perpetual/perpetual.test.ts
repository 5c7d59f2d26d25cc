import type {
  MoneyCallOutcomeData,
  PerpDescData,
  PerpOrder,
  PerpPosition,
  PerpTrade,
  PropertyData,
} from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import {
  fundReal,
  ledgerWallet,
  perpWallet,
  perpetualSuite,
  positions,
  rid,
  source,
  tick,
  trader,
} from '../../perpetual-testing.js';
import { type TestApp, call } from '../../testing.js';

const src = source();
let t: TestApp;
perpetualSuite(src, (app) => {
  t = app;
});

const SOL = 'SOLUSDT';
type Caller = Awaited<ReturnType<typeof trader>>['as'];
/** The assets page's "today's earnings", in USDT. */
const todayEarnings = async (as: Caller) => (await as<PropertyData>('index/property')).data.todayEarningsUsdt;
const open = (as: Awaited<ReturnType<typeof trader>>['as'], body: object) =>
  as<PerpOrder>('Sustainable/createOrder', {
    symbol: SOL,
    side: 'long',
    type: 'market',
    quantity: '10',
    requestId: rid(),
    ...body,
  });

describe('perpetual: market orders, positions and closes', () => {
  it('opens a 10x market long: fee to the fee account, margin held; closes it at a profit', async () => {
    const u = await trader(t);
    await tick(t, src, SOL, '100.00');
    const created = await open(u.as, {});
    expect(created.code, created.msg).toBe(1);
    expect(created.data).toMatchObject({
      type: 'market',
      intent: 'open',
      status: 'filled',
      leverage: 10,
      quantity: '10',
      filledQuantity: '10',
      fillPrice: '100.00',
      fee: '0.50',
      frozenMargin: '0.00',
      mode: 'demo',
    });
    expect(await perpWallet(u.as)).toMatchObject({ available: '899.50', frozen: '100.00' });

    let view = await positions(u.as);
    expect(view.list).toHaveLength(1);
    expect(view.list[0]).toMatchObject({
      side: 'long',
      quantity: '10',
      contractSize: '1',
      entryPrice: '100.00',
      margin: '100.00',
      markPrice: '100.00',
      unrealizedPnl: '0.00',
      marginRatio: '100',
      liquidationPrice: '90.00',
      status: 'open',
      tpPrice: null,
      slPrice: null,
    });
    expect(view.account).toEqual({
      balance: '999.50',
      positionMargin: '100.00',
      frozenMargin: '0.00',
      available: '899.50',
      unrealizedPnl: '0.00',
    });

    await tick(t, src, SOL, '105.00');
    view = await positions(u.as);
    expect(view.list[0]).toMatchObject({ markPrice: '105.00', unrealizedPnl: '50.00', marginRatio: '150' });
    expect(view.account.unrealizedPnl).toBe('50.00');

    const closed = await u.as<PerpTrade>('Sustainable/closePosition', {
      positionId: view.list[0]!.id,
      requestId: rid(),
    });
    expect(closed.code, closed.msg).toBe(1);
    // Close fee 105 × 10 × 0.0005 = 0.525, rounded up.
    expect(closed.data).toMatchObject({
      action: 'close',
      price: '105.00',
      quantity: '10',
      realizedPnl: '50.00',
      fee: '0.53',
    });
    expect(await perpWallet(u.as)).toMatchObject({ available: '1048.97', frozen: '0.00' });
    expect((await positions(u.as)).list).toEqual([]);
    // Today's earnings are the trading result net of its fees: 50.00 − 0.50 − 0.53.
    expect(await todayEarnings(u.as)).toBe('48.97');

    const orders = (await u.as<{ list: PerpOrder[]; total: number }>('Sustainable/historyEntrust')).data;
    expect(orders.total).toBe(2);
    expect(orders.list.map((o) => [o.intent, o.status, o.fillPrice])).toEqual([
      ['close', 'filled', '105.00'],
      ['open', 'filled', '100.00'],
    ]);
    const trades = (await u.as<{ list: PerpTrade[]; total: number }>('Sustainable/historyTrades', { pageSize: 1 }))
      .data;
    expect(trades).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(trades.list[0]!.action).toBe('close');
    const page2 = (await u.as<{ list: PerpTrade[] }>('Sustainable/historyTrades', { page: 2, pageSize: 1 })).data;
    expect(page2.list[0]).toMatchObject({ action: 'open', price: '100.00', fee: '0.50', realizedPnl: '0.00' });
  });

  it('a partial close keeps the rest of the margin held; adding margin moves the liquidation price', async () => {
    const u = await trader(t);
    await tick(t, src, SOL, '100.00');
    expect((await open(u.as, {})).code).toBe(1);
    const id = (await positions(u.as)).list[0]!.id;
    await tick(t, src, SOL, '95.00');
    const part = await u.as<PerpTrade>('Sustainable/closePosition', {
      positionId: id,
      quantity: '4',
      requestId: rid(),
    });
    expect(part.code, part.msg).toBe(1);
    // 40 of margin released, 20 lost, fee 95 × 4 × 0.0005 = 0.19.
    expect(part.data).toMatchObject({ quantity: '4', realizedPnl: '-20.00', fee: '0.19' });
    expect(await perpWallet(u.as)).toMatchObject({ available: '919.31', frozen: '60.00' });
    const pos = (await positions(u.as)).list[0]!;
    expect(pos).toMatchObject({ quantity: '6', margin: '60.00', liquidationPrice: '90.00', unrealizedPnl: '-30.00' });

    const tooMany = await u.as('Sustainable/closePosition', { positionId: id, quantity: '7', requestId: rid() });
    expect(tooMany).toMatchObject({ code: 0, msg: 'You can close at most 6 lots' });

    const added = await u.as<PerpPosition>('Sustainable/addMargin', { positionId: id, amount: '30', requestId: rid() });
    expect(added.code, added.msg).toBe(1);
    // 100 − 90 ÷ 6 = 85.
    expect(added.data).toMatchObject({ margin: '90.00', liquidationPrice: '85.00', marginRatio: '66.66' });
    expect(await perpWallet(u.as)).toMatchObject({ available: '889.31', frozen: '90.00' });
    const badAmount = await u.as('Sustainable/addMargin', { positionId: id, amount: '0.001', requestId: rid() });
    expect(badAmount).toMatchObject({ code: 0, msg: 'The amount can have at most 2 decimals' });
    const tooMuch = await u.as('Sustainable/addMargin', { positionId: id, amount: '5000', requestId: rid() });
    expect(tooMuch).toMatchObject({ code: 0, msg: 'Insufficient balance' });

    const rest = await u.as<PerpTrade>('Sustainable/closePosition', { positionId: id, requestId: rid() });
    // 90 released, 30 lost, fee 95 × 6 × 0.0005 = 0.285 → 0.29.
    expect(rest.data).toMatchObject({ quantity: '6', realizedPnl: '-30.00', fee: '0.29' });
    expect(await perpWallet(u.as)).toMatchObject({ available: '949.02', frozen: '0.00' });
    const late = await u.as('Sustainable/addMargin', { positionId: id, amount: '1', requestId: rid() });
    expect(late).toMatchObject({ code: 0, msg: 'This position is already closed' });
  });

  it('closes every position at the market price at once', async () => {
    const u = await trader(t);
    await tick(t, src, SOL, '100.00');
    await tick(t, src, 'ETHUSDT', '2000.00');
    expect((await open(u.as, { quantity: '2' })).code).toBe(1);
    expect((await open(u.as, { side: 'short', quantity: '3', leverage: 20 })).code).toBe(1);
    expect((await open(u.as, { symbol: 'ETHUSDT', quantity: '5' })).code).toBe(1);
    expect((await positions(u.as)).list).toHaveLength(3);
    await tick(t, src, SOL, '101.00');
    const onlySol = await u.as<{ closed: PerpTrade[] }>('Sustainable/closeAllPosition', {
      symbol: SOL,
      requestId: rid(),
    });
    expect(onlySol.code, onlySol.msg).toBe(1);
    expect(onlySol.data.closed.map((c) => [c.side, c.realizedPnl]).sort()).toEqual([
      ['long', '2.00'],
      ['short', '-3.00'],
    ]);
    expect((await positions(u.as)).list.map((p) => p.symbol)).toEqual(['ETHUSDT']);
    await tick(t, src, 'ETHUSDT', '2010.00');
    const all = await u.as<{ closed: PerpTrade[] }>('Sustainable/closeAllPosition', { requestId: rid() });
    expect(all.data.closed).toHaveLength(1);
    expect(all.data.closed[0]).toMatchObject({ symbol: 'ETHUSDT', realizedPnl: '0.50' });
    expect(await perpWallet(u.as)).toMatchObject({ frozen: '0.00' });
    const none = await u.as<{ closed: PerpTrade[] }>('Sustainable/closeAllPosition', { requestId: rid() });
    expect(none.data.closed).toEqual([]);
  });

  it('is idempotent by requestId: a repeat returns the first order and moves nothing', async () => {
    const u = await trader(t);
    await tick(t, src, SOL, '100.00');
    const requestId = rid();
    const first = await open(u.as, { requestId });
    const again = await open(u.as, { requestId });
    expect(again).toEqual(first);
    expect((await positions(u.as)).list).toHaveLength(1);
    expect(await perpWallet(u.as)).toMatchObject({ available: '899.50', frozen: '100.00' });
    const other = await open(u.as, { requestId, quantity: '2' });
    expect(other).toMatchObject({ code: 0, msg: 'This request number was already used for a different request' });
    const id = (await positions(u.as)).list[0]!.id;
    const closeId = rid();
    const c1 = await u.as('Sustainable/closePosition', { positionId: id, requestId: closeId });
    const c2 = await u.as('Sustainable/closePosition', { positionId: id, requestId: closeId });
    expect(c2).toEqual(c1);
    expect(await perpWallet(u.as)).toMatchObject({ available: '999.00', frozen: '0.00' });
  });

  it('refuses bad input with field messages and persists nothing', async () => {
    const u = await trader(t);
    await tick(t, src, SOL, '100.00');
    const missing = await u.as<{ fields: { field: string }[] }>('Sustainable/createOrder', {
      symbol: SOL,
      side: 'long',
      type: 'market',
      requestId: rid(),
    });
    expect(missing).toMatchObject({ code: 400, msg: 'Please enter quantity' });
    expect(missing.data.fields.map((f) => f.field)).toEqual(['quantity']);
    const fractional = await open(u.as, { quantity: '1.5' });
    expect(fractional).toMatchObject({ code: 400, msg: 'Quantity is not valid' });
    const noLimit = await open(u.as, { type: 'limit' });
    expect(noLimit).toMatchObject({ code: 400, msg: 'Please enter price' });
    const badSide = await open(u.as, { side: 'up' });
    expect(badSide).toMatchObject({ code: 400, msg: 'Direction is not valid' });
    const leverage = await open(u.as, { leverage: 100 });
    expect(leverage).toMatchObject({
      code: 0,
      msg: 'The leverage can be at most 75x for this product',
      data: { fields: [{ field: 'leverage', reason: 'invalid' }] },
    });
    const decimals = await open(u.as, { type: 'limit', price: '99.123' });
    expect(decimals).toMatchObject({ code: 0, msg: 'The price can have at most 2 decimals' });
    const unknown = await open(u.as, { symbol: 'NOPEUSDT' });
    expect(unknown).toMatchObject({ code: 0, msg: 'This product is not available for trading now' });
    const tpWrong = await open(u.as, { tpPrice: '99' });
    expect(tpWrong).toMatchObject({
      code: 0,
      msg: 'The take-profit price must be above the entry price 100.00',
      data: { fields: [{ field: 'tpPrice' }] },
    });
    const slWrong = await open(u.as, { side: 'short', slPrice: '111' });
    expect(slWrong).toMatchObject({
      code: 0,
      msg: 'The stop-loss price must be above the entry price 100.00 and below the liquidation price 110.00',
    });
    const broke = await open(u.as, { quantity: '1000' });
    expect(broke).toMatchObject({ code: 0, msg: 'Insufficient balance' });
    // A product nobody has priced yet, and a price gone stale.
    const noPrice = await open(u.as, { symbol: 'DOTUSDT' });
    expect(noPrice).toMatchObject({
      code: 0,
      msg: 'The market price is not available right now. Please try again shortly.',
    });
    t.clock.advance(6_000);
    const stale = await open(u.as, {});
    expect(stale.msg).toBe('The market price is not available right now. Please try again shortly.');

    expect(await perpWallet(u.as)).toMatchObject({ available: '1000.00', frozen: '0.00' });
    expect((await positions(u.as)).list).toEqual([]);
    expect((await u.as<{ total: number }>('Sustainable/historyEntrust')).data.total).toBe(0);
    expect((await u.as<{ list: unknown[] }>('Sustainable/currentEntrust')).data.list).toEqual([]);
  });

  it('demo uses only demo money, real only real money', async () => {
    const u = await trader(t);
    await fundReal(t, u.userId, '500');
    await tick(t, src, SOL, '100.00');
    expect((await open(u.as, {})).code).toBe(1);
    expect(await ledgerWallet(t, u.userId, 'demo')).toEqual({ available: '899.50', frozen: '100.00' });
    expect(await ledgerWallet(t, u.userId, 'real')).toEqual({ available: '500.00', frozen: '0.00' });

    await u.as('user/changeUser', { mode: 'real' });
    expect((await positions(u.as)).list).toEqual([]);
    const demoId = (await t.app.perpetual.positions({ userId: BigInt(u.userId), mode: 'demo' })).list[0]!.id;
    // A demo position cannot be closed from the real account.
    const cross = await u.as('Sustainable/closePosition', { positionId: demoId, requestId: rid() });
    expect(cross.code).toBe(404);
    const real = await open(u.as, { quantity: '2' });
    expect(real.data).toMatchObject({ mode: 'real', fee: '0.10' });
    expect(await ledgerWallet(t, u.userId, 'real')).toEqual({ available: '479.90', frozen: '20.00' });
    expect(await ledgerWallet(t, u.userId, 'demo')).toEqual({ available: '899.50', frozen: '100.00' });
    const closeAll = await u.as<{ closed: PerpTrade[] }>('Sustainable/closeAllPosition', { requestId: rid() });
    expect(closeAll.data.closed.map((c) => c.mode)).toEqual(['real']);
    expect(await ledgerWallet(t, u.userId, 'demo')).toEqual({ available: '899.50', frozen: '100.00' });
    await u.as('user/changeUser', { mode: 'demo' });
  });

  it('sets, checks and clears take-profit and stop-loss', async () => {
    const u = await trader(t);
    await tick(t, src, SOL, '100.00');
    await open(u.as, {});
    const id = (await positions(u.as)).list[0]!.id;
    const none = await u.as('Sustainable/setTakeStopPrice', { positionId: id, requestId: rid() });
    expect(none).toMatchObject({ code: 0, msg: 'Please select at least one option' });
    const low = await u.as('Sustainable/setTakeStopPrice', { positionId: id, tpPrice: '100', requestId: rid() });
    expect(low).toMatchObject({ code: 0, msg: 'The take-profit price must be above the current price 100.00' });
    const belowLiq = await u.as('Sustainable/setTakeStopPrice', { positionId: id, slPrice: '89.99', requestId: rid() });
    expect(belowLiq.msg).toBe(
      'The stop-loss price must be below the current price 100.00 and above the liquidation price 90.00',
    );
    const set = await u.as<PerpPosition>('Sustainable/setTakeStopPrice', {
      positionId: id,
      tpPrice: '120',
      slPrice: '95.5',
      requestId: rid(),
    });
    expect(set.data).toMatchObject({ tpPrice: '120.00', slPrice: '95.50' });
    const cleared = await u.as<PerpPosition>('Sustainable/setTakeStopPrice', {
      positionId: id,
      tpPrice: '',
      slPrice: '96',
      requestId: rid(),
    });
    expect(cleared.data).toMatchObject({ tpPrice: null, slPrice: '96.00' });
    const other = await trader(t);
    const foreign = await other.as('Sustainable/setTakeStopPrice', {
      positionId: id,
      tpPrice: '130',
      requestId: rid(),
    });
    expect(foreign.code).toBe(404);
    const foreignClose = await other.as('Sustainable/closePosition', { positionId: id, requestId: rid() });
    expect(foreignClose.code).toBe(404);
    const foreignAdd = await other.as('Sustainable/addMargin', { positionId: id, amount: '1', requestId: rid() });
    expect(foreignAdd.code).toBe(404);
    expect((await positions(u.as)).list[0]).toMatchObject({ tpPrice: null, slPrice: '96.00', margin: '100.00' });

    // Checked against the price now, not the entry: a level the market has already passed would close the position
    // at once, at a worse price than the one typed.
    const setTo = (levels: { tpPrice?: string; slPrice?: string }) =>
      u.as<PerpPosition>('Sustainable/setTakeStopPrice', { positionId: id, ...levels, requestId: rid() });
    await tick(t, src, SOL, '97.00');
    expect((await setTo({ slPrice: '98' })).msg).toBe(
      'The stop-loss price must be below the current price 97.00 and above the liquidation price 90.00',
    );
    await tick(t, src, SOL, '105.00');
    expect((await setTo({ tpPrice: '104', slPrice: '96' })).msg).toBe(
      'The take-profit price must be above the current price 105.00',
    );
    // A stop above the entry of a long that has risen locks in a profit.
    expect((await setTo({ tpPrice: '110', slPrice: '101' })).data).toMatchObject({
      tpPrice: '110.00',
      slPrice: '101.00',
    });
    // Without a live price there is nothing to check a level against: refused, and clearing still works.
    t.clock.advance(6_000);
    expect((await setTo({ tpPrice: '110', slPrice: '102' })).msg).toBe(
      'The market price is not available right now. Please try again shortly.',
    );
    expect((await setTo({ tpPrice: '', slPrice: '' })).data).toMatchObject({ tpPrice: null, slPrice: null });
    expect((await positions(u.as)).list[0]).toMatchObject({ tpPrice: null, slPrice: null, margin: '100.00' });
  });
});

describe('perpetual: limit orders', () => {
  it('holds margin and fee while pending; cancelling releases both', async () => {
    const u = await trader(t);
    await tick(t, src, SOL, '100.00');
    const placed = await open(u.as, { type: 'limit', price: '95', tpPrice: '99' });
    expect(placed.code, placed.msg).toBe(1);
    // Margin 95.00 and fee 95 × 10 × 0.0005 = 0.475 → 0.48, both held.
    expect(placed.data).toMatchObject({
      status: 'pending',
      price: '95.00',
      frozenMargin: '95.48',
      fee: '0.48',
      fillPrice: null,
    });
    expect(await perpWallet(u.as)).toMatchObject({ available: '904.52', frozen: '95.48' });
    // A fee held for a pending order is no cost yet.
    expect(await todayEarnings(u.as)).toBe('0.00');
    const current = (await u.as<{ list: PerpOrder[] }>('Sustainable/currentEntrust')).data.list;
    expect(current.map((o) => o.id)).toEqual([placed.data.id]);
    expect((await positions(u.as)).account).toMatchObject({
      frozenMargin: '95.48',
      positionMargin: '0.00',
      available: '904.52',
    });

    const other = await trader(t);
    expect(
      (await other.as('Sustainable/cancelDeliveryOrder', { orderId: placed.data.id, requestId: rid() })).code,
    ).toBe(404);
    expect((await u.as('Sustainable/cancelDeliveryOrder', { orderId: 'x1', requestId: rid() })).code).toBe(404);
    expect(
      (await u.as('Sustainable/closePosition', { positionId: '99999999999999999999', requestId: rid() })).code,
    ).toBe(404);
    const cancelled = await u.as<PerpOrder>('Sustainable/cancelDeliveryOrder', {
      orderId: placed.data.id,
      requestId: rid(),
    });
    // The fee came back with the margin: a cancelled order shows none charged.
    expect(cancelled.data).toMatchObject({ status: 'cancelled', frozenMargin: '0.00', fee: '0.00' });
    expect(await perpWallet(u.as)).toMatchObject({ available: '1000.00', frozen: '0.00' });
    expect(await todayEarnings(u.as)).toBe('0.00');
    const twice = await u.as('Sustainable/cancelDeliveryOrder', { orderId: placed.data.id, requestId: rid() });
    expect(twice).toMatchObject({ code: 0, msg: 'Only a pending order can be cancelled' });
    expect((await u.as<{ list: PerpOrder[] }>('Sustainable/currentEntrust')).data.list).toEqual([]);
    const history = (await u.as<{ list: PerpOrder[] }>('Sustainable/historyEntrust')).data.list;
    expect(history.map((o) => o.status)).toEqual(['cancelled']);
  });

  it('a limit the market has already crossed fills at once at the market price', async () => {
    const u = await trader(t);
    await tick(t, src, SOL, '100.00');
    const placed = await open(u.as, { type: 'limit', price: '105' });
    expect(placed.data).toMatchObject({ type: 'limit', status: 'filled', price: '105.00', fillPrice: '100.00' });
    expect(await perpWallet(u.as)).toMatchObject({ available: '899.50', frozen: '100.00' });
  });
});

describe('perpetual: rules', () => {
  it('serves the rules in the caller language without a session', async () => {
    const en = await call<PerpDescData>(t.app, 'Sustainable/deliveryDesc');
    expect(en.data.defaultLeverage).toBe(10);
    expect(en.data.sections).toHaveLength(6);
    expect(en.data.sections[4]!.title).toBe('Margin ratio and liquidation');
    const zh = await call<PerpDescData>(t.app, 'Sustainable/deliveryDesc', {}, { lang: 'zh' });
    expect(zh.data.sections[4]!.title).toBe('保证金率与强平');
    expect((await call(t.app, 'Sustainable/PositionOrders')).code).toBe(401);
  });
});

describe('perpetual: a call whose answer was lost is looked up by its requestId (index/moneyCallOutcome)', () => {
  it('open, limit, TP/SL, add margin, close, cancel and close all each store their answer; a repeat moves nothing', async () => {
    const u = await trader(t);
    await tick(t, src, SOL, '100.00');
    const outcome = async (requestId: string) =>
      (await u.as<MoneyCallOutcomeData>('index/moneyCallOutcome', { requestId })).data;
    const keyed = async <T>(path: string, body: object) => {
      const requestId = rid();
      const first = await u.as<T>(path, { ...body, requestId });
      expect(first.code, `${path}: ${first.msg}`).toBe(1);
      expect(await outcome(requestId)).toEqual({ status: 'applied', scope: path, response: first.data });
      // The same call again (a user's retry of the same attempt) answers the same and changes nothing.
      expect((await u.as<T>(path, { ...body, requestId })).data).toEqual(first.data);
      return first.data;
    };
    const opened = await keyed<PerpOrder>('Sustainable/createOrder', {
      symbol: SOL,
      side: 'long',
      type: 'market',
      quantity: '10',
    });
    expect(opened.status).toBe('filled');
    const id = (await positions(u.as)).list[0]!.id;
    await keyed<PerpPosition>('Sustainable/setTakeStopPrice', { positionId: id, tpPrice: '120', slPrice: '95.5' });
    await keyed<PerpPosition>('Sustainable/addMargin', { positionId: id, amount: '10' });
    await keyed<PerpTrade>('Sustainable/closePosition', { positionId: id, quantity: '4' });
    const limit = await keyed<PerpOrder>('Sustainable/createOrder', {
      symbol: SOL,
      side: 'long',
      type: 'limit',
      price: '95',
      quantity: '10',
    });
    const cancelled = await keyed<PerpOrder>('Sustainable/cancelDeliveryOrder', { orderId: limit.id });
    expect(cancelled.status).toBe('cancelled');
    const all = await keyed<{ closed: PerpTrade[] }>('Sustainable/closeAllPosition', {});
    expect(all.closed.map((c) => c.quantity)).toEqual(['6']);
    // Margin 100 + 10 added, 4 of 10 lots closed then the rest: nothing applied twice.
    expect((await positions(u.as)).list).toEqual([]);
    expect((await u.as<{ list: PerpOrder[] }>('Sustainable/historyEntrust')).data.list).toHaveLength(4);

    // A call that never arrived: not applied, and a late copy of it is refused.
    const lost = rid();
    expect(await outcome(lost)).toEqual({ status: 'not-applied' });
    const late = await u.as('Sustainable/createOrder', {
      symbol: SOL,
      side: 'long',
      type: 'market',
      quantity: '10',
      requestId: lost,
    });
    expect(late.code).not.toBe(1);
    expect((await positions(u.as)).list).toEqual([]);
  });
});
