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

  it('counts scheduled, open and settling as running', () => {
    expect(isActive('scheduled')).toBe(true);
    expect(isActive('settling')).toBe(true);
    expect(isActive('won')).toBe(false);
    expect(isActive('cancelled')).toBe(false);
  });
});

describe('yieldPercent and periodLength', () => {
  it('shows a yield as a percentage', () => {
    expect(yieldPercent('0.8')).toBe('80');
    expect(yieldPercent('0.855')).toBe('85.5');
    expect(yieldPercent('1')).toBe('100');
    expect(yieldPercent('0.05')).toBe('5');
  });

  it('names a period in seconds, minutes or hours', () => {
    expect(periodLength(30)).toEqual({ value: 30, unit: 's' });
    expect(periodLength(60)).toEqual({ value: 1, unit: 'm' });
    expect(periodLength(90)).toEqual({ value: 90, unit: 's' });
    expect(periodLength(600)).toEqual({ value: 10, unit: 'm' });
    expect(periodLength(7200)).toEqual({ value: 2, unit: 'h' });
  });
});

describe('checkAmount', () => {
  const period = { minStake: '10', maxStake: '5000' };
  it('asks for an amount, then a positive one', () => {
    expect(checkAmount('', period, '100')).toEqual({ kind: 'empty' });
    expect(checkAmount('0.00', period, '100')).toEqual({ kind: 'notPositive' });
  });

  it("keeps to the period's bounds and to the balance", () => {
    expect(checkAmount('9.99', period, '100')).toEqual({ kind: 'belowMin', min: '10' });
    expect(checkAmount('5000.01', period, '1000000')).toEqual({ kind: 'aboveMax', max: '5000' });
    expect(checkAmount('100.01', period, '100.00')).toEqual({ kind: 'insufficient' });
    expect(checkAmount('100', period, '100.00')).toBeNull();
    expect(checkAmount('10', period, undefined)).toBeNull();
  });

  it('offers quick amounts only within the bounds', () => {
    expect(fitsBounds('50', period)).toBe(true);
    expect(fitsBounds('5', period)).toBe(false);
    expect(fitsBounds('5000', period)).toBe(true);
  });
});

describe('maxStakeFor and truncateDecimal', () => {
  it('is the smaller of the maximum and the balance, cut to the cent', () => {
    expect(maxStakeFor({ maxStake: '5000' }, '1234.567')).toBe('1234.56');
    expect(maxStakeFor({ maxStake: '5000' }, '9000.00')).toBe('5000');
    expect(maxStakeFor({ maxStake: '5000' }, '0.00')).toBe('5000');
    expect(maxStakeFor({ maxStake: '5000' }, undefined)).toBe('5000');
  });

  it('never rounds up', () => {
    expect(truncateDecimal('12.349', 2)).toBe('12.34');
    expect(truncateDecimal('12.10', 2)).toBe('12.1');
    expect(truncateDecimal('12', 2)).toBe('12');
  });
});

describe('outcomeAt', () => {
  it('a call wins above the entry, a put below it, equal is a draw', () => {
    expect(outcomeAt('call', '100.00', '100.01')).toBe('winning');
    expect(outcomeAt('call', '100.00', '99.99')).toBe('losing');
    expect(outcomeAt('put', '100.00', '99.99')).toBe('winning');
    expect(outcomeAt('put', '100.00', '100.01')).toBe('losing');
    expect(outcomeAt('call', '100.00', '100')).toBe('draw');
    expect(outcomeAt('put', '100.00', '100.0')).toBe('draw');
  });
});

describe('countdown', () => {
  it("counts on the server's clock", () => {
    expect(remainingMs(31_000, 10_000)).toBe(21_000);
    expect(remainingMs(31_000, 10_000, 2_000)).toBe(19_000);
    expect(remainingMs(31_000, 40_000)).toBe(0);
  });

  it('reads mm:ss, rounding up to the next second', () => {
    expect(formatCountdown(27_000)).toBe('00:27');
    expect(formatCountdown(26_100)).toBe('00:27');
    expect(formatCountdown(200)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(179_500)).toBe('03:00');
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
  });

  it('gives the share of the period left', () => {
    expect(remainingShare({ seconds: 30 }, 15_000)).toBe(0.5);
    expect(remainingShare({ seconds: 30 }, 45_000)).toBe(1);
    expect(remainingShare({ seconds: 30 }, 0)).toBe(0);
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
    expect(profitDirection('80.00')).toBe('up');
    expect(profitDirection('-100.00')).toBe('down');
    expect(profitDirection('0.00')).toBe('flat');
    expect(profitDirection(null)).toBe('flat');
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
