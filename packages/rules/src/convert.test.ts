import { describe, expect, it } from 'vitest';
import { convertRate, convertReceive, minimumReceived, slippageFactor, slippageFloor } from './convert.js';
import { money } from './money.js';

describe('convert (the server rules)', () => {
  it('keeps a rate at 18 decimals rounded down and credits the receive rounded down to the scale', () => {
    expect(convertRate(money('1'), money('3')).toFixed()).toBe('0.333333333333333333');
    expect(convertRate(money('64000'), money('1')).toFixed()).toBe('64000');
    expect(convertReceive(money('0.015'), money('64000.5'), 2).toFixed()).toBe('960');
    expect(convertReceive(money('10'), money('0.333333333333333333'), 8).toFixed()).toBe('3.33333333');
  });

  it('accepts a rate down to the quoted one less the slippage', () => {
    expect(slippageFloor(money('100'), money('0.5')).toFixed()).toBe('99.5');
    expect(slippageFloor(money('0.0001'), money('5')).toFixed()).toBe('0.000095');
  });
});

describe('convert previews', () => {
  it('gives the worst fill a slippage allows, rounded down', () => {
    expect(slippageFactor('0.5')).toBe('0.9950');
    expect(slippageFactor('5')).toBe('0.9500');
    expect(slippageFactor('0')).toBe('1.0000');
    expect(slippageFactor('6')).toBeNull();
    expect(minimumReceived('0.00150000', '1', 8)).toBe('0.00148500');
    expect(minimumReceived('100.00', '0.1', 2)).toBe('99.90');
    expect(minimumReceived('0.00000003', '3', 8)).toBe('0.00000002');
  });
});
