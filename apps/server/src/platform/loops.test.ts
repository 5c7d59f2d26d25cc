import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Leadership } from './db.js';
import { LeadershipLoop, Reconnector, backoffDelay } from './loops.js';

/** A lock that one node at a time may hold, as the PostgreSQL advisory lock is; `cut()` loses its connection. */
class FakeLock {
  holder: string | null = null;
  asks = 0;
  failing = false;
  private lost = new Map<string, () => void>();

  tryLead(node: string): () => Promise<Leadership | null> {
    return async () => {
      this.asks++;
      if (this.failing) throw new Error('connection refused');
      if (this.holder) return null;
      this.holder = node;
      return {
        release: async () => {
          if (this.holder === node) this.holder = null;
        },
        onLost: (fn) => this.lost.set(node, fn),
      };
    };
  }

  /** The holder's connection is cut: the server frees the lock and the holder hears it lost. */
  cut() {
    const node = this.holder;
    this.holder = null;
    if (node) this.lost.get(node)?.();
  }
}

function node(lock: FakeLock, name: string, events: string[], retryMs = 1_000) {
  return new LeadershipLoop({
    tryLead: lock.tryLead(name),
    retryMs,
    onLead: () => {
      events.push(`${name} leads`);
    },
    onLost: () => events.push(`${name} lost`),
    onError: () => events.push(`${name} error`),
  });
}

/** Nodes a and b started in that order on one lock: a leads. */
async function twoNodes() {
  const lock = new FakeLock();
  const events: string[] = [];
  const a = node(lock, 'a', events);
  const b = node(lock, 'b', events);
  await a.start();
  await b.start();
  return { lock, a, b };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('leadership loop', () => {
  it('a node that led from the start and lost its lock asks again and leads again', async () => {
    const lock = new FakeLock();
    const events: string[] = [];
    const a = node(lock, 'a', events);
    await a.start();
    expect(a.leading).toBe(true);
    lock.cut();
    expect(a.leading).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(a.leading).toBe(true);
    expect(events).toEqual(['a leads', 'a lost', 'a leads']);
    await a.stop();
  });

  it('the leader dies: another node takes over within one retry interval, and the feed never stays leaderless', async () => {
    const { lock, a, b } = await twoNodes();
    expect([a.leading, b.leading]).toEqual([true, false]);
    // a loses its lock (its connection cut); b takes it; then b dies (stops): a, which led before, takes over.
    lock.cut();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(a.leading || b.leading).toBe(true);
    const leader = a.leading ? a : b;
    const other = a.leading ? b : a;
    await leader.stop();
    expect(lock.holder).toBeNull();
    // Within one retry interval of the leader's death.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(other.leading).toBe(true);
    await other.stop();
  });

  it('keeps asking while the database is away, and leads once it is back', async () => {
    const lock = new FakeLock();
    const events: string[] = [];
    lock.failing = true;
    const a = node(lock, 'a', events);
    await a.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(a.leading).toBe(false);
    expect(events).toEqual(['a error', 'a error', 'a error', 'a error']);
    lock.failing = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(a.leading).toBe(true);
    await a.stop();
  });

  it('asks once at a time: a slow ask is not overlapped by the next tick of the timer', async () => {
    let asks = 0;
    let answer: (l: Leadership | null) => void = () => {};
    const a = new LeadershipLoop({
      tryLead: () => {
        asks++;
        return new Promise((r) => {
          answer = r;
        });
      },
      retryMs: 100,
      onLead: () => {},
      onLost: () => {},
      onError: () => {},
    });
    const started = a.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asks).toBe(1);
    answer(null);
    await started;
    await vi.advanceTimersByTimeAsync(100);
    expect(asks).toBe(2);
    answer(null);
    await a.stop();
  });

  it('stop() releases the lock and stops every timer', async () => {
    const { lock, a, b } = await twoNodes();
    await b.stop();
    await a.stop();
    expect(lock.holder).toBeNull();
    const asked = lock.asks;
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lock.asks).toBe(asked);
  });

  it('a lock won after stop() is released at once', async () => {
    const lock = new FakeLock();
    let answer: () => void = () => {};
    const gate = new Promise<void>((r) => {
      answer = r;
    });
    const slow = lock.tryLead('a');
    const a = new LeadershipLoop({
      tryLead: async () => {
        await gate;
        return slow();
      },
      retryMs: 1_000,
      onLead: () => {},
      onLost: () => {},
      onError: () => {},
    });
    const started = a.start();
    const stopped = a.stop();
    answer();
    await started;
    await stopped;
    expect(a.leading).toBe(false);
    expect(lock.holder).toBeNull();
  });
});

describe('reconnect back-off', () => {
  it('doubles from the minimum and never exceeds the maximum', () => {
    const delays = Array.from({ length: 40 }, (_, i) => backoffDelay(i, 250, 5_000));
    expect(delays.slice(0, 7)).toEqual([250, 500, 1_000, 2_000, 4_000, 5_000, 5_000]);
    expect(Math.max(...delays)).toBe(5_000);
  });

  it('retries a lost connection with growing waits, starts over after a success, and stop() cancels', async () => {
    const attempts: number[] = [];
    const start = Date.now();
    let ok = false;
    const r: Reconnector = new Reconnector(
      () => {
        attempts.push(Date.now() - start);
        if (ok) r.connected();
        else r.lost();
      },
      250,
      5_000,
    );
    r.lost();
    r.lost(); // one attempt pending at a time
    await vi.advanceTimersByTimeAsync(250 + 500 + 1_000 + 2_000 + 4_000 + 5_000 + 5_000);
    expect(attempts).toEqual([250, 750, 1_750, 3_750, 7_750, 12_750, 17_750]);
    ok = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(attempts.at(-1)).toBe(22_750);
    expect(r.pending).toBe(false);
    // Lost again after a success: the first wait again.
    ok = false;
    r.lost();
    await vi.advanceTimersByTimeAsync(250);
    expect(attempts.at(-1)).toBe(23_000);
    r.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toHaveLength(9);
  });
});
