import { EventEmitter } from 'node:events';
import type { SessionData, Ticker, UserFrame, WsFrame } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  WsTestClient as Client,
  ManualSource,
  type TestApp,
  call,
  createTestApp,
  loginOperator,
  registerUser,
  until,
} from '../testing.js';
import { queryRows } from './db.js';
import { WsHub } from './ws-hub.js';

let t: TestApp;
let url: string;
const userIdOf = async (uid: number) =>
  (await queryRows<{ id: string }>(t.database.db, sql`SELECT id::text AS id FROM users WHERE uid = ${uid}`))[0]!.id;
const source = new ManualSource();
const clients: Client[] = [];
const open = async () => {
  const c = new Client(url);
  clients.push(c);
  await c.opened;
  return c;
};

beforeAll(async () => {
  t = await createTestApp(
    { market: { source: 'sim', seed: 't', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 } },
    {
      priceSource: source,
      hubOptions: {
        flushMs: 50,
        burstMs: 5,
        softCapBytes: 64 * 1024,
        hardCapBytes: 64 * 1024 * 1024,
        slowCutoffMs: 1500,
        heartbeatMs: 60_000,
        maxClientMessageBytes: 4096,
      },
    },
  );
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/ws`;
});
afterAll(async () => {
  for (const c of clients) c.ws.terminate();
  await t?.close();
});

let clock = Date.UTC(2031, 0, 1);
const tick = (symbol: string, price: string) => {
  clock += 1000;
  source.ticks([{ symbol, ts: clock, price, size: '1' }]);
};

describe('WebSocket /api/ws', () => {
  it('subscribes to tickers: a snapshot first, then batched updates with rising seq', async () => {
    tick('BTCUSDT', '60000.00');
    tick('ETHUSDT', '3000.00');
    await until(() => t.app.market.latestTick('ETHUSDT') !== undefined);
    const c = await open();
    c.send({ op: 'subscribe', channels: ['tickers'] });
    await until(() => c.on('tickers').length >= 1);
    expect(c.replies).toContainEqual({ op: 'subscribed', channels: ['tickers'] });
    const snap = c.on('tickers')[0]!;
    expect(snap.seq).toBe(1);
    expect((snap.data as Ticker[]).map((x) => x.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);

    // Many updates inside one flush period arrive as one message holding the latest value per product.
    for (let i = 0; i < 20; i++) tick('BTCUSDT', `${60000 + i}.00`);
    tick('ETHUSDT', '3001.00');
    await until(() => c.on('tickers').some((m) => (m.data as Ticker[]).some((x) => x.price === '60019.00')));
    const seqs = c.on('tickers').map((m) => m.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(c.on('tickers').length).toBeLessThan(10);
    const prices = c
      .on('tickers')
      .flatMap((m) => (m.data as Ticker[]).filter((x) => x.symbol === 'BTCUSDT').map((x) => x.price));
    expect(prices.at(-1)).toBe('60019.00');

    c.send({ op: 'unsubscribe', channels: ['tickers'] });
    await until(() => c.replies.some((r) => r.op === 'unsubscribed'));
    const before = c.messages.length;
    tick('BTCUSDT', '61000.00');
    await new Promise((r) => setTimeout(r, 200));
    expect(c.messages.length).toBe(before);
  });

  it('keeps each client to at most one frame a flush period', async () => {
    const c = await open();
    c.send({ op: 'subscribe', channels: ['tickers', 'kline:BTCUSDT:1m', 'trades:BTCUSDT', 'depth:BTCUSDT'] });
    await until(() => c.replies.some((r) => r.op === 'subscribed'));
    const t0 = Date.now();
    const framesBefore = c.frames;
    for (let i = 0; i < 40; i++) {
      tick('BTCUSDT', `${62000 + i}.00`);
      source.trades([{ symbol: 'BTCUSDT', id: `x${i}`, ts: clock, price: `${62000 + i}.00`, size: '1', side: 'buy' }]);
      source.depth({
        symbol: 'BTCUSDT',
        ts: clock,
        bids: [{ price: '1', size: '1' }],
        asks: [{ price: '2', size: '1' }],
      });
      await new Promise((r) => setTimeout(r, 5));
    }
    await until(() => c.on('trades:BTCUSDT').some((m) => (m.data as { id: string }[]).some((x) => x.id === 'x39')));
    const elapsed = Date.now() - t0;
    // flushMs is 50 here: at most one frame per 50 ms (+1 for the period in progress).
    expect(c.frames - framesBefore).toBeLessThanOrEqual(Math.ceil(elapsed / 50) + 1);
    const trades = c.on('trades:BTCUSDT').flatMap((m) => m.data as { id: string }[]);
    expect(trades.filter((x) => x.id.startsWith('x')).map((x) => x.id)).toEqual(
      Array.from({ length: 40 }, (_, i) => `x${i}`),
    );
    const candle = c.on('kline:BTCUSDT:1m').at(-1)!.data as { close: string };
    expect(candle.close).toBe('62039.00');
  });

  it('refuses unknown channels and the user channel before auth, then accepts it after', async () => {
    const c = await open();
    c.send({ op: 'subscribe', channels: ['depth:NOPE'] });
    c.send({ op: 'subscribe', channels: ['user'] });
    c.send({ op: 'hello' });
    c.send({ op: 'ping' });
    await until(() => c.replies.length >= 4);
    expect(c.replies.filter((r) => r.op === 'error')).toHaveLength(3);
    expect(c.replies).toContainEqual({ op: 'pong' });

    const { token, as } = await registerUser(t);
    c.send({ op: 'auth', token: 'bad-token' });
    c.send({ op: 'auth', token });
    await until(() => c.replies.some((r) => r.op === 'authed'));
    c.send({ op: 'subscribe', channels: ['user'] });
    await until(() => c.replies.some((r) => r.op === 'subscribed' && r.channels?.includes('user')));

    // The user's own order events arrive on it (and nobody else's).
    await as('user/changeUser', { mode: 'demo' });
    await as('user/getDemoMoney', { requestId: `ws-${Date.now()}-1` });
    await as('index/zySubmit', {
      from: 'spot',
      to: 'delivery',
      currency: 'USDT',
      amount: '100',
      requestId: `ws-${Date.now()}-2`,
    });
    clock = Math.max(clock, Date.now()) + 1000;
    source.ticks([{ symbol: 'ETHUSDT', ts: Date.now(), price: '3000.00', size: '1' }]);
    await until(() => (t.app.market.latestTick('ETHUSDT')?.ts ?? 0) >= Date.now() - 2000);
    const order = await as('order/createDeliveryOrder', {
      symbol: 'ETHUSDT',
      direction: 'call',
      seconds: 30,
      amount: '10',
      requestId: `ws-${Date.now()}-3`,
    });
    expect(order.code, order.msg).toBe(1);
    const userEvents = () => c.on('user').flatMap((m) => (m.data as UserFrame[]).map((f) => f.event));
    await until(() => userEvents().some((e) => e.type === 'delivery.order'));
    const events = userEvents();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'delivery.order',
        order: expect.objectContaining({ id: (order.data as { id: string }).id }),
      }),
    );
    // And every balance it moved: the demo grant, the transfer's two wallets, the stake held.
    const balances = events.filter((e) => e.type === 'wallet.balance');
    expect(balances).toContainEqual(
      expect.objectContaining({ mode: 'demo', wallet: 'delivery', currency: 'USDT', available: '90', frozen: '10' }),
    );
  });

  it('takes `auth` immediately followed by `subscribe user`, in order', async () => {
    const c = await open();
    const { token } = await registerUser(t);
    c.send({ op: 'auth', token });
    c.send({ op: 'subscribe', channels: ['user'] });
    await until(() => c.replies.length >= 2);
    expect(c.replies.slice(0, 2)).toEqual([{ op: 'authed' }, { op: 'subscribed', channels: ['user'] }]);
  });

  it("stops a revoked or expired session's socket from receiving its user's events", async () => {
    const u = await registerUser(t);
    const second = await call<SessionData>(t.app, 'user/login', {
      type: 'email',
      email: u.email,
      password: 'password-123',
    });
    const bound = async (token: string) => {
      const c = await open();
      c.send({ op: 'auth', token });
      c.send({ op: 'subscribe', channels: ['user', 'tickers'] });
      await until(() => c.replies.some((r) => r.op === 'subscribed'));
      return c;
    };
    const first = await bound(u.token);
    const other = await bound(second.data.token);
    // Changing the password from the first session revokes the second: its socket is unbound at once.
    const changed = await u.as('index/resetPassword', {
      oldPassword: 'password-123',
      password: 'password-456',
      password2: 'password-456',
    });
    expect(changed.code, changed.msg).toBe(1);
    await until(() => other.replies.some((r) => r.op === 'revoked'));
    expect(first.replies.some((r) => r.op === 'revoked')).toBe(false);
    // Any event: the hub forwards what its node's bus parsed already.
    t.app.hub.publishToUser(String(await userIdOf(u.user.uid)), { event: { type: 'probe' } } as unknown as UserFrame);
    await until(() => first.on('user').some((m) => JSON.stringify(m.data).includes('probe')));
    expect(other.on('user').some((m) => JSON.stringify(m.data).includes('probe'))).toBe(false);
    // Re-authenticating with the revoked token is refused.
    other.send({ op: 'auth', token: second.data.token });
    await until(() => other.replies.some((r) => r.op === 'error' && r.msg === 'unauthorized'));
    // Logout revokes the first session's socket too.
    expect((await u.as('user/logout')).code).toBe(1);
    await until(() => first.replies.some((r) => r.op === 'revoked'));
  });

  it('unbinds the socket of a session revoked while the bus lost the message, and the operator is told it worked', async () => {
    const u = await registerUser(t);
    const userId = String(await userIdOf(u.user.uid));
    const bound = async (token: string) => {
      const c = await open();
      c.send({ op: 'auth', token });
      c.send({ op: 'subscribe', channels: ['user'] });
      await until(() => c.replies.some((r) => r.op === 'subscribed'));
      return c;
    };
    const socket = await bound(u.token);
    const other = await registerUser(t);
    const otherId = String(await userIdOf(other.user.uid));
    const bystander = await bound(other.token);
    // The bus refuses the revocation's message (Redis or the database's NOTIFY away after the commit).
    const bus = t.app.platform.bus;
    const publish = bus.publish.bind(bus);
    const warned = vi.spyOn(t.app.log, 'warn');
    const spy = vi.spyOn(bus, 'publish').mockImplementation(async (topic, message) => {
      if (topic === 'sessions') throw new Error('bus down');
      return (publish as (topic: string, message: unknown) => Promise<void>)(topic, message);
    });
    try {
      const op = await loginOperator(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/userRevokeSessions',
        payload: { userId, reason: 'account takeover suspected' },
        headers: { lang: 'en', 'ADMIN-TOKEN': op.token },
      });
      // Revoked in the database: the operator sees success, not the bus's failure, which is logged.
      expect(res.json()).toMatchObject({ code: 1, data: { revoked: 1 } });
      expect(spy).toHaveBeenCalledWith('sessions', { userId });
      expect(warned).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('revocation not published'));
    } finally {
      spy.mockRestore();
      warned.mockRestore();
    }
    expect((await u.as('index/property')).code).toBe(401);
    // The message never came: the socket is still bound until this node re-checks its sessions.
    expect(socket.replies.some((r) => r.op === 'revoked')).toBe(false);
    await t.app.hub.checkRevocations();
    await until(() => socket.replies.some((r) => r.op === 'revoked'));
    expect(t.app.hub.usersOn('user').has(userId)).toBe(false);
    expect(bystander.replies.some((r) => r.op === 'revoked')).toBe(false);
    // A database that does not answer leaves the sockets as they are (the next check decides).
    const failing = vi.spyOn(t.app.auth, 'liveSocketSessions').mockRejectedValue(new Error('db away'));
    try {
      await t.app.hub.checkRevocations();
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
    }
    expect(t.app.hub.usersOn('user').has(otherId)).toBe(true);
    expect(bystander.replies.some((r) => r.op === 'revoked')).toBe(false);
  });

  it('unbinds a socket whose session expired', async () => {
    const u = await registerUser(t);
    const c = await open();
    c.send({ op: 'auth', token: u.token });
    c.send({ op: 'subscribe', channels: ['user'] });
    await until(() => c.replies.some((r) => r.op === 'subscribed'));
    t.clock.advance(t.config.sessionTtlMs + 1);
    t.app.hub.expireSessions();
    await until(() => c.replies.some((r) => r.op === 'revoked'));
    expect(t.app.hub.usersOn('user').has(String(await userIdOf(u.user.uid)))).toBe(false);
  });

  it('cuts off a real client that stopped reading', async () => {
    const c = await open();
    c.send({ op: 'subscribe', channels: ['depth:ETHUSDT'] });
    await until(() => c.replies.some((r) => r.op === 'subscribed'));
    (c.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    // Large frames: the loopback's kernel buffers take tens of megabytes before the server's own buffer grows.
    const big = Array.from({ length: 25_000 }, (_, i) => ({ price: `${3000 + i}.00`, size: '1.0000' }));
    const cutBefore = t.app.hub.stats.cutOff;
    for (let i = 0; i < 200 && t.app.hub.stats.cutOff === cutBefore; i++) {
      t.app.hub.publish('depth:ETHUSDT', { ts: i, bids: big, asks: big });
      await new Promise((r) => setTimeout(r, 60));
    }
    expect(t.app.hub.stats.skipped).toBeGreaterThan(0);
    expect(t.app.hub.stats.cutOff).toBeGreaterThan(cutBefore);
    (c.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await until(() => c.closed, 15_000);
  }, 30_000);
});

describe('hub flushing (a socket whose buffer the test controls)', () => {
  class FakeSocket extends EventEmitter {
    readonly OPEN = 1;
    readyState = 1;
    bufferedAmount = 0;
    sent: unknown[] = [];
    terminated = false;
    send(data: string) {
      this.sent.push(JSON.parse(data));
    }
    terminate() {
      this.terminated = true;
      this.readyState = 3;
      this.emit('close');
    }
    ping() {}
  }
  const policy = {
    accepts: () => true,
    merge: () => ({ kind: 'latest' as const }),
    snapshot: () => undefined,
    authenticate: async () => null,
  };
  const opts = {
    flushMs: 100,
    burstMs: 5,
    softCapBytes: 1000,
    hardCapBytes: 100_000,
    slowCutoffMs: 60_000,
    heartbeatMs: 60_000,
    maxClientMessageBytes: 4096,
  };

  it('skips a client above the soft cap, so its seq jumps, and resumes when it drains', async () => {
    const hub = new WsHub(policy, opts);
    const ws = new FakeSocket();
    hub.attach(ws as unknown as import('ws').WebSocket);
    ws.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', channels: ['depth:XX'] })));
    await until(() => ws.sent.length === 1);
    const frames = () => ws.sent.filter((m): m is WsFrame => (m as WsFrame).channel === 'depth:XX');
    hub.publish('depth:XX', 1);
    hub.flush();
    ws.bufferedAmount = 5000;
    hub.publish('depth:XX', 2);
    hub.flush();
    hub.publish('depth:XX', 3);
    hub.flush();
    expect(frames().map((f) => f.seq)).toEqual([1]);
    ws.bufferedAmount = 0;
    hub.publish('depth:XX', 4);
    hub.flush();
    expect(frames().map((f) => [f.seq, f.data])).toEqual([
      [1, 1],
      [4, 4],
    ]);
    expect(hub.stats.skipped).toBe(2);
    hub.close();
  });

  it("parses a bus batch's events only for the users whose sockets it holds, and drops a bad one alone", async () => {
    const sessions: Record<string, { userId: string; sessionId: string; expiresAtMs: number }> = {
      a: { userId: '1', sessionId: 's1', expiresAtMs: Date.now() + 60_000 },
      b: { userId: '2', sessionId: 's2', expiresAtMs: Date.now() + 60_000 },
      c: { userId: '3', sessionId: 's3', expiresAtMs: Date.now() + 60_000 },
    };
    const hub = new WsHub(
      {
        ...policy,
        merge: () => ({ kind: 'append' as const, max: 100 }),
        authenticate: async (t) => sessions[t] ?? null,
      },
      opts,
    );
    let deliver: (m: { events: { userId: string; event: Record<string, unknown> }[] }) => void = () => {};
    const reported: string[] = [];
    await hub.follow({
      subscribe: async (topic: string, handler: (m: never) => void) => {
        if (topic === 'user-events') deliver = handler as typeof deliver;
      },
      reportInvalid: (topic: string) => reported.push(topic),
    } as never);
    const bind = async (token: string) => {
      const ws = new FakeSocket();
      hub.attach(ws as unknown as import('ws').WebSocket);
      ws.emit('message', Buffer.from(JSON.stringify({ op: 'auth', token })));
      await until(() => ws.sent.some((r) => (r as { op?: string }).op === 'authed'));
      ws.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', channels: ['user'] })));
      await until(() => ws.sent.some((r) => (r as { op?: string }).op === 'subscribed'));
      return ws;
    };
    const one = await bind('a');
    const two = await bind('b');
    const types = (ws: FakeSocket) =>
      ws.sent
        .filter((m): m is WsFrame => (m as WsFrame).channel === 'user')
        .flatMap((f) => (f.data as UserFrame[]).map((u) => u.event.type));
    const good = { type: 'support.message', messageId: '7', author: 'operator' };
    // Refusals go to the bus's report (counted, and logged once a topic).
    const invalid = () => reported.length;
    const before = invalid();
    deliver({
      events: [
        { userId: '1', event: good },
        { userId: '1', event: { type: 'delivery.order', order: {} } },
        // Nobody of user 9 here: not parsed, so not counted.
        { userId: '9', event: { type: 'delivery.order', order: {} } },
        { userId: '2', event: { ...good, messageId: '8' } },
      ],
    });
    hub.flush();
    expect(types(one)).toEqual(['support.message']);
    expect(types(two)).toEqual(['support.message']);
    expect(invalid() - before).toBe(1);
    // A socket that signs in as another user leaves the first user's index; one that closes leaves it too.
    one.emit('message', Buffer.from(JSON.stringify({ op: 'auth', token: 'c' })));
    await until(() => one.sent.filter((r) => (r as { op?: string }).op === 'authed').length === 2);
    two.emit('close');
    deliver({
      events: [
        { userId: '1', event: { type: 'delivery.order', order: {} } },
        { userId: '2', event: { type: 'delivery.order', order: {} } },
        { userId: '3', event: good },
      ],
    });
    hub.flush();
    expect(types(one)).toEqual(['support.message']);
    expect(types(two)).toEqual(['support.message']);
    expect(invalid() - before).toBe(1);
    // Subscribed again, it hears its new user's events.
    one.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', channels: ['user'] })));
    await until(() => one.sent.filter((r) => (r as { op?: string }).op === 'subscribed').length === 2);
    deliver({ events: [{ userId: '3', event: { ...good, messageId: '9' } }] });
    hub.flush();
    expect(types(one)).toEqual(['support.message', 'support.message']);
    hub.close();
  });

  it('forgets a socket that closed while its auth was being checked, whatever it asked for after', async () => {
    let release: ((s: { userId: string; sessionId: string; expiresAtMs: number } | null) => void) | undefined;
    const hub = new WsHub(
      {
        ...policy,
        authenticate: () =>
          new Promise((resolve) => {
            release = resolve;
          }),
      },
      opts,
    );
    const ws = new FakeSocket();
    hub.attach(ws as unknown as import('ws').WebSocket);
    ws.emit('message', Buffer.from(JSON.stringify({ op: 'auth', token: 't' })));
    ws.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', channels: ['user', 'depth:XX'] })));
    await until(() => release !== undefined);
    ws.emit('close');
    expect(hub.connections).toBe(0);
    release?.({ userId: '1', sessionId: 's1', expiresAtMs: Date.now() + 60_000 });
    await new Promise((r) => setTimeout(r, 20));
    expect(hub.usersOn('user').size).toBe(0);
    expect(hub.hasSubscribers('depth:XX')).toBe(false);
    expect(hub.hasSubscribers('user')).toBe(false);
    hub.close();
  });

  it('cuts off a client above the hard cap, or above the soft cap for too long', () => {
    const hub = new WsHub(policy, { ...opts, slowCutoffMs: 0 });
    const a = new FakeSocket();
    const b = new FakeSocket();
    hub.attach(a as unknown as import('ws').WebSocket);
    hub.attach(b as unknown as import('ws').WebSocket);
    a.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', channels: ['depth:XX'] })));
    b.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', channels: ['depth:XX'] })));
    return until(() => a.sent.length === 1 && b.sent.length === 1).then(async () => {
      a.bufferedAmount = 200_000;
      b.bufferedAmount = 2000;
      hub.publish('depth:XX', 1);
      hub.flush();
      expect(a.terminated).toBe(true);
      await new Promise((r) => setTimeout(r, 5));
      hub.publish('depth:XX', 2);
      hub.flush();
      expect(b.terminated).toBe(true);
      expect(hub.connections).toBe(0);
      hub.close();
    });
  });
});
