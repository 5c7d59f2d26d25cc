import { describe, expect, it } from 'vitest';
import { maxWithdrawable, withdrawalFee, withdrawalFeePreview, withdrawalTotalPreview } from './funding.js';
import { money } from './money.js';

describe('withdrawal fee (the server rule)', () => {
  it('is amount × percent ÷ 100, rounded up at the currency scale', () => {
    expect(withdrawalFee(money('100.01'), '1', 2).toFixed()).toBe('1.01');
    expect(withdrawalFee(money('0.001'), '1', 8).toFixed()).toBe('0.00001');
    expect(withdrawalFee(money('100'), '0', 2).toFixed()).toBe('0');
  });
});

describe('withdrawal previews', () => {
  it('cut what the form holds to the scale and refuse what is not a plain non-negative decimal', () => {
    expect(withdrawalFeePreview('100.019', '1', 2)).toBe('1.01');
    expect(withdrawalFeePreview('-1', '1', 2)).toBeNull();
    expect(withdrawalFeePreview('1e3', '1', 2)).toBeNull();
    expect(withdrawalFeePreview('1', 'x', 2)).toBeNull();
  });
});

describe('withdrawal fee', () => {
  it('is the percentage of the amount, rounded up at the currency scale', () => {
    expect(withdrawalFeePreview('100', '1', 2)).toBe('1.00');
    expect(withdrawalFeePreview('100.01', '1', 2)).toBe('1.01'); // 1.0001 → 1.01
    expect(withdrawalFeePreview('10', '0.5', 2)).toBe('0.05');
    expect(withdrawalFeePreview('0.001', '1', 8)).toBe('0.00001000');
    expect(withdrawalFeePreview('100', '0', 2)).toBe('0.00');
    expect(withdrawalFeePreview('abc', '1', 2)).toBeNull();
  });

  it('freezes amount + fee', () => {
    expect(withdrawalTotalPreview('100', '1', 2)).toBe('101.00');
    expect(withdrawalTotalPreview('0.5', '2.5', 8)).toBe('0.51250000');
  });

  it('"All" gives the largest amount whose amount + fee fits in the balance', () => {
    expect(maxWithdrawable('101', '1', 2)).toBe('100.00');
    expect(maxWithdrawable('1000', '1', 2)).toBe('990.09'); // 990.09 + 9.91 = 1000.00
    expect(maxWithdrawable('0', '1', 2)).toBe('0.00');
    expect(maxWithdrawable('50', '0', 2)).toBe('50.00');
    for (const [available, percent, scale] of [
      ['1000', '1', 2],
      ['0.03', '1', 2],
      ['123.45', '3.3', 2],
      ['0.12345678', '0.7', 8],
    ] as const) {
      const max = maxWithdrawable(available, percent, scale);
      expect(money(withdrawalTotalPreview(max, percent, scale) ?? '0').lte(available), `${available} ${percent}`).toBe(
        true,
      );
      // One more unit would not fit.
      const next = money(max).plus(money(10).pow(-scale)).toFixed(scale);
      expect(money(withdrawalTotalPreview(next, percent, scale) ?? '0').gt(available), `${available} ${percent}`).toBe(
        true,
      );
    }
  });
});
