import { describe, expect, it } from 'vitest';
import { axisPriceFormatter } from './chart-series';

describe('axisPriceFormatter', () => {
  it('writes the price axis as the app writes prices: thousands separators at the product precision', () => {
    const btc = axisPriceFormatter(2);
    expect(btc(97123.45)).toBe('97,123.45');
    expect(btc(66900)).toBe('66,900.00');
    // The float the chart computes for a tick is rounded on its digits, half up.
    expect(btc(66900.00000000001)).toBe('66,900.00');
    expect(btc(1234.565)).toBe('1,234.57');
    expect(axisPriceFormatter(4)(0.1 + 0.2)).toBe('0.3000');
    expect(axisPriceFormatter(0)(1234567.6)).toBe('1,234,568');
  });

  it('takes the tiny and odd values a scale can hold', () => {
    expect(axisPriceFormatter(8)(1e-7)).toBe('0.00000010');
    expect(axisPriceFormatter(2)(-0.001)).toBe('0.00');
    expect(axisPriceFormatter(2)(Number.NaN)).toBe('--');
  });
});
