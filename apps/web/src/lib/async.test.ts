import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './async';

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
