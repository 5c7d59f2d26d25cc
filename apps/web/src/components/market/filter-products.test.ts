import type { ProductSummary } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import { filterProducts } from './filter-products';

const p = (symbol: string, base: string, name: string, category: ProductSummary['category']): ProductSummary => ({
  symbol,
  base,
  quote: 'USDT',
  name,
  category,
  pricePrecision: 2,
  price: '1',
  open: '1',
  high: '1',
  low: '1',
  change: '0',
  volume: '0',
  turnover: '0',
  ts: 0,
});

const list = [
  p('BTCUSDT', 'BTC', 'Bitcoin', 'crypto'),
  p('ETCUSDT', 'ETC', 'Ethereum Classic', 'crypto'),
  p('ETHUSDT', 'ETH', 'Ethereum', 'crypto'),
  p('EURUSD', 'EUR', 'Euro / US Dollar', 'forex'),
  p('XAUUSD', 'XAU', 'Gold / US Dollar', 'metal'),
];
const symbols = (l: ProductSummary[]) => l.map((x) => x.symbol);

describe('filterProducts', () => {
  it('matches symbol, base or name, symbol matches first', () => {
    expect(symbols(filterProducts(list, 'eth'))).toEqual(['ETHUSDT', 'ETCUSDT']);
    expect(symbols(filterProducts(list, ' ETH/usdt '))).toEqual(['ETHUSDT']);
    expect(symbols(filterProducts(list, 'gold'))).toEqual(['XAUUSD']);
    expect(symbols(filterProducts(list, 'nothing'))).toEqual([]);
    expect(filterProducts(list, '')).toHaveLength(5);
  });

  it('narrows to a category', () => {
    expect(symbols(filterProducts(list, '', 'forex'))).toEqual(['EURUSD']);
    expect(symbols(filterProducts(list, 'us dollar', 'metal'))).toEqual(['XAUUSD']);
  });
});
