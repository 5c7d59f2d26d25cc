import { describe, expect, it } from 'vitest';
import {
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
