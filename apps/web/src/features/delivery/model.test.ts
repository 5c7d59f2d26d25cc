import type { DeliveryOrder } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import {
  applyOrderEvent,
  checkAmount,
  dayRange,
  fitsBounds,
  formatCountdown,
  isActive,
  maxStakeFor,
  newerOrder,
  outcomeAt,
  periodLength,
  profitDirection,
  remainingMs,
  remainingShare,
  statusGroup,
  truncateDecimal,
  yieldPercent,
} from './model';

function order(over: Partial<DeliveryOrder> = {}): DeliveryOrder {
  return {
    id: '1',
    mode: 'demo',
    symbol: 'BTCUSDT',
    direction: 'call',
    seconds: 30,
    amount: '100.00',
    yield: '0.8',
    expectedProfit: '80.00',
    status: 'open',
    entry: { price: '67000.00', ts: 1_000, source: 'sim' },
    exit: null,
    payout: null,
    profit: null,
    openAt: 1_000,
    expiresAt: 31_000,
    settledAt: null,
    createdAt: 1_000,
    ...over,
  };
}

describe('statusGroup (spec §4)', () => {
  it.each([
    ['scheduled', 'pending'],
    ['open', 'pending'],
    ['settling', 'closing'],
    ['won', 'won'],
    ['lost', 'lost'],
    ['draw', 'refunded'],
    ['refunded', 'refunded'],
    ['cancelled', 'cancelled'],
  ] as const)('%s → %s', (status, group) => {
    expect(statusGroup(status)).toBe(group);
  });

  it.each([
    ['scheduled', true],
    ['settling', true],
    ['won', false],
    ['cancelled', false],
  ] as const)('counts %s as running: %s', (status, running) => {
    expect(isActive(status)).toBe(running);
  });
});

describe('yieldPercent and periodLength', () => {
  it.each([
    ['0.8', '80'],
    ['0.855', '85.5'],
    ['1', '100'],
    ['0.05', '5'],
  ])('shows a yield of %s as %s %%', (rate, percent) => {
    expect(yieldPercent(rate)).toBe(percent);
  });

  it.each([
    [30, 30, 's'],
    [60, 1, 'm'],
    [90, 90, 's'],
    [600, 10, 'm'],
    [7200, 2, 'h'],
  ])('names a period of %i s as %i %s', (seconds, value, unit) => {
    expect(periodLength(seconds)).toEqual({ value, unit });
  });
});

describe('checkAmount', () => {
  const period = { minStake: '10', maxStake: '5000' };
  // An amount first, then a positive one, within the period's bounds and the balance.
  it.each([
    ['', '100', { kind: 'empty' }],
    ['0.00', '100', { kind: 'notPositive' }],
    ['9.99', '100', { kind: 'belowMin', min: '10' }],
    ['5000.01', '1000000', { kind: 'aboveMax', max: '5000' }],
    ['100.01', '100.00', { kind: 'insufficient' }],
    ['100', '100.00', null],
    ['10', undefined, null],
  ] as const)('%s with a balance of %s: %o', (amount, balance, problem) => {
    expect(checkAmount(amount, period, balance)).toEqual(problem);
  });

  it.each([
    ['50', true],
    ['5', false],
    ['5000', true],
  ])('offers a quick amount of %s only within the bounds: %s', (amount, fits) => {
    expect(fitsBounds(amount, period)).toBe(fits);
  });
});

describe('maxStakeFor and truncateDecimal', () => {
  it.each([
    ['5000', '1234.567', '1234.56'],
    ['5000', '9000.00', '5000'],
    ['5000', '0.00', '5000'],
    ['5000', undefined, '5000'],
  ])('is the smaller of the maximum %s and a balance of %s, cut to the cent: %s', (maxStake, balance, max) => {
    expect(maxStakeFor({ maxStake }, balance)).toBe(max);
  });

  it.each([
    ['12.349', '12.34'],
    ['12.10', '12.1'],
    ['12', '12'],
  ])('never rounds %s up: %s', (value, cut) => {
    expect(truncateDecimal(value, 2)).toBe(cut);
  });
});

describe('outcomeAt', () => {
  // A call wins above the entry, a put below it, equal is a draw.
  it.each([
    ['call', '100.01', 'winning'],
    ['call', '99.99', 'losing'],
    ['put', '99.99', 'winning'],
    ['put', '100.01', 'losing'],
    ['call', '100', 'draw'],
    ['put', '100.0', 'draw'],
  ] as const)('a %s entered at 100.00 is %s at %s', (direction, price, outcome) => {
    expect(outcomeAt(direction, '100.00', price)).toBe(outcome);
  });
});

describe('countdown', () => {
  it.each([
    [10_000, 0, 21_000],
    [10_000, 2_000, 19_000],
    [40_000, 0, 0],
  ])("counts on the server's clock: at %i, %i ms behind, %i ms are left", (now, offset, left) => {
    expect(remainingMs(31_000, now, offset)).toBe(left);
  });

  it.each([
    [27_000, '00:27'],
    [26_100, '00:27'],
    [200, '00:01'],
    [0, '00:00'],
    [179_500, '03:00'],
    [3_600_000, '1:00:00'],
  ])('reads %i ms as %s, rounding up to the next second', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it.each([
    [15_000, 0.5],
    [45_000, 1],
    [0, 0],
  ])('gives the share of a 30 s period left with %i ms to go: %d', (ms, share) => {
    expect(remainingShare({ seconds: 30 }, ms)).toBe(share);
  });
});

describe('applyOrderEvent', () => {
  it('adds a new running order in expiry order', () => {
    const a = order({ id: '1', expiresAt: 40_000 });
    const b = order({ id: '2', expiresAt: 35_000 });
    expect(applyOrderEvent([a], b).map((o) => o.id)).toEqual(['2', '1']);
  });

  it('replaces an order that opened and drops one that settled', () => {
    const scheduled = order({ id: '1', status: 'scheduled', entry: null });
    const opened = order({ id: '1', status: 'open' });
    expect(applyOrderEvent([scheduled], opened)).toEqual([opened]);
    expect(applyOrderEvent([opened], order({ id: '1', status: 'won', payout: '180.00', profit: '80.00' }))).toEqual([]);
  });

  it('ignores an event older than what is held', () => {
    const opened = order({ id: '1', status: 'open' });
    const stale = order({ id: '1', status: 'scheduled', entry: null });
    expect(applyOrderEvent([opened], stale)).toEqual([opened]);
  });

  it('keeps the newer of two views', () => {
    const open = order({ status: 'open' });
    const won = order({ status: 'won' });
    expect(newerOrder(won, open)).toBe(won);
    expect(newerOrder(open, won)).toBe(won);
    expect(newerOrder(undefined, open)).toBe(open);
  });
});

describe('profitDirection', () => {
  it.each([
    ['80.00', 'up'],
    ['-100.00', 'down'],
    ['0.00', 'flat'],
    [null, 'flat'],
  ])('colours a settled profit of %s: %s', (profit, tone) => {
    expect(profitDirection(profit)).toBe(tone);
  });
});

describe('dayRange', () => {
  it('covers whole local days, in either order', () => {
    const a = new Date(2026, 4, 3, 15, 30);
    const b = new Date(2026, 4, 1, 9, 0);
    expect(dayRange(a, b)).toEqual({
      start: new Date(2026, 4, 1).getTime(),
      end: new Date(2026, 4, 4).getTime(),
    });
  });
});
