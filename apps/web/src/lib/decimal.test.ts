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
  it.each([
    ['2500', '2500.00', 0],
    ['10000.00', '9999.99', 1],
    ['0.00000001', '0', 1],
    ['-1.5', '-1.49', -1],
    // Beyond a double's precision.
    ['9007199254740993.01', '9007199254740993.00', 1],
  ])('compares on the digits, whatever the scale: %s vs %s is %i', (a, b, order) => {
    expect(compareDecimal(a, b)).toBe(order);
  });

  it('reads the sign, minus zero included', () => {
    expect(signOf('-0.00')).toBe(0);
    expect(signOf('-2500.00')).toBe(-1);
  });

  it.each([
    ['7500.00', '7.1', undefined, '53250.00'],
    ['0.99', '0.92', undefined, '0.91'],
    ['1', '3.6725', 4, '3.6725'],
    ['12', '3', 2, '36.00'],
    ['-1.999', '1', 2, '-1.99'],
    ['x', '1', undefined, null],
  ])('multiplies for display, rounding toward zero: %s × %s (%s places) = %s', (a, b, places, product) => {
    expect(multiplyDecimal(a, b, places)).toBe(product);
  });

  it('knows well-formed input and its decimals', () => {
    expect(isDecimal('12.50')).toBe(true);
    expect(isDecimal('.5')).toBe(false);
    expect(isDecimal('1e3')).toBe(false);
    expect(decimalPlaces('0.00012345')).toBe(8);
    expect(decimalPlaces('12')).toBe(0);
  });

  it.each([
    ['2,500.456', 2, '2500.45'],
    ['1,000', 2, '1000'],
    ['12,500,000', 2, '12500000'],
    ['1,5', 2, '1.5'],
    ['12,75', 2, '12.75'],
    ['1,', 2, '1.'],
    ['1,0000', 2, '1.00'],
    ['2500.456', 2, '2500.45'],
    ['007', 2, '7'],
    ['.5', 8, '0.5'],
    ['1.2.3', 8, '1.23'],
    ['1a2b', 2, '12'],
    ['12.', 2, '12.'],
    ['12.5', 0, '12.5'],
    ['1.', 0, '1.'],
    ['1,5', 0, '1.5'],
    ['1,000', 0, '1000'],
    ['1234567890123456789', 2, '123456789012345'],
  ])('cleans what is typed into an amount field: %s at %i places → %s', (typed, places, kept) => {
    expect(sanitizeAmountInput(typed, places)).toBe(kept);
  });

  it.each([
    ['2500', true],
    ['0.01', true],
    ['0', false],
    ['0.00', false],
    ['12.', false],
    ['', false],
  ])('accepts only positive amounts for submission: %j → %s', (amount, ok) => {
    expect(isPositiveAmount(amount)).toBe(ok);
  });
});

describe('amount display', () => {
  it.each([
    ['10000.00', '10,000.00', '+10,000.00'],
    ['0.00012345', '0.00012345', '+0.00012345'],
    ['12', '12', '+12'],
    ['2500.00', '2,500.00', '+2,500.00'],
    ['-2500.00', '-2,500.00', '-2,500.00'],
    ['0.00', '0.00', '0.00'],
  ])('keeps the server scale and groups thousands: %s → %s, signed %s', (amount, shown, signed) => {
    expect(formatDecimal(amount)).toBe(shown);
    expect(formatSigned(amount)).toBe(signed);
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
    const keeper = new RequestIdKeeper<undefined>(() => `id-${++n}-xxxxx`);
    const idFor = (fingerprint: string) => keeper.attempt(fingerprint, undefined).id;
    const first = idFor('spot>delivery:USDT:2500');
    keeper.settle(true); // timed out: outcome unknown
    expect(idFor('spot>delivery:USDT:2500')).toBe(first);
    keeper.settle(true);
    // The user changed the amount: a different action.
    const second = idFor('spot>delivery:USDT:2400');
    expect(second).not.toBe(first);
    keeper.settle(false); // answered (success or refusal)
    expect(idFor('spot>delivery:USDT:2400')).not.toBe(second);
  });

  it('resend what a lost attempt sent, exactly, even when what the user would send now moved (a new quote)', () => {
    let n = 0;
    const keeper = new RequestIdKeeper<{ amount: string; rate: string }>(() => `id-${++n}-xxxxx`);
    const first = keeper.attempt('USDT>BTC:100', { amount: '100', rate: '0.000015' });
    keeper.settle(true);
    expect(keeper.attempt('USDT>BTC:100', { amount: '100', rate: '0.000016' })).toEqual(first);
    keeper.settle(false);
    const next = keeper.attempt('USDT>BTC:100', { amount: '100', rate: '0.000016' });
    expect(next).toEqual({ id: 'id-2-xxxxx', vars: { amount: '100', rate: '0.000016' } });
  });
});
