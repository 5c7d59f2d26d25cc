import type { UserEvent } from '@nexa/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastUserEventSeq, resetUserEventSeq, subscribeUserEvents, userFrameReader } from './user-events';

/** The socket's side of a subscription, driven by hand. */
const socket = vi.hoisted(() => ({
  options: null as null | { onLive?: (live: boolean) => void; onResync?: () => void },
}));
vi.mock('./market-socket', () => ({
  marketSocket: () => ({
    subscribe: (_channel: string, _onFrames: unknown, options: typeof socket.options) => {
      socket.options = options;
      return () => {};
    },
  }),
}));

const balance = (available: string): UserEvent => ({
  type: 'wallet.balance',
  mode: 'demo',
  wallet: 'spot',
  currency: 'USDT',
  available,
  frozen: '0',
});

function reader() {
  const events: UserEvent[] = [];
  let resyncs = 0;
  const read = userFrameReader({ onEvent: (e) => events.push(e), onResync: () => resyncs++ });
  return { read, events, resyncs: () => resyncs };
}

describe('user channel frames', () => {
  beforeEach(() => resetUserEventSeq());

  it('passes numbered events on once each, in order, and remembers the highest number', () => {
    const r = reader();
    for (const seq of [4, 5, 5, 3, 6]) r.read({ seq, event: balance(String(seq)) });
    expect(r.events.map((e) => (e.type === 'wallet.balance' ? e.available : ''))).toEqual(['4', '5', '6']);
    expect(r.resyncs()).toBe(0);
    expect(lastUserEventSeq()).toBe(6);
  });

  it('asks for a resync on a gap in the numbers, and still shows the event that revealed it', () => {
    const r = reader();
    r.read({ seq: 1, event: balance('1') });
    r.read({ seq: 3, event: balance('3') });
    expect(r.resyncs()).toBe(1);
    expect(r.events).toHaveLength(2);
  });

  it('passes unnumbered live figures through, and resyncs on a frame it cannot read', () => {
    const r = reader();
    r.read({ event: balance('7') });
    r.read({ event: { type: 'from.a.newer.server' } });
    r.read({ type: 'delivery.order' });
    expect(r.events).toHaveLength(1);
    expect(r.resyncs()).toBe(2);
    expect(lastUserEventSeq()).toBe(0);
  });
});

describe('subscribing to the user channel', () => {
  const listen = (options?: { catchUp?: boolean }) => {
    const seen = { resyncs: 0, live: [] as boolean[] };
    subscribeUserEvents(
      { onEvent: () => {}, onResync: () => seen.resyncs++, onLive: (live) => seen.live.push(live) },
      options,
    );
    return seen;
  };

  it('with catchUp, the first confirmation reads the lists again (they may predate it), later ones do not', () => {
    const seen = listen({ catchUp: true });
    expect(seen.resyncs).toBe(0);
    socket.options?.onLive?.(true);
    expect(seen.resyncs).toBe(1);
    socket.options?.onLive?.(false);
    socket.options?.onLive?.(true);
    expect(seen.resyncs).toBe(1);
    expect(seen.live).toEqual([false, true, false, true]);
  });

  it('without it, a confirmation only says the events flow', () => {
    const seen = listen();
    socket.options?.onLive?.(true);
    expect(seen.resyncs).toBe(0);
  });
});
