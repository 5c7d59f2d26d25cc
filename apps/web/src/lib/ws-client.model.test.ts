import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cancel, Schedule } from './async';
import { type MarketChannel, type SocketLike, WS_DEFAULTS, createWsClient } from './ws-client';

/**
 * Model-based test of the subscription state machine: random sequences of listeners coming and going,
 * deferred flushes, server replies, frames, gaps, dropped connections and reconnects. Whatever happened, once
 * things settle the server is subscribed to exactly the channels that have listeners, and every listener gets
 * the next frame of its channel (nothing is left silently frozen).
 */

const CHANNELS: MarketChannel[] = ['tickers', 'trades:BTCUSDT', 'depth:ETHUSDT'];

const tradeOf = (n: number) => [{ id: `t${n}`, price: '1.00', size: '1', side: 'buy', ts: n }];
const tickerOf = (n: number) => [
  {
    symbol: 'BTCUSDT',
    price: `${n}.00`,
    open: '1',
    high: '1',
    low: '1',
    change: '0',
    volume: '1',
    turnover: '1',
    ts: n,
  },
];
const depthOf = (n: number) => ({ ts: n, bids: [{ price: '1.00', size: '1' }], asks: [{ price: '2.00', size: '1' }] });
const dataOf = (channel: string, n: number) =>
  channel === 'tickers' ? tickerOf(n) : channel.startsWith('trades:') ? tradeOf(n) : depthOf(n);

/** The server's side of one connection, as the hub behaves: ops in order, seq per channel from 1. */
class ServerSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: never) => void) | null = null;
  onclose: ((event: never) => void) | null = null;
  onerror: ((event: never) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly inbox: { op: string; channels?: string[] }[] = [];
  readonly subs = new Map<string, number>();

  send(data: string) {
    this.inbox.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(undefined as never);
  }
  private deliver(message: unknown) {
    if (this.readyState === 1) this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  /** Handles what the client sent so far, replying as the hub does. */
  process() {
    for (const m of this.inbox.splice(0)) {
      if (m.op === 'subscribe') {
        for (const ch of m.channels ?? []) this.subs.set(ch, 0);
        this.deliver({ op: 'subscribed', channels: m.channels });
      } else if (m.op === 'unsubscribe') {
        for (const ch of m.channels ?? []) this.subs.delete(ch);
        this.deliver({ op: 'unsubscribed', channels: m.channels });
      } else if (m.op === 'ping') this.deliver({ op: 'pong' });
    }
  }
  frame(channel: string, skip = 0) {
    const seq = this.subs.get(channel);
    if (seq === undefined) return;
    const next = seq + 1 + skip;
    this.subs.set(channel, next);
    this.deliver({ channel, seq: next, ts: next, data: dataOf(channel, next) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(undefined as never);
  }
}

type Command =
  | { kind: 'subscribe'; channel: number }
  | { kind: 'unsubscribe'; listener: number }
  | { kind: 'defer' }
  | { kind: 'process' }
  | { kind: 'frame'; channel: number }
  | { kind: 'gap'; channel: number }
  | { kind: 'drop' }
  | { kind: 'time'; ms: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('subscribe' as const), channel: fc.nat(2) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('unsubscribe' as const), listener: fc.nat(100) }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'defer' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'process' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('frame' as const), channel: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('gap' as const), channel: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: 0, max: 5_000 }) }) },
);

function run(commands: Command[]) {
  let nowMs = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const schedule: Schedule = (fn, delay) => {
    const id = nextId++;
    timers.push({ at: nowMs + delay, fn, id });
    const cancel: Cancel = () => {
      timers = timers.filter((t) => t.id !== id);
    };
    return cancel;
  };
  const advance = (ms: number) => {
    const end = nowMs + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t.id !== due.id);
      nowMs = due.at;
      due.fn();
    }
    nowMs = end;
  };
  const deferred: (() => void)[] = [];
  const sockets: ServerSocket[] = [];
  const client = createWsClient({
    url: 'ws://test/api/ws',
    createSocket: () => {
      const s = new ServerSocket();
      sockets.push(s);
      return s;
    },
    schedule,
    now: () => nowMs,
    random: () => 0.5,
    defer: (fn) => deferred.push(fn),
    log: (m, d) => process.env.WS_MODEL_DEBUG && console.log(m, JSON.stringify(d)),
  });
  const listeners: { channel: string; received: number[]; off: () => void; active: boolean }[] = [];
  const current = () => sockets[sockets.length - 1];
  const runDeferred = () => {
    for (let i = 0; i < 10 && deferred.length > 0; i++) for (const fn of deferred.splice(0)) fn();
  };

  for (const c of commands) {
    const s = current();
    switch (c.kind) {
      case 'subscribe': {
        const channel = CHANNELS[c.channel]!;
        const l = { channel, received: [] as number[], off: (() => undefined) as () => void, active: true };
        l.off = client.subscribe(channel, (_data, frame) => l.received.push(frame.seq));
        listeners.push(l);
        break;
      }
      case 'unsubscribe': {
        // `listener` picks one of the listeners still active (modulo their count).
        const active = listeners.filter((x) => x.active);
        const l = active[c.listener % Math.max(1, active.length)];
        if (l) {
          l.active = false;
          l.off();
        }
        break;
      }
      case 'defer':
        runDeferred();
        break;
      case 'process':
        if (s?.readyState === 0) s.open();
        else s?.process();
        break;
      case 'frame':
        s?.frame(CHANNELS[c.channel]!);
        break;
      case 'gap':
        s?.frame(CHANNELS[c.channel]!, 3);
        break;
      case 'drop':
        if (s?.readyState === 1) s.drop();
        break;
      case 'time':
        advance(c.ms);
        break;
    }
  }

  // Settle: flushes run, the server answers, a dropped connection comes back.
  for (let i = 0; i < 20; i++) {
    runDeferred();
    const s = current();
    if (s && s.readyState === 0) s.open();
    else if (s && s.readyState === 1) s.process();
    else advance(WS_DEFAULTS.reconnectMaxMs + 1);
  }
  runDeferred();

  const wanted = new Set(listeners.filter((l) => l.active).map((l) => l.channel));
  const s = current();
  const onServer = s && s.readyState === 1 ? new Set(s.subs.keys()) : new Set<string>();
  expect([...onServer].sort()).toEqual([...wanted].sort());
  // Every active listener receives the next frame of its channel.
  for (const channel of wanted) {
    s!.frame(channel);
    const expected = s!.subs.get(channel)!;
    for (const l of listeners.filter((x) => x.active && x.channel === channel)) {
      expect(l.received.at(-1), `${channel} frozen`).toBe(expected);
    }
  }
  client.destroy();
}

describe('ws client subscription state machine (model-based)', () => {
  it('ends with the server subscribed to exactly the channels that have listeners, all of them live', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => run(commands)),
      { numRuns: 1000 },
    );
  });

  it('the reported freeze: the last listener leaves and a new one comes in the same tick', () => {
    run([
      { kind: 'subscribe', channel: 0 },
      { kind: 'process' },
      { kind: 'defer' },
      { kind: 'process' },
      { kind: 'unsubscribe', listener: 0 },
      { kind: 'subscribe', channel: 0 },
      { kind: 'defer' },
      { kind: 'process' },
    ]);
  });
});
