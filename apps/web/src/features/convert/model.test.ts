import { describe, expect, it } from 'vitest';
import { checkAmount, checkSlippage, formatRate, liveAmountProblem, rateText, sanitizeSlippageInput } from './model';

describe('slippage', () => {
  it('takes 0 to 5 % with at most two decimals (spec §9)', () => {
    for (const ok of ['0', '0.1', '0.5', '1', '3', '4.99', '5', '5.00']) expect(checkSlippage(ok), ok).toBeNull();
    expect(checkSlippage('')).toBe('convert.slippageRequired');
    for (const bad of ['5.01', '6', '10', '0.123', '-1', 'abc'])
      expect(checkSlippage(bad), bad).toBe('convert.slippageRange');
  });

  it.each([
    ['0.555', '0.55', null],
    ['123', '12', 'convert.slippageRange'],
    ['.5', '0.5', null],
    ['1,5', '1.5', null],
    // A sign is no part of a number: nothing kept (the field refuses such text before it gets here), never 1.
    ['-1', '', 'convert.slippageRequired'],
    ['007', '7', 'convert.slippageRange'],
  ])('keeps what a slippage field may hold, then checks it: %s → %s (%s)', (typed, kept, problem) => {
    expect(sanitizeSlippageInput(typed)).toBe(kept);
    expect(checkSlippage(kept)).toBe(problem);
  });
});

describe('amount', () => {
  it.each([
    { amount: '', available: '10', problem: 'validation.amount' },
    { amount: '0', available: '10', problem: 'convert.amountPositive' },
    { amount: '0.00', available: '10', problem: 'convert.amountPositive' },
    { amount: '10.01', available: '10.00', problem: 'convert.insufficient' },
    { amount: '10', available: '10.00', problem: null },
    // The balance is not known yet: the server checks it.
    { amount: '5', available: undefined, problem: null },
  ])('asks for an amount, a positive one, and no more than available: $amount of $available → $problem', (c) => {
    expect(checkAmount(c.amount, c.available)).toBe(c.problem);
    // While typing, only the balance is said at once.
    expect(liveAmountProblem(c.amount, c.available)).toBe(c.problem === 'convert.insufficient' ? c.problem : null);
  });
});

describe('formatRate', () => {
  it.each([
    ['0.000015444437631731', '0.000015444438'],
    ['64732.12345678', '64,732.12'],
    ['3674.9', '3,674.90'],
    ['123.456', '123.46'],
    ['12.3456789', '12.345679'],
    ['1', '1.00'],
    ['1.0001', '1.0001'],
    ['0.5', '0.50'],
    ['123456789.5', '123,456,789.50'],
    ['0', '0.00'],
  ])('from 100 up two decimals, below 8 significant digits and at least 2 decimals: %s → %s', (rate, shown) => {
    expect(formatRate(rate)).toBe(shown);
  });
});

describe('a rate the natural way round', () => {
  it.each([
    ['BTC', 'USDT', '64512.3', '1 BTC ≈ 64,512.30 USDT'],
    ['USDT', 'BTC', '0.0000155009', '1 BTC ≈ 64,512.38 USDT'],
    ['USDT', 'USDC', '1', '1 USDT ≈ 1.00 USDC'],
  ])('%s → %s at %s reads %s', (from, to, rate, text) => {
    expect(rateText(from, to, rate)).toBe(text);
  });
});
