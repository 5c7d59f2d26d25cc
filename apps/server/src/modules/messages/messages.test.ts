import type {
  AppDownloadData,
  DeliveryOrder,
  DepositRecord,
  MessageListData,
  PushConfigData,
  UnreadData,
} from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../platform/db.js';
import {
  ManualSource,
  TINY_PNG,
  type TestApp,
  call,
  createOperator,
  createTestApp,
  loginOperator,
  registerUser,
  until,
  uploadFile,
} from '../../testing.js';

const source = new ManualSource();
let t: TestApp;
let operator: string;
const sent: { endpoint: string; payload: string }[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {
      market: { source: 'sim', seed: 'messages', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 },
      webPush: { publicKey: 'BTestPublicKey', privateKey: 'test-private', subject: 'mailto:ops@nexa.example' },
      appDownload: { ios: null, android: { url: 'https://example.com/nexa.apk', version: '2.1.0' } },
    },
    {
      priceSource: source,
      settlement: false,
      deliveryLimits: {
        maxActiveOrders: 5,
        staleTickMs: 5_000,
        settleGraceMs: 0,
        feedStallMs: 30_000,
        batchSize: 10,
        sweepMs: 60_000,
      },
    },
  );
  operator = await createOperator(t.database.db, 'msg-op');
  t.app.webPush.replaceTransport(async (sub, payload) => {
    if (sub.endpoint.endsWith('/gone')) throw Object.assign(new Error('gone'), { statusCode: 410 });
    sent.push({ endpoint: sub.endpoint, payload });
  });
});
afterAll(() => t?.close());

let seq = 0;
const rid = () => `msg-${Date.now().toString(36)}-${++seq}`;

async function newUser() {
  const r = await registerUser(t);
  const as = <T = unknown>(path: string, body: object = {}, lang = 'en') =>
    call<T>(t.app, path, body, { TOKEN: r.token, lang });
  const id = (
    await queryRows<{ id: string }>(t.database.db, sql`SELECT id::text AS id FROM users WHERE uid = ${r.user.uid}`)
  )[0]!.id;
  return { ...r, as, id };
}
type User = Awaited<ReturnType<typeof newUser>>;

async function deposit(u: User, amount = '25') {
  const shot = (await uploadFile(t.app, u.token, TINY_PNG)).data.name;
  const res = await u.as<DepositRecord>('index/czSubmit', {
    currency: 'USDT',
    chain: 'ERC20',
    amount,
    screenshot: shot,
    requestId: rid(),
  });
  expect(res.code, res.msg).toBe(1);
  return res.data;
}

const inbox = async (u: User) => (await u.as<MessageListData>('message/list', { page: 1, pageSize: 50 })).data;

describe('message centre', () => {
  it('tells the user of an approved and a rejected deposit, with the reason, live on the user channel', async () => {
    const u = await newUser();
    const a = await deposit(u, '25');
    const b = await deposit(u, '30');
    await t.app.fundingOperations.approveDeposit(a.id, { operatorId: operator, reason: null });
    await t.app.fundingOperations.rejectDeposit(b.id, { operatorId: operator, reason: 'Screenshot unreadable' });
    const box = await inbox(u);
    expect(box.unread).toBe(2);
    expect(box.total).toBe(2);
    expect(box.list.map((m) => [m.kind, m.read])).toEqual([
      ['deposit.rejected', false],
      ['deposit.approved', false],
    ]);
    expect(box.list[0]!.params).toMatchObject({ amount: '30.00', currency: 'USDT', reason: 'Screenshot unreadable' });
    expect(box.list[1]!.params).toMatchObject({ amount: '25.00', orderNo: a.orderNo });
    expect(box.list[1]!.link).toBe('/pages/tabbarPages/mine/rechargeRecord');
    // Journaled on the user channel, with the unread count after each.
    const events = await t.app.platform.userEvents.replay(u.id, 0);
    expect(events).not.toBe('resync');
    const news = (events as { event: { type: string; unread?: number } }[]).filter(
      (e) => e.event.type === 'message.new',
    );
    expect(news.map((e) => e.event.unread)).toEqual([1, 2]);
  });

  it('marks read per message (again is harmless) and all at once', async () => {
    const u = await newUser();
    for (const amount of ['11', '12', '13']) {
      const d = await deposit(u, amount);
      await t.app.fundingOperations.approveDeposit(d.id, { operatorId: operator, reason: null });
    }
    const [first] = (await inbox(u)).list;
    expect((await u.as<UnreadData>('message/read', { id: first!.id })).data).toEqual({ unread: 2 });
    expect((await u.as<UnreadData>('message/read', { id: first!.id })).data).toEqual({ unread: 2 });
    expect((await inbox(u)).list[0]!.read).toBe(true);
    expect((await u.as<UnreadData>('message/readAll')).data).toEqual({ unread: 0 });
    expect((await u.as<UnreadData>('message/readAll')).data).toEqual({ unread: 0 });
    expect((await u.as<UnreadData>('message/unread')).data).toEqual({ unread: 0 });
    const paged = await u.as<MessageListData>('message/list', { page: 2, pageSize: 2 });
    expect(paged.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.data.list).toHaveLength(1);
  });

  it('lists the newest first by number, not as text, past a change in the number of digits', async () => {
    const u = await newUser();
    // Ids 9999998, 9999999 and 10000000 sort wrongly as text ("9999999" > "9999998" > "10000000"): a list ordered
    // by its `id::text` column put the newest message below older ones.
    const [top] = await queryRows<{ next: string }>(
      t.database.db,
      sql`SELECT coalesce(max(id) + 1, 1)::text AS next FROM messages`,
    );
    expect(BigInt(top!.next)).toBeLessThanOrEqual(9999998n);
    await t.database.db.execute(sql`SELECT setval('messages_id_seq', 9999997)`);
    for (const n of [1, 2, 3]) {
      await t.database.db.transaction((tx) =>
        t.app.messages.notify(tx, u.id, {
          key: `order-check:${u.id}:${n}`,
          kind: 'deposit.approved',
          params: { amount: `${n}`, currency: 'USDT' },
          link: null,
        }),
      );
    }
    expect((await inbox(u)).list.map((m) => m.id)).toEqual(['10000000', '9999999', '9999998']);
    const second = await u.as<MessageListData>('message/list', { page: 2, pageSize: 1 });
    expect(second.data.list.map((m) => m.id)).toEqual(['9999999']);
  });

  it("refuses another user's message and bad input, naming the field", async () => {
    const owner = await newUser();
    const other = await newUser();
    const d = await deposit(owner);
    await t.app.fundingOperations.approveDeposit(d.id, { operatorId: operator, reason: null });
    const [msg] = (await inbox(owner)).list;
    expect((await other.as('message/read', { id: msg!.id })).code).toBe(404);
    expect((await inbox(owner)).unread).toBe(1);
    expect((await inbox(other)).total).toBe(0);
    const bad = await owner.as('message/read', { id: '1 OR 1=1' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/id/i);
    expect((await owner.as('message/read', { id: '1 OR 1=1' }, 'de')).msg).not.toBe(bad.msg);
    expect((await owner.as('message/list', { page: 1, pageSize: 1000 })).code).toBe(400);
    expect((await call(t.app, 'message/list', {})).code).toBe(401);
    expect((await owner.as('push/subscribe', { endpoint: 'http://insecure.example/x', keys: {} })).code).toBe(400);
  });

  it('stores a settled delivery order once, however often its settlement is replayed', async () => {
    const u = await newUser();
    await u.as('user/changeUser', { mode: 'demo' });
    await u.as('user/getDemoMoney', { requestId: rid() });
    await u.as('index/zySubmit', { from: 'spot', to: 'delivery', currency: 'USDT', amount: '500', requestId: rid() });
    t.clock.advance(1_000);
    const tick = async (p: string) => {
      const at = t.clock.ms;
      source.ticks([{ symbol: 'SOLUSDT', ts: at, price: p, size: '1' }]);
      await until(() => (t.app.market.latestTick('SOLUSDT')?.ts ?? 0) >= at);
      await t.app.market.flush();
    };
    await tick('100.00');
    const order = await u.as<DeliveryOrder>('order/createDeliveryOrder', {
      symbol: 'SOLUSDT',
      direction: 'call',
      seconds: 30,
      amount: '100',
      requestId: rid(),
    });
    expect(order.code, order.msg).toBe(1);
    t.clock.advance(30_000);
    await tick('101.00');
    const live = vi.spyOn(t.app.platform.userEvents, 'live');
    try {
      await Promise.all([t.app.delivery.settlement.settleDue(), t.app.delivery.settlement.settleDue()]);
      // Told live once the batch commits (not journaled with it), with the unread count read then.
      await until(() => live.mock.calls.length > 0);
      const told = live.mock.calls.flatMap(([events]) => events).filter((e) => e.userId === u.id);
      expect(told.map((e) => e.event)).toMatchObject([
        { type: 'message.new', unread: 1, message: { kind: 'delivery.settled' } },
      ]);
    } finally {
      live.mockRestore();
    }
    const journaled = await t.app.platform.userEvents.replay(u.id, 0);
    expect(Array.isArray(journaled) && journaled.some((e) => e.event.type === 'message.new')).toBe(false);
    const settled = (await inbox(u)).list.filter((m) => m.kind === 'delivery.settled');
    expect(settled).toHaveLength(1);
    expect(settled[0]!.params).toMatchObject({ symbol: 'SOLUSDT', result: 'won', payout: '180', mode: 'demo' });
    expect(settled[0]!.link).toBe(`/pages/tabbarPages/futures/detail?id=${order.data.id}`);
    // A replay of the same settlement (another node, a retried batch), 50 at once: still one message.
    const replay = {
      key: `delivery:${order.data.id}:settled`,
      kind: 'delivery.settled' as const,
      params: settled[0]!.params,
      link: settled[0]!.link,
    };
    await Promise.all(
      Array.from({ length: 50 }, () => t.database.db.transaction((tx) => t.app.messages.notify(tx, u.id, replay))),
    );
    expect((await inbox(u)).list.filter((m) => m.kind === 'delivery.settled')).toHaveLength(1);
  });

  it('stores a message for every user at once (an announcement) and for many sent live, each once on replays', async () => {
    const u = await newUser();
    const v = await newUser();
    const before = (await inbox(u)).unread;
    const notice = { key: 'announcement:test-1', kind: 'announcement' as const, params: {}, link: '/pages/x?id=1' };
    const stored = await Promise.all(
      Array.from({ length: 5 }, () => t.database.db.transaction((tx) => t.app.messages.notifyAll(tx, notice))),
    );
    const users = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`);
    expect(stored.reduce((a, b) => a + b, 0)).toBe(Number(users[0]!.n));
    for (const who of [u, v]) {
      const mine = (await inbox(who)).list.filter((m) => m.kind === 'announcement');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ link: '/pages/x?id=1', read: false });
    }
    expect((await inbox(u)).unread).toBe(before + 1);

    // Sent live (a copy plan's thousands of followers): stored once, nothing journaled for the sockets.
    const placed = { key: 'copy:test:placed', kind: 'copy.placed' as const, params: { symbol: 'SOLUSDT' }, link: null };
    const items = [u, v].map((w) => ({ userId: w.id, message: placed }));
    for (let i = 0; i < 3; i++) {
      await t.database.db.transaction((tx) => t.app.messages.notifyMany(tx, items, { live: true }));
    }
    for (const who of [u, v]) expect((await inbox(who)).list.filter((m) => m.kind === 'copy.placed')).toHaveLength(1);
    const journaled = await t.app.platform.userEvents.replay(u.id, 0);
    const kinds = Array.isArray(journaled)
      ? journaled.map((e) => (e.event.type === 'message.new' ? e.event.message.kind : null))
      : [];
    expect(kinds).not.toContain('copy.placed');
    expect(kinds).not.toContain('announcement');

    // The same message to many by their ids (a placement's followers): stored once each whatever the replays, each
    // user's socket told once it commits with the unread count read then, nothing journaled; a rolled-back
    // transaction stores and tells nothing.
    const live = vi.spyOn(t.app.platform.userEvents, 'live');
    try {
      const each = { key: 'copy:each:placed', kind: 'copy.placed' as const, params: { symbol: 'ETHUSDT' }, link: null };
      await expect(
        t.database.db.transaction(async (tx) => {
          await t.app.messages.notifyEach(tx, [u.id, v.id], each);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await inbox(u)).list.filter((m) => m.params.symbol === 'ETHUSDT')).toHaveLength(0);
      const unreadBefore = (await inbox(v)).unread;
      for (let i = 0; i < 3; i++) {
        await t.database.db.transaction((tx) => t.app.messages.notifyEach(tx, [u.id, v.id, u.id], each));
      }
      for (const who of [u, v]) {
        expect((await inbox(who)).list.filter((m) => m.params.symbol === 'ETHUSDT')).toHaveLength(1);
      }
      await until(() => live.mock.calls.length > 0);
      const told = live.mock.calls.flatMap(([events]) => events);
      expect(told.map((e) => e.userId).sort()).toEqual([u.id, v.id].sort());
      const toV = told.find((e) => e.userId === v.id)!.event;
      expect(toV).toMatchObject({ type: 'message.new', unread: unreadBefore + 1, message: { kind: 'copy.placed' } });
      const stored = (await inbox(v)).list.find((m) => m.params.symbol === 'ETHUSDT')!;
      expect(toV.type === 'message.new' && toV.message).toEqual(stored);
    } finally {
      live.mockRestore();
    }
  });

  it('tells the user of a verification decision', async () => {
    const u = await newUser();
    const res = await u.as('user_verification/submitIdentityVerification', {
      level: 'basic',
      country: 'DE',
      name: 'Erika Mustermann',
      idNumber: 'L01X00T47',
    });
    expect(res.code, res.msg).toBe(1);
    const { list } = await t.app.kycOperations.listVerifications({ status: 'review', page: 1, pageSize: 100 });
    const mine = list.find((v) => v.owner.userId === u.id)!;
    await t.app.kycOperations.rejectVerification(mine.id, { operatorId: operator, reason: 'Photo blurred' });
    const [msg] = (await inbox(u)).list;
    expect(msg).toMatchObject({ kind: 'verification.rejected', params: { level: 'basic', reason: 'Photo blurred' } });
  });
});

describe('web push', () => {
  it('sends review decisions to the browsers that subscribed, in their language, and drops gone ones', async () => {
    expect((await call<PushConfigData>(t.app, 'push/config')).data).toEqual({ publicKey: 'BTestPublicKey' });
    const u = await newUser();
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    const endpoint = `https://push.example/${u.id}`;
    expect((await u.as('push/subscribe', { endpoint, keys }, 'de')).code).toBe(1);
    expect((await u.as('push/subscribe', { endpoint: `${endpoint}/gone`, keys }, 'de')).code).toBe(1);
    const d = await deposit(u);
    const before = sent.length;
    await t.app.fundingOperations.approveDeposit(d.id, { operatorId: operator, reason: null });
    await until(() => sent.length > before);
    const payload = JSON.parse(sent.find((s) => s.endpoint === endpoint)!.payload);
    expect(payload).toMatchObject({
      title: 'Einzahlung genehmigt',
      url: '/h5/#/pages/tabbarPages/mine/rechargeRecord',
    });
    // The push service answered 410 for the other one: that subscription is dropped.
    const gone = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = ${`${endpoint}/gone`}`,
        )
      )[0]!.n;
    for (let i = 0; i < 100 && Number(await gone()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(Number(await gone())).toBe(0);
    expect((await u.as('push/unsubscribe', { endpoint })).code).toBe(1);
    const after = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = ${endpoint}`,
    );
    expect(Number(after[0]!.n)).toBe(0);
  });

  it('gives the configured native app links to visitors, then what operators publish', async () => {
    expect((await call<AppDownloadData>(t.app, 'index/getAppDownloadUrl')).data).toEqual({
      ios: null,
      android: { url: 'https://example.com/nexa.apk', version: '2.1.0' },
    });
    const op = (await loginOperator(t)).token;
    const set = (value: object) =>
      call(t.app, 'admin/updateSetting', { key: 'appDownload', value }, { 'ADMIN-TOKEN': op });
    // Only https links: a plain http one is refused, naming the field, and nothing changes.
    const bad = await set({ ios: { url: 'http://apps.example.com/nexa', version: '3.0' }, android: null });
    expect(bad.code).toBe(400);
    expect((bad.data as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(['value.ios.url']);
    const published = { ios: { url: 'https://apps.example.com/nexa', version: '3.0.1' }, android: null };
    expect((await set(published)).code).toBe(1);
    expect((await call<AppDownloadData>(t.app, 'index/getAppDownloadUrl')).data).toEqual(published);
  });
});
