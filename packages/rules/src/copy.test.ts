import { describe, expect, it } from 'vitest';
import {
  type CopyLimits,
  type SettledPlan,
  conditionProblems,
  copyExpectedProfit,
  copyLimitHit,
  copyNetProfit,
  copyStake,
  copyStopped,
  copyWindows,
  profitShare,
  profitShareAllowed,
  roi,
  winRate,
  windowFigures,
  worstLosingStreak,
} from './copy.js';
import { money } from './money.js';

const NONE: CopyLimits = { maxStakePerCopy: null, maxDailyStake: null, stopLossDaily: null, stopLossWeekly: null };
const usage = (stakedToday = '0', netToday = '0', netThisWeek = '0') => ({
  stakedToday: money(stakedToday),
  netToday: money(netToday),
  netThisWeek: money(netThisWeek),
});

describe('conditionProblems', () => {
  const fixed = (value: string, min: string | null, max: string | null) => ({
    type: 'fixed' as const,
    value,
    min,
    max,
  });
  it('accepts a fixed amount within its bounds, at either end, or with none', () => {
    expect(conditionProblems(fixed('50', null, null))).toEqual([]);
    expect(conditionProblems(fixed('50', '50', '100'))).toEqual([]);
    expect(conditionProblems(fixed('100', '50', '100'))).toEqual([]);
    expect(conditionProblems(fixed('75.5', '50', null))).toEqual([]);
  });
  it('names the fixed amount below the min or above the max (decimals compared exactly, not as floats)', () => {
    expect(conditionProblems(fixed('50', '100', null))).toEqual([{ field: 'value', why: 'belowMin' }]);
    expect(conditionProblems(fixed('50', '100', '200'))).toEqual([{ field: 'value', why: 'belowMin' }]);
    expect(conditionProblems(fixed('200.01', null, '200'))).toEqual([{ field: 'value', why: 'aboveMax' }]);
    expect(conditionProblems(fixed('0.30000000000000001', '0.3', null))).toEqual([]);
    expect(conditionProblems(fixed('0.29999999999999999', '0.3', null))).toEqual([{ field: 'value', why: 'belowMin' }]);
  });
  it('names the max when it is under the min, for either type; a percentage is not compared with the bounds', () => {
    expect(conditionProblems(fixed('50', '60', '40'))).toEqual([
      { field: 'max', why: 'minAboveMax' },
      { field: 'value', why: 'belowMin' },
    ]);
    expect(conditionProblems({ type: 'percent', value: '5', min: '60', max: '40' })).toEqual([
      { field: 'max', why: 'minAboveMax' },
    ]);
    expect(conditionProblems({ type: 'percent', value: '5', min: '60', max: '100' })).toEqual([]);
  });
});

describe("a copy's profit net of the share", () => {
  it('is payout − stake − share, as the copy wallet books it', () => {
    expect(copyNetProfit(money('90'), money('50'), money('4')).toFixed(2)).toBe('36.00');
    expect(copyNetProfit(money('0'), money('50'), money('0')).toFixed(2)).toBe('-50.00');
    expect(copyNetProfit(money('50'), money('50'), money('0')).toFixed(2)).toBe('0.00');
  });
  it('expects the profit of a win less the share settlement will take (rounded down, so the follower keeps the cent)', () => {
    expect(copyExpectedProfit(money('40'), '10').toFixed(2)).toBe('36.00');
    expect(copyExpectedProfit(money('0.15'), '10').toFixed(2)).toBe('0.14');
    expect(copyExpectedProfit(money('40'), '0').toFixed(2)).toBe('40.00');
  });
});

describe('copyStake', () => {
  it('takes a fixed amount as it is, within min and max', () => {
    expect(copyStake({ type: 'fixed', value: '25', min: null, max: null }, money('1')).toFixed()).toBe('25');
    expect(copyStake({ type: 'fixed', value: '25', min: '30', max: null }, money('1')).toFixed()).toBe('30');
    expect(copyStake({ type: 'fixed', value: '25', min: null, max: '20' }, money('1')).toFixed()).toBe('20');
  });
  it('takes a percentage of the wallet rounded down to the cent, then clamps it', () => {
    const c = { type: 'percent' as const, value: '12.5', min: null, max: null };
    expect(copyStake(c, money('100.07')).toFixed()).toBe('12.5');
    expect(copyStake(c, money('100.09')).toFixed()).toBe('12.51');
    expect(copyStake({ ...c, min: '20' }, money('100')).toFixed()).toBe('20');
    expect(copyStake({ ...c, max: '10' }, money('100')).toFixed()).toBe('10');
    expect(copyStake(c, money('0')).toFixed()).toBe('0');
  });
});

describe('profitShare', () => {
  it('is pct of the profit rounded down to the cent, nothing on no profit', () => {
    expect(profitShare(money('8.5'), '10').toFixed()).toBe('0.85');
    expect(profitShare(money('8.59'), '10').toFixed()).toBe('0.85');
    expect(profitShare(money('0'), '10').toFixed()).toBe('0');
    expect(profitShare(money('-5'), '10').toFixed()).toBe('0');
    expect(profitShare(money('100'), '0').toFixed()).toBe('0');
  });
  it('is allowed between 0 and the cap', () => {
    expect(profitShareAllowed('0', '10')).toBe(true);
    expect(profitShareAllowed('10', '10')).toBe(true);
    expect(profitShareAllowed('10.01', '10')).toBe(false);
  });
});

describe('copy limits', () => {
  it('refuses above the per-copy and the daily maximum', () => {
    const l = { ...NONE, maxStakePerCopy: '50', maxDailyStake: '100' };
    expect(copyLimitHit(l, usage(), money('50'))).toBeNull();
    expect(copyLimitHit(l, usage(), money('50.01'))).toBe('maxStakePerCopy');
    expect(copyLimitHit(l, usage('60'), money('40'))).toBeNull();
    expect(copyLimitHit(l, usage('60'), money('40.01'))).toBe('maxDailyStake');
  });
  it('stops after the net loss of the day or the week reaches the limit', () => {
    const l = { ...NONE, stopLossDaily: '20', stopLossWeekly: '50' };
    expect(copyStopped(l, usage('0', '-19.99', '-19.99'))).toBeNull();
    expect(copyStopped(l, usage('0', '-20', '-20'))).toBe('stopLossDaily');
    expect(copyStopped(l, usage('0', '5', '-50'))).toBe('stopLossWeekly');
    expect(copyLimitHit(l, usage('0', '30', '30'), money('1'))).toBeNull();
  });
  it('counts the day from 00:00 UTC and the week from Monday', () => {
    const wed = Date.UTC(2026, 10, 25, 13, 5); // a Wednesday
    expect(copyWindows(wed)).toEqual({ dayFrom: Date.UTC(2026, 10, 25), weekFrom: Date.UTC(2026, 10, 23) });
    const sun = Date.UTC(2026, 10, 29, 23, 59);
    expect(copyWindows(sun).weekFrom).toBe(Date.UTC(2026, 10, 23));
    const mon = Date.UTC(2026, 10, 23, 0, 0);
    expect(copyWindows(mon).weekFrom).toBe(mon);
  });
});

const plan = (result: SettledPlan['result'], stake: string, payout: string, settledAt: number): SettledPlan => ({
  result,
  stake: money(stake),
  payout: money(payout),
  settledAt,
});

describe('leader figures', () => {
  it('win rate and ROI in percent, two decimals, null without data', () => {
    expect(winRate(2, 3)).toBe('66.66');
    expect(winRate(0, 0)).toBeNull();
    expect(roi(money('-5'), money('100'))).toBe('-5.00');
    expect(roi(money('1'), money('3'))).toBe('33.33');
    expect(roi(money('0'), money('0'))).toBeNull();
  });
  it('counts only the window and leaves refunded plans out', () => {
    const plans = [
      plan('won', '100', '185', 10),
      plan('lost', '100', '0', 20),
      plan('refunded', '100', '100', 30),
      plan('draw', '50', '50', 40),
    ];
    const all = windowFigures(plans, 0);
    expect(all).toMatchObject({ settled: 3, won: 1, winRate: '33.33', roi: '-6.00' });
    expect(all.pnl.toFixed()).toBe('-15');
    expect(windowFigures(plans, 15)).toMatchObject({ settled: 2, won: 0, winRate: '0.00', roi: '-66.66' });
    expect(windowFigures(plans, 100)).toMatchObject({ settled: 0, winRate: null, roi: null });
  });
  it('finds the worst losing streak in settlement order', () => {
    const seq = (rs: SettledPlan['result'][]) => rs.map((r, i) => plan(r, '1', '0', 100 - i));
    expect(worstLosingStreak([])).toBe(0);
    // settledAt decreasing: the list is read newest first, the streak is counted oldest first.
    expect(worstLosingStreak(seq(['lost', 'lost', 'won', 'lost', 'draw', 'lost', 'lost']))).toBe(3);
    expect(worstLosingStreak(seq(['won', 'won']))).toBe(0);
  });
});
