import type { Ticker } from '@nexa/contract';
import { describe, expect, it, vi } from 'vitest';
import { TickerStore } from './ticker-store';

const ticker = (symbol: string, price: string, ts: number): Ticker => ({
  symbol,
  price,
  open: '1',
  high: price,
  low: '1',
  change: '0.00',
  volume: '1',
  turnover: '1',
  ts,
});

describe('TickerStore', () => {
  it('tells only the listeners of the symbols that changed', () => {
    const store = new TickerStore();
    const btc = vi.fn();
    const eth = vi.fn();
    store.subscribe('BTCUSDT', btc);
    store.subscribe('ETHUSDT', eth);
    store.put([ticker('BTCUSDT', '100', 1)]);
    expect(btc).toHaveBeenCalledTimes(1);
    expect(eth).not.toHaveBeenCalled();
    expect(store.get('BTCUSDT')?.price).toBe('100');
    // the same figures again: nothing to tell
    store.put([ticker('BTCUSDT', '100', 2)]);
    expect(btc).toHaveBeenCalledTimes(1);
  });

  it('never rolls back to an older ticker (a late REST answer)', () => {
    const store = new TickerStore();
    store.put([ticker('BTCUSDT', '101', 10)]);
    store.put([ticker('BTCUSDT', '99', 5)]);
    expect(store.get('BTCUSDT')?.price).toBe('101');
  });

  it('keeps catalogue fields of a product summary out of the store', () => {
    const store = new TickerStore();
    store.put([{ ...ticker('BTCUSDT', '1', 1), name: 'Bitcoin' } as Ticker]);
    expect(store.get('BTCUSDT')).not.toHaveProperty('name');
  });

  it('forgets a listener on unsubscribe', () => {
    const store = new TickerStore();
    const listener = vi.fn();
    const off = store.subscribe('BTCUSDT', listener);
    off();
    store.put([ticker('BTCUSDT', '1', 1)]);
    expect(listener).not.toHaveBeenCalled();
    expect(store.listenerCount('BTCUSDT')).toBe(0);
  });
});
