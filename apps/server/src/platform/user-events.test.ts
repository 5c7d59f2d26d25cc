import type { PropertyData, UserEvent, UserFrame } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualSource, type TestApp, WsTestClient, createTestApp, registerUser, until } from '../testing.js';
import { queryRows } from './db.js';
import { USER_EVENT_REPLAY } from './user-events/index.js';

let t: TestApp;
let url: string;
const source = new ManualSource();
const sockets: WsTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { market: { source: 'sim', seed: 't', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 } },
    {
      priceSource: source,
      // Settlement is driven by the test.
      settlement: false,
      deliveryLimits: {
        maxActiveOrders: 20,
        staleTickMs: 5_000,
        settleGraceMs: 0,
        feedStallMs: 30_000,
        batchSize: 100,
        sweepMs: 60_000,
      },
    },
  );
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/ws`;
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

let n = 0;
const rid = () => `ue-${Date.now().toString(36)}-${++n}`;

async function price(symbol: string, p: string) {
  const at = t.clock.ms;
  source.ticks([{ symbol, ts: at, price: p, size: '1' }]);
  await until(() => (t.app.market.latestTick(symbol)?.ts ?? 0) >= at);
  await t.app.market.flush();
}

async function trader() {
  const u = await registerUser(t);
  await u.as('user/changeUser', { mode: 'demo' });
  await u.as('user/getDemoMoney', { requestId: rid() });
  await u.as('index/zySubmit', { from: 'spot', to: 'delivery', currency: 'USDT', amount: '1000', requestId: rid() });
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`SELECT id::text AS id FROM users WHERE uid = ${u.user.uid}`,
  );
  return { ...u, id: row!.id };
}

/** A signed-in socket on the `user` channel, from `since` when given. */
async function userSocket(token: string, since?: number) {
  const s = new WsTestClient(url);
  sockets.push(s);
  await s.opened;
  s.send({ op: 'auth', token });
  s.send({ op: 'subscribe', channels: ['user'], ...(since === undefined ? {} : { since }) });
  await until(() => s.replies.some((r) => r.op === 'subscribed'));
  return s;
}

const framesOf = (s: WsTestClient) => s.on('user').flatMap((m) => m.data as UserFrame[]);
const numbered = (s: WsTestClient) => framesOf(s).filter((f) => f.seq !== undefined);
const head = async (userId: string) =>
  Number(
    (
      await queryRows<{ seq: string }>(
        t.database.db,
        sql`SELECT seq::text AS seq FROM user_event_heads WHERE user_id = ${userId}`,
      )
    )[0]?.seq ?? 0,
  );

describe('the user channel: numbered, journaled, replayed', () => {
  it('replays what a dropped socket missed while its orders settled, in order, and nothing twice', async () => {
    const u = await trader();
    const first = await userSocket(u.token);
    t.clock.advance(1_000);
    await price('SOLUSDT', '100.00');
    const placed = await u.as<{ id: string }>('order/createDeliveryOrder', {
      symbol: 'SOLUSDT',
      direction: 'call',
      seconds: 30,
      amount: '10',
      requestId: rid(),
    });
    expect(placed.code, placed.msg).toBe(1);
    await until(() => numbered(first).some((f) => f.event.type === 'delivery.order'));
    const seen = Math.max(...numbered(first).map((f) => f.seq!));
    first.ws.terminate();

    // While the socket is gone: two more orders, and all three settle.
    for (const direction of ['put', 'call'] as const) {
      const r = await u.as('order/createDeliveryOrder', {
        symbol: 'SOLUSDT',
        direction,
        seconds: 30,
        amount: '10',
        requestId: rid(),
      });
      expect(r.code, r.msg).toBe(1);
    }
    t.clock.advance(30_000);
    await price('SOLUSDT', '101.00');
    t.clock.advance(1_000);
    await price('SOLUSDT', '101.50');
    await t.app.delivery.settlement.settleDue();
    const last = await head(u.id);
    expect(last).toBeGreaterThan(seen + 6);

    const again = await userSocket(u.token, seen);
    await until(() => numbered(again).at(-1)?.seq === last);
    const frames = numbered(again);
    // Exactly what came after `seen`: one each, in order.
    expect(frames.map((f) => f.seq)).toEqual(Array.from({ length: last - seen }, (_, i) => seen + 1 + i));
    const orders = frames.flatMap((f) => (f.event.type === 'delivery.order' ? [f.event.order] : []));
    expect(
      orders
        .filter((o) => o.status !== 'open')
        .map((o) => o.status)
        .sort(),
    ).toEqual(['lost', 'won', 'won']);
    // The last balance event of the delivery wallet is what the wallet shows now.
    const balances = frames.flatMap((f) => (f.event.type === 'wallet.balance' ? [f.event] : []));
    const delivery = balances.filter((b) => b.wallet === 'delivery').at(-1)!;
    const property = (await u.as<PropertyData>('index/property')).data;
    const wallet = property.wallets
      .find((w) => w.wallet === 'delivery')!
      .currencies.find((c) => c.currency === 'USDT')!;
    expect(Number(delivery.available)).toBe(Number(wallet.available));
    expect(Number(delivery.frozen)).toBe(Number(wallet.frozen));
    expect(again.replies.some((r) => r.op === 'resync')).toBe(false);
  });

  it('tells a socket to resync when the journal no longer holds what it missed; nothing when it missed nothing', async () => {
    const u = await trader();
    const last = await head(u.id);
    expect(last).toBeGreaterThan(0);

    const current = await userSocket(u.token, last);
    const ahead = await userSocket(u.token, last + 10);
    await until(() => ahead.replies.some((r) => r.op === 'resync'));
    expect(current.replies.some((r) => r.op === 'resync')).toBe(false);
    expect(numbered(current)).toEqual([]);

    // Older than the window: pruned, so the client reads its lists again.
    t.clock.advance(USER_EVENT_REPLAY.windowMs + 60_000);
    await t.app.platform.userEvents.prune();
    const late = await userSocket(u.token, 0);
    await until(() => late.replies.some((r) => r.op === 'resync'));
    expect(numbered(late)).toEqual([]);
  });

  it('numbers concurrent calls one after another with no gap, and a refused call raises nothing', async () => {
    const u = await trader();
    const before = await head(u.id);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        u.as('index/zySubmit', {
          from: i % 2 ? 'delivery' : 'spot',
          to: i % 2 ? 'spot' : 'delivery',
          currency: 'USDT',
          amount: '1',
          requestId: rid(),
        }),
      ),
    );
    expect(results.map((r) => r.code)).toEqual(Array(12).fill(1));
    const after = await head(u.id);
    // Each transfer moves two balances.
    expect(after - before).toBe(24);
    const rows = await queryRows<{ seq: string; event: UserEvent }>(
      t.database.db,
      sql`SELECT seq::text AS seq, event FROM user_events WHERE user_id = ${u.id} AND seq > ${before} ORDER BY user_events.seq`,
    );
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 24 }, (_, i) => before + 1 + i));

    const refused = await u.as('index/zySubmit', {
      from: 'spot',
      to: 'delivery',
      currency: 'USDT',
      amount: '100000000',
      requestId: rid(),
    });
    expect(refused.code).not.toBe(1);
    expect(await head(u.id)).toBe(after);
  });

  it('tells every socket of the user of a mode switch, in order and journaled; a refused switch raises nothing', async () => {
    const u = await registerUser(t);
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id::text AS id FROM users WHERE uid = ${u.user.uid}`,
    );
    // Two devices: the one that switches and another, which must follow.
    const mine = await userSocket(u.token);
    const other = await userSocket(u.token);
    const modes = (s: WsTestClient) => numbered(s).flatMap((f) => (f.event.type === 'user.mode' ? [f.event.mode] : []));
    expect((await u.as('user/changeUser', { mode: 'demo' })).code).toBe(1);
    expect((await u.as('user/changeUser', { mode: 'real' })).code).toBe(1);
    await until(() => modes(other).length === 2 && modes(mine).length === 2);
    expect(modes(other)).toEqual(['demo', 'real']);
    // Refused (not a mode): nothing is raised.
    expect((await u.as('user/changeUser', { mode: 'paper' })).code).toBe(400);
    const journaled = await t.app.platform.userEvents.replay(row!.id, 0);
    expect(journaled).not.toBe('resync');
    const told = (journaled as { event: UserEvent }[]).flatMap((e) =>
      e.event.type === 'user.mode' ? [e.event.mode] : [],
    );
    expect(told).toEqual(['demo', 'real']);
  });
});
