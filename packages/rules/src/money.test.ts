import { describe, expect, it } from 'vitest';
import { changeFigures, money } from './money.js';

describe('account change figures', () => {
  it.each([
    // A hold: out of the available balance into frozen (a delivery stake, a withdrawal and its fee).
    ['delivery_stake', '-100.00', '100.00', '-100.00', '100.00'],
    ['withdrawal_fee', '-1.00', '1.00', '-1.00', '1.00'],
    // Taken out of frozen: the available balance did not move, so there is no available figure to read as a debit.
    ['delivery_loss', '0.00', '-100.00', null, '-100.00'],
    ['withdrawal_paid', '0', '-100', null, '-100'],
    // Released: back from frozen to available.
    ['withdrawal_refund', '100.00', '-100.00', '100.00', '-100.00'],
    // Only the available balance moved.
    ['transfer_in', '2500.00', '0.00', '2500.00', null],
    ['adjustment', '0.00', '0.00', '0.00', null],
  ])(
    '%s: available %s, frozen %s → shows available %s, frozen %s',
    (_type, amount, frozenChange, available, frozen) => {
      expect(changeFigures({ amount, frozenChange })).toEqual({ available, frozen });
    },
  );

  it('the available figures of a list add up to each row\'s "Available after"', () => {
    // The reviewer's lost delivery order and a withdrawal, oldest first, from 3,000 available.
    const rows = [
      { amount: '-100.00', frozenChange: '100.00', balanceAfter: '2900.00' },
      { amount: '0.00', frozenChange: '-100.00', balanceAfter: '2900.00' },
      { amount: '-100.00', frozenChange: '100.00', balanceAfter: '2800.00' },
      { amount: '-1.00', frozenChange: '1.00', balanceAfter: '2799.00' },
      { amount: '0.00', frozenChange: '-100.00', balanceAfter: '2799.00' },
      { amount: '0.00', frozenChange: '-1.00', balanceAfter: '2799.00' },
    ];
    let available = money('3000.00');
    for (const row of rows) {
      available = available.plus(changeFigures(row).available ?? '0');
      expect(available.eq(row.balanceAfter)).toBe(true);
    }
  });
});
