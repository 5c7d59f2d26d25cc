import { describe, expect, it } from 'vitest';
import { directionOf, formatChange, formatCompact, formatPrice, pairLabel } from './market-format';

describe('market formatting', () => {
  it('prints prices at the product precision', () => {
    expect(formatPrice('67012.5', 2)).toBe('67,012.50');
    expect(formatPrice('0.00002315', 8)).toBe('0.00002315');
    expect(formatPrice('1.084506', 5)).toBe('1.08451');
    expect(formatPrice(undefined, 2)).toBe('--');
  });

  it('prints changes with sign and %, whichever minus the server used', () => {
    expect(formatChange('3.7')).toBe('+3.70%');
    expect(formatChange('-3.70')).toBe('-3.70%');
    expect(formatChange('\u22123.70')).toBe('-3.70%');
    expect(formatChange('0.00')).toBe('0.00%');
    expect(formatChange('-0.00')).toBe('0.00%');
    expect(directionOf('1.2')).toBe('up');
    expect(directionOf('\u22121.2')).toBe('down');
    expect(directionOf('0')).toBe('flat');
    expect(directionOf(undefined)).toBe('flat');
  });

  it('prints big turnovers compact in the interface language, digits Latin', () => {
    expect(formatCompact('1234567890.12', 'en')).toBe('1.2B');
    expect(formatCompact('12345678', 'en')).toBe('12.3M');
    expect(formatCompact('987.65', 'en')).toBe('987.7');
    expect(formatCompact('1234567890', 'zh-CN')).toBe('12.3亿');
    expect(formatCompact('1234567890', 'ar')).not.toMatch(/[\u0660-\u0669]/);
    expect(formatCompact('1234567890', 'fa')).not.toMatch(/[\u06f0-\u06f9]/);
    expect(formatCompact(undefined, 'en')).toBe('--');
  });

  it('labels a pair', () => {
    expect(pairLabel({ base: 'BTC', quote: 'USDT' })).toBe('BTC/USDT');
  });
});
