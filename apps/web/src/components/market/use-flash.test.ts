import { describe, expect, it } from 'vitest';
import { flashOf } from './use-flash';

describe('flashOf', () => {
  it('tints the way the price moved, compared as decimals', () => {
    expect(flashOf('100.5', '100.6', true)).toBe('up');
    expect(flashOf('100.5', '99.99', true)).toBe('down');
    expect(flashOf('9.9', '10.1', true)).toBe('up');
    expect(flashOf('0.00001234', '0.00001233', true)).toBe('down');
  });

  it('shows nothing without a move: no price before, the same price, the same number written otherwise', () => {
    expect(flashOf(undefined, '1', true)).toBeNull();
    expect(flashOf('1', undefined, true)).toBeNull();
    expect(flashOf('1.5', '1.5', true)).toBeNull();
    expect(flashOf('1.50', '1.5', true)).toBeNull();
  });

  it('shows nothing for a catch-up: the element was not following when the price changed', () => {
    expect(flashOf('100', '120', false)).toBeNull();
    expect(flashOf('100', '80', false)).toBeNull();
  });
});
