import { flatCandle } from '@/lib/test-clock';
import type { Candle } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import { KlineBuffer } from './kline-buffer';

const c = (minute: number, close = String(minute)): Candle => flatCandle(minute * 60_000, close);
const minutes = (b: KlineBuffer) => b.candles.map((x) => x.openTime / 60_000);

describe('KlineBuffer', () => {
  it('keeps the latest page oldest first, one candle per openTime', () => {
    const b = new KlineBuffer();
    b.reset([c(3), c(1), c(2), c(3, 'x')], 300);
    expect(minutes(b)).toEqual([1, 2, 3]);
    expect(b.last?.close).toBe('x');
    expect(b.exhausted).toBe(true);
    b.reset([c(1), c(2)], 2);
    expect(b.exhausted).toBe(false);
  });

  it('puts older pages in front and knows when history ends', () => {
    const b = new KlineBuffer();
    b.reset([c(10), c(11), c(12)], 3);
    expect(b.oldestOpenTime).toBe(600_000);
    expect(b.prependOlder([c(7), c(8), c(9)], 3)).toBe(3);
    expect(minutes(b)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(b.exhausted).toBe(false);
    // Overlap is ignored; a short page means the start of history.
    expect(b.prependOlder([c(6), c(7)], 3)).toBe(1);
    expect(minutes(b)[0]).toBe(6);
    expect(b.exhausted).toBe(true);
  });

  it('updates the last bar, appends a new one, ignores a stale one', () => {
    const b = new KlineBuffer();
    b.reset([c(1), c(2)], 300);
    expect(b.applyLive(c(2, '2.5'))).toBe('update');
    expect(b.last?.close).toBe('2.5');
    expect(b.applyLive(c(3))).toBe('append');
    expect(b.applyLive(c(1, 'old'))).toBe('ignore');
    expect(minutes(b)).toEqual([1, 2, 3]);
    expect(b.candles[0]?.close).toBe('1');
  });

  it('on resync replaces the tail with the fresh page and keeps what was paged back', () => {
    const b = new KlineBuffer();
    b.reset([c(5), c(6), c(7)], 3);
    b.prependOlder([c(2), c(3), c(4)], 3);
    b.mergeLatest([c(6, 'six'), c(7, 'seven'), c(8), c(9)]);
    expect(minutes(b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(b.candles[4]?.close).toBe('six');
    b.mergeLatest([]);
    expect(b.size).toBe(8);
  });
});
