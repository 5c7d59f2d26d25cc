import type { DeliveryOrder, MoneyLogsData, PerpOrder, PerpPosition, PerpTrade } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import { perpetualSuite, positions, rid, source, tick, trader } from '../../perpetual-testing.js';
import { type TestApp, loginOperator } from '../../testing.js';

/**
 * The user page's money figures as the operator sees them: each the same string the user's own calls answer, from the
 * same rules (amounts at the currency's scale, a position's PnL and liquidation price, a delivery order's profit).
 */
const src = source();
let t: TestApp;
perpetualSuite(src, (app) => {
  t = app;
});
const SOL = 'SOLUSDT';

type Envelope<T = unknown> = { code: number; msg: string; data: T };
async function post<T = unknown>(p: string, body: object, token: string): Promise<Envelope<T>> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${p}`,
    payload: body,
    headers: { lang: 'en', 'ADMIN-TOKEN': token },
  });
  return res.json() as Envelope<T>;
}

const userIdOf = async (token: string, uid: number) =>
  (await post<{ list: { userId: string }[] }>('admin/users', { q: String(uid) }, token)).data.list[0]!.userId;

describe("a user's trading and money, on the console's user page", () => {
  it("sends account changes at the currency's scale, as the user's own change log does", async () => {
    const admin = (await loginOperator(t)).token;
    const u = await trader(t, '12.5');
    const userId = await userIdOf(admin, u.me.uid);
    const mine = await u.as<MoneyLogsData>('order/moneyLogs', { pageSize: 20 });
    expect(mine.code, mine.msg).toBe(1);
    const console = await post<{ list: { id: string; amount: string; frozenChange: string; balanceAfter: string }[] }>(
      'admin/userChanges',
      { userId, pageSize: 20 },
      admin,
    );
    expect(console.code, console.msg).toBe(1);
    const figures = (l: { id: string; amount: string; frozenChange: string; balanceAfter: string }[]) =>
      l.map((c) => [c.id, c.amount, c.frozenChange, c.balanceAfter]).sort();
    expect(console.data.list.length).toBeGreaterThanOrEqual(3);
    expect(figures(console.data.list)).toEqual(figures(mine.data.list));
    expect(console.data.list.map((c) => c.amount)).toContain('12.50');
  });

  it('shows positions and orders with their currency, PnL and liquidation price, as the user sees them', async () => {
    const admin = (await loginOperator(t)).token;
    const u = await trader(t);
    const moved = await u.as('index/zySubmit', {
      from: 'spot',
      to: 'delivery',
      currency: 'USDT',
      amount: '100',
      requestId: rid(),
    });
    expect(moved.code, moved.msg).toBe(1);
    await tick(t, src, SOL, '100.00');
    const opened = await u.as<PerpOrder>('Sustainable/createOrder', {
      symbol: SOL,
      side: 'long',
      type: 'market',
      quantity: '10',
      leverage: 10,
      requestId: rid(),
    });
    expect(opened.code, opened.msg).toBe(1);
    const bet = await u.as<DeliveryOrder>('order/createDeliveryOrder', {
      symbol: SOL,
      direction: 'call',
      seconds: 30,
      amount: '10',
      requestId: rid(),
    });
    expect(bet.code, bet.msg).toBe(1);
    // The deciding tick at expiry (tick() steps the clock 1 s), then settlement once the expiry has passed.
    t.clock.advance(29_000);
    await tick(t, src, SOL, '103.37');
    t.clock.advance(1_000);
    await t.app.delivery.settlement.settleDue();
    const partial = await u.as<PerpTrade>('Sustainable/closePosition', {
      positionId: opened.data.positionId,
      quantity: '4',
      requestId: rid(),
    });
    expect(partial.code, partial.msg).toBe(1);
    await tick(t, src, SOL, '101.23');

    const own = (await positions(u.as)).list[0] as PerpPosition;
    const userId = await userIdOf(admin, u.me.uid);
    const pos = await post<{ list: Record<string, unknown>[] }>('admin/userPositions', { userId }, admin);
    expect(pos.code, pos.msg).toBe(1);
    expect(pos.data.list[0]).toMatchObject({
      id: own.id,
      currency: 'USDT',
      markPrice: own.markPrice,
      unrealizedPnl: own.unrealizedPnl,
      liquidationPrice: own.liquidationPrice,
      margin: own.margin,
    });
    expect(own.unrealizedPnl).not.toBe('0.00');

    // The app's own settlement loop may hold the order while the call above runs: wait for its result.
    let delivered: DeliveryOrder | undefined;
    for (let i = 0; i < 200 && delivered?.status !== 'won'; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 10));
      delivered = (await u.as<{ list: DeliveryOrder[] }>('order/historyOrders', {})).data.list.find(
        (o) => o.id === bet.data.id,
      );
    }
    expect(delivered?.status).toBe('won');
    const orders = await post<{ list: Record<string, unknown>[] }>('admin/userOrders', { userId }, admin);
    expect(orders.code, orders.msg).toBe(1);
    const byId = (product: string, id: string) => orders.data.list.find((o) => o.product === product && o.id === id);
    expect(byId('delivery', bet.data.id)).toMatchObject({
      product: 'delivery',
      currency: 'USDT',
      amount: '10.00',
      pnl: delivered!.profit,
      liquidationPrice: null,
    });
    expect(byId('perpetual', opened.data.id)).toMatchObject({
      product: 'perpetual',
      currency: 'USDT',
      pnl: null,
      liquidationPrice: own.liquidationPrice,
    });
    const closing = orders.data.list.find((o) => o.product === 'perpetual' && o.id !== opened.data.id);
    expect(closing).toMatchObject({ pnl: partial.data.realizedPnl, currency: 'USDT' });
  });
});
