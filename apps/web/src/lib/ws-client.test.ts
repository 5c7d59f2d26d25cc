import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock, flatCandle } from './test-clock';
import { type SocketLike, type WsClient, type WsClientOptions, backoffDelayMs, createWsClient } from './ws-client';

/** A WebSocket the test drives: it records what the client sends and lets the test play the server. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  // server side
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  serverClose() {
    this.readyState = 3;
    this.onclose?.({});
  }
  ops(op?: string) {
    return (this.sent as { op: string; channels?: string[] }[]).filter((m) => !op || m.op === op);
  }
}

const ticker = (symbol: string, price: string, ts = 1) => ({
  symbol,
  price,
  open: price,
  high: price,
  low: price,
  change: '0.00',
  volume: '1',
  turnover: '1',
  ts,
});
const candle = flatCandle;

let time: ManualClock;
let sockets: FakeSocket[];
let client: WsClient;
let deferred: (() => void)[];
const flush = () => {
  for (const fn of deferred.splice(0)) fn();
};
const last = () => sockets[sockets.length - 1]!;

/** A client on the fake socket, clock and tick of this test (`extra` adds options, e.g. a session token). */
function makeClient(extra: Partial<WsClientOptions> = {}): WsClient {
  return createWsClient({
    url: 'ws://test/api/ws',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    schedule: time.schedule,
    now: time.now,
    random: () => 0.5,
    defer: (fn) => deferred.push(fn),
    log: () => undefined,
    ...extra,
  });
}

beforeEach(() => {
  time = new ManualClock();
  sockets = [];
  deferred = [];
  client = makeClient();
});

/** Opens the socket and confirms whatever it asked for, as the server does. */
function openAndConfirm(s = last()) {
  s.open();
  for (const m of s.ops('subscribe')) s.receive({ op: 'subscribed', channels: m.channels });
}

describe('ws client', () => {
  it('opens lazily on the first subscriber and subscribes once per channel', () => {
    expect(sockets).toHaveLength(0);
    const a = vi.fn();
    const b = vi.fn();
    client.subscribe('tickers', a);
    client.subscribe('tickers', b);
    client.subscribe('kline:BTCUSDT:1m', vi.fn());
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://test/api/ws');
    last().open();
    flush();
    expect(last().ops('subscribe')).toEqual([{ op: 'subscribe', channels: ['tickers', 'kline:BTCUSDT:1m'] }]);
  });

  it('delivers single messages and array frames to the channel handlers, parsed with the contract', () => {
    const tickers = vi.fn();
    const kline = vi.fn();
    client.subscribe('tickers', tickers);
    client.subscribe('kline:BTCUSDT:1m', kline);
    openAndConfirm();
    last().receive({ channel: 'tickers', seq: 1, ts: 1, data: [ticker('BTCUSDT', '1')] });
    last().receive([
      { channel: 'tickers', seq: 2, ts: 2, data: [ticker('ETHUSDT', '2')] },
      { channel: 'kline:BTCUSDT:1m', seq: 1, ts: 2, data: candle(60_000, '5') },
    ]);
    expect(tickers).toHaveBeenCalledTimes(2);
    expect(tickers.mock.calls[1]?.[0]).toEqual([ticker('ETHUSDT', '2')]);
    expect(tickers.mock.calls[1]?.[1]).toMatchObject({ channel: 'tickers', seq: 2 });
    expect(kline).toHaveBeenCalledWith(candle(60_000, '5'), expect.objectContaining({ seq: 1 }));
    // A message that breaks the contract is dropped, not passed on.
    last().receive({ channel: 'tickers', seq: 3, ts: 3, data: [{ symbol: 'X' }] });
    expect(tickers).toHaveBeenCalledTimes(2);
  });

  it('counts references: unsubscribes only when the last listener of a channel leaves', () => {
    const offA = client.subscribe('depth:BTCUSDT', vi.fn());
    const offB = client.subscribe('depth:BTCUSDT', vi.fn());
    openAndConfirm();
    offA();
    offA(); // twice is harmless
    flush();
    expect(last().ops('unsubscribe')).toHaveLength(0);
    offB();
    flush();
    expect(last().ops('unsubscribe')).toEqual([{ op: 'unsubscribe', channels: ['depth:BTCUSDT'] }]);
  });

  it('sends nothing when a listener leaves and comes back within one tick (StrictMode, route change)', () => {
    const off = client.subscribe('tickers', vi.fn());
    openAndConfirm();
    const before = last().sent.length;
    off();
    client.subscribe('tickers', vi.fn());
    flush();
    expect(last().sent.length).toBe(before);
  });

  it('closes the connection 30 s after the last listener leaves, not before, and not if one comes back', () => {
    const off = client.subscribe('tickers', vi.fn());
    openAndConfirm();
    off();
    flush();
    time.advance(29_000);
    expect(last().closed).toBe(false);
    const off2 = client.subscribe('tickers', vi.fn());
    time.advance(5_000);
    expect(last().closed).toBe(false);
    off2();
    flush();
    time.advance(30_000);
    expect(last().closed).toBe(true);
    expect(client.status()).toBe('idle');
    // A new subscriber opens a new connection.
    client.subscribe('tickers', vi.fn());
    expect(sockets).toHaveLength(2);
  });

  it('reconnects with exponential back-off and subscribes everything again; views are told to resync', () => {
    const onResync = vi.fn();
    client.subscribe('tickers', vi.fn(), { onResync });
    client.subscribe('trades:ETHUSDT', vi.fn());
    openAndConfirm();
    expect(onResync).not.toHaveBeenCalled();

    last().serverClose();
    expect(client.status()).toBe('reconnecting');
    // attempt 0: 500 ms × (0.5 + 0.5 × 0.5) = 375 ms
    time.advance(374);
    expect(sockets).toHaveLength(1);
    time.advance(1);
    expect(sockets).toHaveLength(2);
    // The server is down: each failure waits longer.
    last().serverClose();
    time.advance(749);
    expect(sockets).toHaveLength(2);
    time.advance(1);
    expect(sockets).toHaveLength(3);

    last().open();
    expect(client.status()).toBe('open');
    expect(last().ops('subscribe')).toEqual([{ op: 'subscribe', channels: ['tickers', 'trades:ETHUSDT'] }]);
    expect(onResync).toHaveBeenCalledTimes(1);

    // After a successful open the back-off starts over.
    last().serverClose();
    time.advance(375);
    expect(sockets).toHaveLength(4);
  });

  it('caps the back-off at 15 s and spreads it with jitter', () => {
    expect(backoffDelayMs(0, 0, 500, 15_000)).toBe(250);
    expect(backoffDelayMs(0, 0.999_999, 500, 15_000)).toBe(500);
    expect(backoffDelayMs(3, 1, 500, 15_000)).toBe(4000);
    expect(backoffDelayMs(10, 1, 500, 15_000)).toBe(15_000);
    expect(backoffDelayMs(50, 0, 500, 15_000)).toBe(7500);
  });

  it('stops retrying when nobody listens any more', () => {
    const off = client.subscribe('tickers', vi.fn());
    last().open();
    last().serverClose();
    off();
    flush();
    time.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.status()).toBe('idle');
  });

  it('on a seq gap re-subscribes that channel, ignores stale frames until confirmed, and calls onResync', () => {
    const handler = vi.fn();
    const onResync = vi.fn();
    const other = vi.fn();
    client.subscribe('kline:BTCUSDT:1m', handler, { onResync });
    client.subscribe('tickers', other);
    openAndConfirm();
    const s = last();
    s.receive({ channel: 'kline:BTCUSDT:1m', seq: 1, ts: 1, data: candle(0, '1') });
    s.receive({ channel: 'kline:BTCUSDT:1m', seq: 2, ts: 2, data: candle(0, '2') });
    s.sent = [];
    // seq 3 and 4 were skipped by the server
    s.receive({ channel: 'kline:BTCUSDT:1m', seq: 5, ts: 5, data: candle(0, '5') });
    expect(handler).toHaveBeenCalledTimes(2);
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(s.sent).toEqual([
      { op: 'unsubscribe', channels: ['kline:BTCUSDT:1m'] },
      { op: 'subscribe', channels: ['kline:BTCUSDT:1m'] },
    ]);
    // Still in flight from the old subscription: ignored, no second resync.
    s.receive({ channel: 'kline:BTCUSDT:1m', seq: 6, ts: 6, data: candle(0, '6') });
    expect(handler).toHaveBeenCalledTimes(2);
    expect(onResync).toHaveBeenCalledTimes(1);
    // Other channels carry on.
    s.receive({ channel: 'tickers', seq: 1, ts: 6, data: [] });
    expect(other).toHaveBeenCalledTimes(1);
    // The server confirms and starts over with a snapshot at seq 1.
    s.receive({ op: 'unsubscribed', channels: ['kline:BTCUSDT:1m'] });
    s.receive({ op: 'subscribed', channels: ['kline:BTCUSDT:1m'] });
    s.receive({ channel: 'kline:BTCUSDT:1m', seq: 1, ts: 7, data: candle(0, '7') });
    s.receive({ channel: 'kline:BTCUSDT:1m', seq: 2, ts: 8, data: candle(60_000, '8') });
    expect(handler).toHaveBeenCalledTimes(4);
    expect(handler.mock.calls[3]?.[0]).toEqual(candle(60_000, '8'));
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('sends a ping every 20 s and treats 45 s without any message as a dead connection', () => {
    client.subscribe('tickers', vi.fn());
    openAndConfirm();
    const s = last();
    time.advance(20_000);
    expect(s.ops('ping')).toHaveLength(1);
    s.receive({ op: 'pong' });
    time.advance(20_000);
    expect(s.ops('ping')).toHaveLength(2);
    // 40 s after open, 20 s after the last message: alive.
    expect(s.closed).toBe(false);
    time.advance(44_000);
    // 64 s after the pong: dead long ago; the socket is closed and a new one is on its way.
    expect(s.closed).toBe(true);
    expect(client.status()).toBe('reconnecting');
    time.advance(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('notices a dead connection exactly 45 s after the last message', () => {
    client.subscribe('tickers', vi.fn());
    openAndConfirm();
    const s = last();
    time.advance(30_000);
    s.receive({ op: 'pong' });
    time.advance(44_999);
    expect(s.closed).toBe(false);
    time.advance(1);
    expect(s.closed).toBe(true);
  });

  it('marks a refused channel and subscribes the others of the refused batch again', () => {
    const onError = vi.fn();
    const good = vi.fn();
    client.subscribe('depth:NOPE', vi.fn(), { onError });
    client.subscribe('depth:BTCUSDT', good);
    const s = last();
    s.open();
    s.sent = [];
    s.receive({ op: 'error', msg: 'refused: depth:NOPE', channels: ['depth:NOPE'] });
    expect(onError).toHaveBeenCalledWith('refused: depth:NOPE');
    expect(s.sent).toEqual([{ op: 'subscribe', channels: ['depth:BTCUSDT'] }]);
    s.receive({ op: 'subscribed', channels: ['depth:BTCUSDT'] });
    s.receive({ channel: 'depth:BTCUSDT', seq: 1, ts: 1, data: { ts: 1, bids: [], asks: [] } });
    expect(good).toHaveBeenCalledTimes(1);
  });

  it('reconnects at once when asked while waiting to retry', () => {
    client.subscribe('tickers', vi.fn());
    last().serverClose();
    expect(sockets).toHaveLength(1);
    client.reconnectNow();
    expect(sockets).toHaveLength(2);
    // Nothing scheduled is left to open a third one.
    time.advance(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('reports its status', () => {
    const seen: string[] = [];
    client.onStatus((st) => seen.push(st));
    client.subscribe('tickers', vi.fn());
    last().open();
    last().serverClose();
    expect(seen).toEqual(['connecting', 'open', 'reconnecting']);
    client.destroy();
    expect(time.pending()).toBe(0);
  });
});

describe('ws client: the user channel', () => {
  let token: string | null;
  let userClient: WsClient;
  beforeEach(() => {
    token = 'T1';
    userClient = makeClient({ getToken: () => token });
  });

  it('authenticates before subscribing it, then delivers its events and says it is live', () => {
    const events = vi.fn();
    const live = vi.fn();
    userClient.subscribe('user', events, { onLive: live });
    userClient.subscribe('tickers', vi.fn());
    last().open();
    flush();
    // Market channels go at once; `user` waits for the server to accept the token.
    expect(last().ops('auth')).toEqual([{ op: 'auth', token: 'T1' }]);
    expect(last().ops('subscribe')).toEqual([{ op: 'subscribe', channels: ['tickers'] }]);
    last().receive({ op: 'authed' });
    expect(last().ops('subscribe')[1]).toEqual({ op: 'subscribe', channels: ['user'] });
    expect(live).not.toHaveBeenCalled();
    last().receive({ op: 'subscribed', channels: ['user'] });
    expect(live).toHaveBeenLastCalledWith(true);
    const order = { event: 'delivery', data: { id: '7', status: 'won' } };
    last().receive({ channel: 'user', seq: 1, ts: 1, data: [order] });
    expect(events).toHaveBeenCalledWith([order], expect.objectContaining({ seq: 1 }));
    // A frame that is not a list of events is dropped.
    last().receive({ channel: 'user', seq: 2, ts: 2, data: { id: '7' } });
    expect(events).toHaveBeenCalledTimes(1);
  });

  it('is not live while the connection is down, and authenticates again on the next one', () => {
    const live = vi.fn();
    const resync = vi.fn();
    userClient.subscribe('user', vi.fn(), { onLive: live, onResync: resync });
    last().open();
    last().receive({ op: 'authed' });
    last().receive({ op: 'subscribed', channels: ['user'] });
    expect(live).toHaveBeenLastCalledWith(true);
    last().serverClose();
    expect(live).toHaveBeenLastCalledWith(false);
    time.advance(backoffDelayMs(0, 0.5, 500, 15_000));
    expect(sockets).toHaveLength(2);
    last().open();
    expect(resync).toHaveBeenCalledTimes(1);
    expect(last().ops('auth')).toEqual([{ op: 'auth', token: 'T1' }]);
    expect(last().ops('subscribe')).toEqual([]);
    last().receive({ op: 'authed' });
    last().receive({ op: 'subscribed', channels: ['user'] });
    expect(live).toHaveBeenLastCalledWith(true);
  });

  it('stays off when signed out or when the token is refused', () => {
    token = null;
    const live = vi.fn();
    const off = userClient.subscribe('user', vi.fn(), { onLive: live });
    last().open();
    flush();
    expect(last().ops('auth')).toEqual([]);
    expect(last().ops('subscribe')).toEqual([]);
    off();
    flush();

    token = 'EXPIRED';
    const error = vi.fn();
    userClient.subscribe('user', vi.fn(), { onLive: live, onError: error });
    flush();
    expect(last().ops('auth')).toEqual([{ op: 'auth', token: 'EXPIRED' }]);
    last().receive({ op: 'error', msg: 'unauthorized' });
    expect(error).toHaveBeenCalledWith('unauthorized');
    expect(live).toHaveBeenLastCalledWith(false);
    flush();
    expect(last().ops('subscribe')).toEqual([]);
  });

  it('after a reconnect asks for the events after the last one seen instead of refetching; `resync` refetches', () => {
    let since = 0;
    const replaying = makeClient({ getToken: () => token, userSince: () => since });
    const resync = vi.fn();
    replaying.subscribe('user', vi.fn(), { onResync: resync });
    last().open();
    last().receive({ op: 'authed' });
    // Nothing seen yet: a plain subscribe.
    expect(last().ops('subscribe')).toEqual([{ op: 'subscribe', channels: ['user'] }]);
    last().receive({ op: 'subscribed', channels: ['user'] });
    since = 41;
    last().serverClose();
    time.advance(backoffDelayMs(0, 0.5, 500, 15_000));
    last().open();
    last().receive({ op: 'authed' });
    expect(last().ops('subscribe')).toEqual([{ op: 'subscribe', channels: ['user'], since: 41 }]);
    expect(resync).not.toHaveBeenCalled();
    // The server no longer has event 42: the views read their lists again.
    last().receive({ op: 'subscribed', channels: ['user'] });
    last().receive({ op: 'resync', channels: ['user'] });
    expect(resync).toHaveBeenCalledTimes(1);
    // A gap in the connection's frames re-subscribes from the last event seen, again without a refetch.
    last().receive({ channel: 'user', seq: 1, ts: 1, data: [] });
    last().receive({ channel: 'user', seq: 3, ts: 3, data: [] });
    expect(last().ops('subscribe').at(-1)).toEqual({ op: 'subscribe', channels: ['user'], since: 41 });
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('tells a listener that joins a live channel that it is live', () => {
    userClient.subscribe('user', vi.fn());
    last().open();
    last().receive({ op: 'authed' });
    last().receive({ op: 'subscribed', channels: ['user'] });
    const live = vi.fn();
    userClient.subscribe('user', vi.fn(), { onLive: live });
    flush();
    expect(live).toHaveBeenCalledWith(true);
    expect(last().ops('subscribe')).toHaveLength(1);
  });
});

describe('a revoked session', () => {
  it('turns the user channel off when the server says the session was revoked', () => {
    const errors: string[] = [];
    const live: boolean[] = [];
    const c = makeClient({ getToken: () => 'token-1' });
    const events = vi.fn();
    c.subscribe('user', events, { onError: (m) => errors.push(m), onLive: (l) => live.push(l) });
    last().open();
    flush();
    last().receive({ op: 'authed' });
    for (const m of last().ops('subscribe')) last().receive({ op: 'subscribed', channels: m.channels });
    expect(live).toEqual([true]);
    last().receive({ op: 'revoked', channels: ['user'] });
    expect(errors).toEqual(['unauthorized']);
    expect(live).toEqual([true, false]);
    // Frames that were still on their way are not delivered.
    last().receive({ channel: 'user', seq: 1, ts: 1, data: [{ event: 'x', data: 1 }] });
    expect(events).not.toHaveBeenCalled();
    c.destroy();
  });
});

describe('ws client: freshness', () => {
  /** A tickers frame from the server on the current socket, `seq` counting on from the last one. */
  let seq = 0;
  const tick = () => {
    seq += 1;
    last().receive({ channel: 'tickers', seq, ts: seq, data: [ticker('BTCUSDT', `${seq}`, seq)] });
  };
  /** Subscribes `channel`, opens and confirms it, and records what a watcher of its freshness is told. */
  function watched(channel: 'tickers' | 'trades:BTCUSDT') {
    seq = 0;
    const off = client.subscribe(channel, vi.fn());
    const seen: string[] = [];
    client.onFreshness(() => seen.push(client.freshness(channel)));
    const now = () => client.freshness(channel);
    now();
    openAndConfirm();
    return { seen, now, off };
  }

  it('tickers turn stale after 3 s without a frame, and live again with the next one', () => {
    const { seen, now } = watched('tickers');
    tick();
    time.advance(3_000);
    expect(now()).toBe('live');
    time.advance(500);
    expect(now()).toBe('stale');
    expect(seen).toEqual(['stale']);
    tick();
    // At once, not at the next check.
    expect(now()).toBe('live');
    expect(seen).toEqual(['stale', 'live']);
    // Frames every second keep it live.
    for (let i = 0; i < 10; i++) {
      time.advance(1_000);
      tick();
    }
    expect(seen).toEqual(['stale', 'live']);
  });

  it('a fresh subscription has 3 s to bring its first frame', () => {
    const { now } = watched('tickers');
    time.advance(2_900);
    expect(now()).toBe('live');
    time.advance(600);
    expect(now()).toBe('stale');
  });

  it('every channel is reconnecting while the connection is down, and tickers stay stale until a frame', () => {
    const { seen, now } = watched('tickers');
    const trades = () => client.freshness('trades:BTCUSDT');
    client.subscribe('trades:BTCUSDT', vi.fn());
    tick();
    expect(trades()).toBe('live');
    last().serverClose();
    expect(now()).toBe('reconnecting');
    expect(trades()).toBe('reconnecting');
    time.advance(backoffDelayMs(0, 0.5, 500, 15_000));
    openAndConfirm();
    // Open again, but nothing has come yet: what is on screen is older than the drop.
    expect(now()).toBe('stale');
    expect(trades()).toBe('live');
    seq = 0;
    tick();
    expect(now()).toBe('live');
    expect(seen).toEqual(['reconnecting', 'stale', 'live']);
  });

  it.each([
    ['a stale feed stays stale', 4_000, 'stale'],
    ['a live feed stays live', 1_000, 'live'],
  ] as const)('leaving and coming back (a tab switch): %s, however long it was left', (_name, silentMs, expected) => {
    const { now, off } = watched('tickers');
    tick();
    time.advance(silentMs);
    off();
    flush();
    expect(last().ops('unsubscribe')).toEqual([{ op: 'unsubscribe', channels: ['tickers'] }]);
    // Long enough for the idle connection to close; the next listener opens another.
    time.advance(60_000);
    client.subscribe('tickers', vi.fn());
    time.advance(500);
    expect(now()).toBe(expected);
  });

  it('channels without a rate floor are never stale by silence; a channel nobody listens to is live', () => {
    const { now } = watched('trades:BTCUSDT');
    // Silent for 40 s (the connection itself counts as dead after 45 s).
    time.advance(40_000);
    expect(now()).toBe('live');
    expect(client.freshness('tickers')).toBe('live');
  });

  it('checks the clock only while someone watches, and stops on destroy', () => {
    const off = client.onFreshness(vi.fn());
    expect(time.pending()).toBe(1);
    off();
    expect(time.pending()).toBe(0);
    client.onFreshness(vi.fn());
    client.destroy();
    expect(time.pending()).toBe(0);
  });
});
