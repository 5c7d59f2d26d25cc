import { money } from '@nexa/rules';
import { describe, expect, it } from 'vitest';
import {
  changeFigures,
  dayRangeMs,
  isWallet,
  monthStartUtcMs,
  nextMonthStartUtcMs,
  otherWallet,
  transferCurrencies,
  withSymbol,
} from './model';

describe('wallets', () => {
  it.each([
    ['spot', true],
    ['copy', true],
    ['funding', false],
    [null, false],
  ])('recognises the four wallets: %s → %s', (value, known) => {
    expect(isWallet(value)).toBe(known);
  });

  it('picks another wallet', () => {
    expect(otherWallet('spot')).toBe('delivery');
    expect(otherWallet('delivery')).toBe('spot');
  });

  it('offers only the currencies both wallets hold', () => {
    const types = {
      wallets: [
        { wallet: 'spot' as const, currencies: ['USDT' as const, 'USDC' as const, 'BTC' as const, 'ETH' as const] },
        { wallet: 'delivery' as const, currencies: ['USDT' as const] },
        { wallet: 'perpetual' as const, currencies: ['USDT' as const] },
        { wallet: 'copy' as const, currencies: ['USDT' as const] },
      ],
    };
    expect(transferCurrencies(types, 'spot', 'delivery')).toEqual(['USDT']);
    expect(transferCurrencies(types, 'copy', 'spot')).toEqual(['USDT']);
    expect(transferCurrencies(undefined, 'spot', 'copy')).toEqual([]);
  });
});

describe('display', () => {
  it('puts the sign before the denomination symbol', () => {
    expect(withSymbol('$', '1,234.00')).toBe('$1,234.00');
    expect(withSymbol('$', '-5.00')).toBe('-$5.00');
    expect(withSymbol('HK$', '+3.00')).toBe('+HK$3.00');
  });
});

describe('dates', () => {
  it('counts demo months in UTC', () => {
    const mid = Date.UTC(2025, 5, 15, 12);
    expect(monthStartUtcMs(mid)).toBe(Date.UTC(2025, 5, 1));
    expect(nextMonthStartUtcMs(mid)).toBe(Date.UTC(2025, 6, 1));
    expect(nextMonthStartUtcMs(Date.UTC(2025, 11, 31, 23))).toBe(Date.UTC(2026, 0, 1));
  });

  it('turns picked days into [start of first day, start of the day after the last)', () => {
    const { start, end } = dayRangeMs(new Date(2025, 5, 3, 15, 30), new Date(2025, 5, 1, 9));
    expect(start).toBe(new Date(2025, 5, 1).getTime());
    expect(end).toBe(new Date(2025, 5, 4).getTime());
  });
});

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
