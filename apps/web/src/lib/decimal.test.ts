import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  decimalPlaces,
  isDecimal,
  isPositiveAmount,
  multiplyDecimal,
  sanitizeAmountInput,
  signOf,
} from './decimal';
import { formatDecimal, formatSigned } from './format';
import { RequestIdKeeper, newRequestId } from './request-id';

describe('decimal strings', () => {
  it('compares on the digits, whatever the scale', () => {
    expect(compareDecimal('2500', '2500.00')).toBe(0);
    expect(compareDecimal('10000.00', '9999.99')).toBe(1);
    expect(compareDecimal('0.00000001', '0')).toBe(1);
    expect(compareDecimal('-1.5', '-1.49')).toBe(-1);
    // Beyond a double's precision.
    expect(compareDecimal('9007199254740993.01', '9007199254740993.00')).toBe(1);
    expect(signOf('-0.00')).toBe(0);
    expect(signOf('-2500.00')).toBe(-1);
  });

  it('multiplies for display, rounding toward zero', () => {
    expect(multiplyDecimal('7500.00', '7.1')).toBe('53250.00');
    expect(multiplyDecimal('0.99', '0.92')).toBe('0.91');
    expect(multiplyDecimal('1', '3.6725', 4)).toBe('3.6725');
    expect(multiplyDecimal('12', '3', 2)).toBe('36.00');
    expect(multiplyDecimal('-1.999', '1', 2)).toBe('-1.99');
    expect(multiplyDecimal('x', '1')).toBeNull();
  });

  it('knows well-formed input and its decimals', () => {
    expect(isDecimal('12.50')).toBe(true);
    expect(isDecimal('.5')).toBe(false);
    expect(isDecimal('1e3')).toBe(false);
    expect(decimalPlaces('0.00012345')).toBe(8);
    expect(decimalPlaces('12')).toBe(0);
  });

  it('cleans what is typed into an amount field', () => {
    expect(sanitizeAmountInput('2,500.456', 2)).toBe('2.50');
    expect(sanitizeAmountInput('2500.456', 2)).toBe('2500.45');
    expect(sanitizeAmountInput('007', 2)).toBe('7');
    expect(sanitizeAmountInput('.5', 8)).toBe('0.5');
    expect(sanitizeAmountInput('1.2.3', 8)).toBe('1.23');
    expect(sanitizeAmountInput('1a2b', 2)).toBe('12');
    expect(sanitizeAmountInput('12.', 2)).toBe('12.');
    expect(sanitizeAmountInput('12.5', 0)).toBe('12');
    expect(sanitizeAmountInput('1234567890123456789', 2)).toBe('123456789012345');
  });

  it('accepts only positive amounts for submission', () => {
    expect(isPositiveAmount('2500')).toBe(true);
    expect(isPositiveAmount('0.01')).toBe(true);
    expect(isPositiveAmount('0')).toBe(false);
    expect(isPositiveAmount('0.00')).toBe(false);
    expect(isPositiveAmount('12.')).toBe(false);
    expect(isPositiveAmount('')).toBe(false);
  });
});

describe('amount display', () => {
  it('keeps the server scale and groups thousands', () => {
    expect(formatDecimal('10000.00')).toBe('10,000.00');
    expect(formatDecimal('0.00012345')).toBe('0.00012345');
    expect(formatDecimal('12')).toBe('12');
    expect(formatSigned('2500.00')).toBe('+2,500.00');
    expect(formatSigned('-2500.00')).toBe('-2,500.00');
    expect(formatSigned('0.00')).toBe('0.00');
  });
});

describe('request ids', () => {
  it('are 32 characters the API accepts', () => {
    const id = newRequestId();
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(newRequestId()).not.toBe(id);
  });

  it('are reused for a retry of the same action after a network failure, and only then', () => {
    let n = 0;
    const keeper = new RequestIdKeeper(() => `id-${++n}-xxxxx`);
    const first = keeper.idFor('spot>delivery:USDT:2500');
    keeper.settle(true); // timed out: outcome unknown
    expect(keeper.idFor('spot>delivery:USDT:2500')).toBe(first);
    keeper.settle(true);
    // The user changed the amount: a different action.
    const second = keeper.idFor('spot>delivery:USDT:2400');
    expect(second).not.toBe(first);
    keeper.settle(false); // answered (success or refusal)
    expect(keeper.idFor('spot>delivery:USDT:2400')).not.toBe(second);
  });
});
