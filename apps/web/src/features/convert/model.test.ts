import { describe, expect, it } from 'vitest';
import { ConvertSubmission, checkAmount, checkSlippage, formatRate, sanitizeSlippageInput } from './model';

describe('slippage', () => {
  it('takes 0 to 5 % with at most two decimals (spec §9)', () => {
    for (const ok of ['0', '0.1', '0.5', '1', '3', '4.99', '5', '5.00']) expect(checkSlippage(ok), ok).toBeNull();
    expect(checkSlippage('')).toBe('convert.slippageRequired');
    for (const bad of ['5.01', '6', '10', '0.123', '-1', 'abc'])
      expect(checkSlippage(bad), bad).toBe('convert.slippageRange');
  });

  it('keeps what a slippage field may hold', () => {
    expect(sanitizeSlippageInput('0.555')).toBe('0.55');
    expect(sanitizeSlippageInput('123')).toBe('12');
    expect(sanitizeSlippageInput('.5')).toBe('0.5');
    expect(sanitizeSlippageInput('1,5%')).toBe('1.5');
    expect(sanitizeSlippageInput('007')).toBe('7');
  });
});

describe('amount', () => {
  it('asks for an amount, a positive one, and no more than available', () => {
    expect(checkAmount('', '10')).toBe('validation.amount');
    expect(checkAmount('0', '10')).toBe('convert.amountPositive');
    expect(checkAmount('0.00', '10')).toBe('convert.amountPositive');
    expect(checkAmount('10.01', '10.00')).toBe('convert.insufficient');
    expect(checkAmount('10', '10.00')).toBeNull();
    expect(checkAmount('5', undefined)).toBeNull();
  });
});

describe('ConvertSubmission', () => {
  const order = { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '100', slippage: '0.5', rate: '0.000015' } as const;
  let n = 0;
  const ids = () => `request-id-${++n}`;

  it('resends a submission whose answer was lost exactly as it was, even after the quote moved', () => {
    const s = new ConvertSubmission(ids);
    const first = s.bodyFor('demo', order);
    s.settle(true);
    const retry = s.bodyFor('demo', { ...order, rate: '0.000016' });
    expect(retry).toEqual(first);
    expect(retry.rate).toBe('0.000015');
  });

  it('starts a new submission after an answer, or for another convert', () => {
    const s = new ConvertSubmission(ids);
    const first = s.bodyFor('demo', order);
    s.settle(false);
    const next = s.bodyFor('demo', order);
    expect(next.requestId).not.toBe(first.requestId);
    s.settle(true);
    expect(s.bodyFor('demo', { ...order, amount: '101' }).requestId).not.toBe(next.requestId);
    s.settle(true);
    expect(s.bodyFor('real', { ...order, amount: '101' }).requestId).not.toBe(next.requestId);
  });
});

describe('formatRate', () => {
  it('shows 8 significant digits, at least 2 decimals', () => {
    expect(formatRate('0.000015444437631731')).toBe('0.000015444438');
    expect(formatRate('64732.12345678')).toBe('64,732.123');
    expect(formatRate('1')).toBe('1.00');
    expect(formatRate('1.0001')).toBe('1.0001');
    expect(formatRate('0.5')).toBe('0.50');
    expect(formatRate('123456789.5')).toBe('123,456,789.50');
    expect(formatRate('0')).toBe('0.00');
  });
});
