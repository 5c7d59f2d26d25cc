import type { Trade } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import { bookRows, mergeTrades, newerDepth } from './book-model';

const trade = (id: string, ts: number): Trade => ({ id, ts, price: '1', size: '1', side: 'buy' });

describe('order book model', () => {
  it('keeps the newer book', () => {
    const a = { ts: 2, bids: [], asks: [] };
    const b = { ts: 1, bids: [], asks: [] };
    expect(newerDepth(a, b)).toBe(a);
    expect(newerDepth(b, a)).toBe(a);
    expect(newerDepth(null, b)).toBe(b);
  });

  it('merges trades newest first, once per id, whatever order they come in', () => {
    const rest = [trade('3', 30), trade('2', 20), trade('1', 10)];
    const update = [trade('4', 40), trade('5', 50)]; // the socket sends updates oldest first
    const merged = mergeTrades(rest, update);
    expect(merged.map((t) => t.id)).toEqual(['5', '4', '3', '2', '1']);
    expect(mergeTrades(merged, [trade('3', 30)]).map((t) => t.id)).toEqual(['5', '4', '3', '2', '1']);
    expect(mergeTrades(merged, [], 2).map((t) => t.id)).toEqual(['5', '4']);
  });

  it('adds cumulative depth shares to the best levels', () => {
    const rows = bookRows(
      [
        { price: '10', size: '1' },
        { price: '9', size: '3' },
        { price: '8', size: '100' },
      ],
      2,
    );
    expect(rows).toEqual([
      { price: '10', size: '1', depth: 0.25 },
      { price: '9', size: '3', depth: 1 },
    ]);
  });
});
