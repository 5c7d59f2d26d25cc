import type { UserEvent, UserFrame } from '@nexa/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
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

  it('passes unnumbered live figures through, and resyncs on a frame it cannot read', async () => {
    const r = reader();
    r.read({ event: balance('7') });
    r.read({ event: { type: 'from.a.newer.server' } });
    r.read({ type: 'delivery.order' });
    await vi.waitFor(() => expect(r.resyncs()).toBe(2));
    expect(r.events).toHaveLength(1);
    expect(lastUserEventSeq()).toBe(0);
  });
});

describe("the domains' events: the whole union is loaded for the first of them", () => {
  beforeEach(() => resetUserEventSeq());

  const order = (id: string) => ({ type: 'delivery.order', order: { id } });
  /** A stand-in for the whole union: reads a delivery frame by its id (the real one is checked below). */
  const fakeUnion = {
    safeParse: (frame: unknown) => {
      const f = frame as { seq?: number; event?: { type?: string } };
      return f.event?.type === 'delivery.order' || f.event?.type === 'wallet.balance'
        ? { success: true as const, data: f as UserFrame }
        : { success: false as const };
    },
  } as unknown as z.ZodType<UserFrame>;

  function lazyReader(load: () => Promise<z.ZodType<UserFrame>>) {
    const events: UserEvent[] = [];
    let resyncs = 0;
    const read = userFrameReader({ onEvent: (e) => events.push(e), onResync: () => resyncs++ }, load);
    return { read, events, resyncs: () => resyncs };
  }

  it('balances, the mode and messages never load it', () => {
    const load = vi.fn(() => Promise.resolve(fakeUnion));
    const r = lazyReader(load);
    r.read({ seq: 1, event: balance('1') });
    r.read({ seq: 2, event: { type: 'user.mode', mode: 'real' } });
    r.read({ seq: 3, event: { type: 'message.removed', messageId: '9', unread: 0 } });
    expect(r.events.map((e) => e.type)).toEqual(['wallet.balance', 'user.mode', 'message.removed']);
    expect(load).not.toHaveBeenCalled();
  });

  it('frames after the one that needs it wait for it, and all are passed on in the order they came', async () => {
    let loaded = (_: z.ZodType<UserFrame>) => {};
    const load = vi.fn(
      () =>
        new Promise<z.ZodType<UserFrame>>((resolve) => {
          loaded = resolve;
        }),
    );
    const r = lazyReader(load);
    r.read({ seq: 1, event: balance('1') });
    r.read({ seq: 2, event: order('a') });
    r.read({ seq: 3, event: balance('3') });
    r.read({ seq: 4, event: order('b') });
    expect(r.events).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(1);
    loaded(fakeUnion);
    await vi.waitFor(() => expect(r.events).toHaveLength(4));
    expect(
      r.events.map((e) => (e.type === 'wallet.balance' ? e.available : e.type === 'delivery.order' ? e.order.id : '')),
    ).toEqual(['1', 'a', '3', 'b']);
    expect(r.resyncs()).toBe(0);
    expect(lastUserEventSeq()).toBe(4);
  });

  it('a union that cannot be downloaded drops the waiting frames and asks for a resync; the next such frame tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(fakeUnion);
    const r = lazyReader(load);
    r.read({ seq: 1, event: order('a') });
    r.read({ seq: 2, event: balance('2') });
    await vi.waitFor(() => expect(r.resyncs()).toBe(1));
    expect(r.events).toEqual([]);
    r.read({ seq: 3, event: order('b') });
    await vi.waitFor(() => expect(r.events).toHaveLength(1));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("the real union reads a domain's event the core does not know", async () => {
    const r = reader();
    r.read({ event: { type: 'support.message', messageId: '5', author: 'operator' } });
    await vi.waitFor(() => expect(r.events.map((e) => e.type)).toEqual(['support.message']));
    expect(r.resyncs()).toBe(0);
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
