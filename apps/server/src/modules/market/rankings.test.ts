import type { ProductSummary } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import { rankings } from './rankings.js';

const p = (symbol: string, change: string, turnover = '1'): ProductSummary =>
  ({ symbol, change, turnover }) as ProductSummary;

describe('home rankings', () => {
  const all = [p('AUSDT', '2.5', '10'), p('BUSDT', '-1.0', '30'), p('CUSDT', '0.00', '20'), p('DUSDT', '2.5', '5')];
  const symbols = (list: ProductSummary[]) => list.map((x) => x.symbol);

  it('lists only products up as gainers and only products down as losers, most first, ties by symbol', () => {
    const r = rankings(all);
    expect(symbols(r.gainers)).toEqual(['AUSDT', 'DUSDT']);
    expect(symbols(r.losers)).toEqual(['BUSDT']);
    expect(symbols(r.turnover)).toEqual(['BUSDT', 'CUSDT', 'AUSDT', 'DUSDT']);
  });

  it('compares decimals, not floats, and gives the same order whatever order the products came in', () => {
    const close = [p('XUSDT', '0.30000000000000001'), p('YUSDT', '0.3')];
    expect(symbols(rankings(close).gainers)).toEqual(['XUSDT', 'YUSDT']);
    expect(rankings([...all].reverse())).toEqual(rankings(all));
  });
});
