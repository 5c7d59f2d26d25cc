import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadIdle, yieldToMain } from './async';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves in a later task: after the current microtasks, not before them', async () => {
    const order: string[] = [];
    const done = yieldToMain().then(() => order.push('continued'));
    queueMicrotask(() => order.push('microtask'));
    void Promise.resolve().then(() => order.push('promise'));
    expect(order).toEqual([]);
    await done;
    expect(order).toEqual(['microtask', 'promise', 'continued']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldFn });
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });
});

describe('afterLoadIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** A page in `readyState`, its load listeners, and the idle callbacks asked for. */
  function page(readyState: 'loading' | 'complete', withIdle = true) {
    const listeners = new Set<() => void>();
    const idle: { fn: () => void; timeout: number | undefined }[] = [];
    vi.stubGlobal('document', { readyState });
    vi.stubGlobal('window', {
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    });
    if (withIdle) {
      vi.stubGlobal('requestIdleCallback', (fn: () => void, o?: { timeout?: number }) =>
        idle.push({ fn, timeout: o?.timeout }),
      );
      vi.stubGlobal('cancelIdleCallback', () => {});
    } else vi.stubGlobal('requestIdleCallback', undefined);
    const load = () => {
      for (const fn of [...listeners]) fn();
    };
    return { listeners, idle, load };
  }

  it('waits for the load event, then for an idle moment (two seconds at the latest)', () => {
    const p = page('loading');
    const fn = vi.fn();
    afterLoadIdle(fn);
    expect(p.idle).toEqual([]);
    p.load();
    expect(p.idle).toHaveLength(1);
    expect(p.idle[0]?.timeout).toBe(2_000);
    expect(fn).not.toHaveBeenCalled();
    p.idle[0]?.fn();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('on a loaded page asks for the idle moment at once; cancelled before the load, it never runs', () => {
    const loaded = page('complete');
    afterLoadIdle(() => {});
    expect(loaded.idle).toHaveLength(1);
    const loading = page('loading');
    const fn = vi.fn();
    const cancel = afterLoadIdle(fn);
    cancel();
    expect(loading.listeners.size).toBe(0);
    loading.load();
    expect(fn).not.toHaveBeenCalled();
  });

  it('falls back to a short timer where the browser has no requestIdleCallback', () => {
    vi.useFakeTimers();
    page('complete', false);
    const fn = vi.fn();
    afterLoadIdle(fn);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
