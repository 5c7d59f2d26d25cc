import { describe, expect, it } from 'vitest';
import { deliveryPayout, deliveryProfit, expectedProfit } from './delivery.js';
import { money } from './money.js';

describe('delivery payout (the server rule)', () => {
  it('pays a win the stake plus stake × yield rounded down to the cent', () => {
    expect(deliveryProfit(money('10.01'), '0.85').toFixed(2)).toBe('8.50');
    const won = deliveryPayout('won', money('100'), '0.855');
    expect([won.profit.toFixed(2), won.payout.toFixed(2)]).toEqual(['85.50', '185.50']);
  });

  it('pays a loss nothing and a draw or refund the stake back', () => {
    expect(deliveryPayout('lost', money('100'), '0.8').payout.toFixed(2)).toBe('0.00');
    for (const result of ['draw', 'refunded'] as const) {
      const p = deliveryPayout(result, money('100'), '0.8');
      expect([p.profit.toFixed(2), p.payout.toFixed(2)]).toEqual(['0.00', '100.00']);
    }
  });
});

describe('expectedProfit', () => {
  it('is amount × yield rounded down to the cent', () => {
    expect(expectedProfit('100', '0.8')).toBe('80.00');
    expect(expectedProfit('10.01', '0.85')).toBe('8.50'); // 8.5085
    expect(expectedProfit('0.01', '0.8')).toBe('0.00');
    expect(expectedProfit('1234567.89', '0.95')).toBe('1172839.49'); // 1172839.4955
  });

  it('is null until the amount is a positive number', () => {
    expect(expectedProfit('', '0.8')).toBeNull();
    expect(expectedProfit('0', '0.8')).toBeNull();
    expect(expectedProfit('1.', '0.8')).toBeNull();
  });
});
