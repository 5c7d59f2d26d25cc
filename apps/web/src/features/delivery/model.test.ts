import type { DeliveryOrder } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import {
  applyOrderEvent,
  checkAmount,
  checkDraft,
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
    copy: null,
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

  it('counts scheduled, open and settling as running', () => {
    const statuses = ['scheduled', 'settling', 'won', 'cancelled'] as const;
    expect(statuses.map(isActive)).toEqual([true, true, false, false]);
  });
});

describe('yieldPercent and periodLength', () => {
  it('shows a yield as a percentage', () => {
    expect(['0.8', '0.855', '1', '0.05'].map(yieldPercent)).toEqual(['80', '85.5', '100', '5']);
  });

  it.each([
    { seconds: 30, value: 30, unit: 's' },
    { seconds: 60, value: 1, unit: 'm' },
    { seconds: 90, value: 90, unit: 's' },
    { seconds: 600, value: 10, unit: 'm' },
    { seconds: 7200, value: 2, unit: 'h' },
  ])('names a period of $seconds s as $value $unit', ({ seconds, value, unit }) => {
    expect(periodLength(seconds)).toEqual({ value, unit });
  });
});

describe('checkAmount', () => {
  const period = { minStake: '10', maxStake: '5000' };
  // An amount first, then a positive one, within the period's bounds and the balance.
  it.each([
    { amount: '', balance: '100', problem: { kind: 'empty' } },
    { amount: '0.00', balance: '100', problem: { kind: 'notPositive' } },
    { amount: '9.99', balance: '100', problem: { kind: 'belowMin', min: '10' } },
    { amount: '5000.01', balance: '1000000', problem: { kind: 'aboveMax', max: '5000' } },
    { amount: '100.01', balance: '100.00', problem: { kind: 'insufficient' } },
    { amount: '100', balance: '100.00', problem: null },
    { amount: '10', balance: undefined, problem: null },
  ] as const)('$amount with a balance of $balance: $problem', ({ amount, balance, problem }) => {
    expect(checkAmount(amount, period, balance)).toEqual(problem);
  });

  it('offers quick amounts only within the bounds', () => {
    expect(['50', '5', '5000'].map((amount) => fitsBounds(amount, period))).toEqual([true, false, true]);
  });
});

describe('checkDraft', () => {
  // The product's periods as read again while the confirm sheet is open.
  const periods = [
    { seconds: 30, minStake: '10', maxStake: '5000' },
    { seconds: 60, minStake: '200', maxStake: '300' },
  ];

  it("checks the stake against the period's bounds as they are now", () => {
    expect(checkDraft('100', 30, periods, '1000')).toBeNull();
    expect(checkDraft('100', 60, periods, '1000')).toEqual({ kind: 'belowMin', min: '200' });
    expect(checkDraft('400', 60, periods, '1000')).toEqual({ kind: 'aboveMax', max: '300' });
    expect(checkDraft('250', 60, periods, '100')).toEqual({ kind: 'insufficient' });
  });

  it('says when the period is no longer offered', () => {
    expect(checkDraft('100', 180, periods, '1000')).toEqual({ kind: 'periodGone' });
  });
});

describe('maxStakeFor and truncateDecimal', () => {
  it('is the smaller of the maximum and the balance, cut to the cent', () => {
    const balances = ['1234.567', '9000.00', '0.00', undefined];
    expect(balances.map((b) => maxStakeFor({ maxStake: '5000' }, b))).toEqual(['1234.56', '5000', '5000', '5000']);
  });

  it('never rounds up', () => {
    expect(['12.349', '12.10', '12'].map((value) => truncateDecimal(value, 2))).toEqual(['12.34', '12.1', '12']);
  });
});

describe('outcomeAt', () => {
  it('a call wins above the entry, a put below it, equal is a draw', () => {
    const at = (direction: 'call' | 'put', prices: string[]) => prices.map((p) => outcomeAt(direction, '100.00', p));
    expect(at('call', ['100.01', '99.99', '100'])).toEqual(['winning', 'losing', 'draw']);
    expect(at('put', ['99.99', '100.01', '100.0'])).toEqual(['winning', 'losing', 'draw']);
  });
});

describe('countdown', () => {
  it.each([
    { now: 10_000, offset: 0, left: 21_000 },
    { now: 10_000, offset: 2_000, left: 19_000 },
    { now: 40_000, offset: 0, left: 0 },
  ])("counts on the server's clock: at $now, $offset ms behind, $left ms are left", ({ now, offset, left }) => {
    expect(remainingMs(31_000, now, offset)).toBe(left);
  });

  it.each([
    { ms: 27_000, text: '00:27' },
    { ms: 26_100, text: '00:27' },
    { ms: 200, text: '00:01' },
    { ms: 0, text: '00:00' },
    { ms: 179_500, text: '03:00' },
    { ms: 3_600_000, text: '1:00:00' },
  ])('reads $ms ms as $text, rounding up to the next second', ({ ms, text }) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it('gives the share of the period left', () => {
    expect([15_000, 45_000, 0].map((ms) => remainingShare({ seconds: 30 }, ms))).toEqual([0.5, 1, 0]);
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
  it('colours a settled profit', () => {
    expect(['80.00', '-100.00', '0.00', null].map(profitDirection)).toEqual(['up', 'down', 'flat', 'flat']);
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
