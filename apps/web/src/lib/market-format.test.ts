import { describe, expect, it } from 'vitest';
import { directionOf, formatChange, formatCompact, formatPrice, pairLabel } from './market-format';

describe('market formatting', () => {
  it.each([
    ['67012.5', 2, '67,012.50'],
    ['0.00002315', 8, '0.00002315'],
    ['1.084506', 5, '1.08451'],
    [undefined, 2, '--'],
  ])('prints prices at the product precision: %s at %i → %s', (price, precision, shown) => {
    expect(formatPrice(price, precision)).toBe(shown);
  });

  it.each([
    { change: '3.7', shown: '+3.70%', direction: 'up' },
    { change: '-3.70', shown: '-3.70%', direction: 'down' },
    { change: '\u22123.70', shown: '-3.70%', direction: 'down' },
    { change: '0.00', shown: '0.00%', direction: 'flat' },
    { change: '-0.00', shown: '0.00%', direction: 'flat' },
  ])('prints changes with sign and percent, whichever minus the server used: $change → $shown, $direction', (c) => {
    expect(formatChange(c.change)).toBe(c.shown);
    expect(directionOf(c.change)).toBe(c.direction);
  });

  it('has no direction at zero or without a change', () => {
    expect(directionOf('0')).toBe('flat');
    expect(directionOf(undefined)).toBe('flat');
  });

  it.each([
    ['1234567890.12', 'en', '1.2B'],
    ['12345678', 'en', '12.3M'],
    ['987.65', 'en', '987.7'],
    ['1234567890', 'zh-CN', '12.3亿'],
    [undefined, 'en', '--'],
  ])('prints big turnovers compact in the interface language: %s in %s → %s', (turnover, locale, shown) => {
    expect(formatCompact(turnover, locale)).toBe(shown);
  });

  it('keeps the digits Latin in Arabic and Persian', () => {
    expect(formatCompact('1234567890', 'ar')).not.toMatch(/[\u0660-\u0669]/);
    expect(formatCompact('1234567890', 'fa')).not.toMatch(/[\u06f0-\u06f9]/);
  });

  it('labels a pair', () => {
    expect(pairLabel({ base: 'BTC', quote: 'USDT' })).toBe('BTC/USDT');
  });
});
