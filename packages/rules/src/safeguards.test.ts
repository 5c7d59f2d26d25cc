import { LIMIT_RAISE_DELAY_MS } from '@nexa/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from './money.js';
import {
  NO_LIMIT,
  type WindowUsage,
  breachedLimit,
  breakEnd,
  changeLimit,
  limitInForce,
  limitWindow,
  usedOf,
} from './safeguards.js';

const T = Date.UTC(2026, 10, 23, 15, 30);
const HOUR = 60 * 60 * 1000;
const usage = (staked: string, settledLoss = '0', atRisk = '0'): WindowUsage => ({
  staked: money(staked),
  settledLoss: money(settledLoss),
  atRisk: money(atRisk),
});

describe('changing a limit', () => {
  it('sets a first limit and lowers one at once', () => {
    const first = changeLimit(NO_LIMIT, '500', T);
    expect(limitInForce(first, T)).toBe('500');
    const lower = changeLimit(first, '200', T + HOUR);
    expect(lower).toMatchObject({ amount: '200', pendingSet: false });
  });

  it('raises or removes one only after 24 h', () => {
    const s = changeLimit(NO_LIMIT, '500', T);
    for (const next of ['800', null]) {
      const raised = changeLimit(s, next, T);
      expect(limitInForce(raised, T + LIMIT_RAISE_DELAY_MS - 1)).toBe('500');
      expect(limitInForce(raised, T + LIMIT_RAISE_DELAY_MS)).toBe(next);
    }
  });

  it('drops a waiting raise when lowered or set back to what is in force', () => {
    const waiting = changeLimit(changeLimit(NO_LIMIT, '500', T), '900', T);
    expect(changeLimit(waiting, '500.00', T + HOUR)).toMatchObject({ amount: '500', pendingSet: false });
    expect(changeLimit(waiting, '100', T + HOUR)).toMatchObject({ amount: '100', pendingSet: false });
  });

  it('never loosens what is in force before 24 h have passed, whatever the sequence of changes', () => {
    const amount = fc.option(fc.integer({ min: 1, max: 1000 }).map(String), { nil: null });
    const step = fc.tuple(amount, fc.integer({ min: 0, max: 30 * HOUR }));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
        let s = NO_LIMIT;
        let now = T;
        // The strictest figure asked for in the last 24 h is a floor on what may be in force.
        const asked: { at: number; amount: string | null }[] = [];
        for (const [a, wait] of steps) {
          now += wait;
          s = changeLimit(s, a, now);
          asked.push({ at: now, amount: a });
          const inForce = limitInForce(s, now);
          const recentStrictest = asked
            .filter((x) => x.at > now - LIMIT_RAISE_DELAY_MS && x.amount !== null)
            .map((x) => money(x.amount as string))
            .reduce<ReturnType<typeof money> | null>((m, v) => (m === null || v.lt(m) ? v : m), null);
          if (recentStrictest) expect(inForce !== null && money(inForce).lte(recentStrictest)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('windows', () => {
  it('are the UTC day and the UTC calendar month', () => {
    expect(limitWindow('dailyStake', T)).toEqual({ from: Date.UTC(2026, 10, 23), to: Date.UTC(2026, 10, 24) });
    expect(limitWindow('monthlyLoss', T)).toEqual({ from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 11, 1) });
    expect(limitWindow('monthlyStake', Date.UTC(2026, 11, 31, 23)).to).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('an order against the limits', () => {
  it('counts stakes for stake limits, and settled net loss plus stakes at risk for loss limits', () => {
    expect(usedOf('dailyStake', usage('300', '50', '100')).toFixed()).toBe('300');
    expect(usedOf('dailyLoss', usage('300', '50', '100')).toFixed()).toBe('150');
    // A day in profit does not lend room beyond the stakes at risk.
    expect(usedOf('monthlyLoss', usage('300', '-500', '100')).toFixed()).toBe('100');
  });

  it('names the first limit the order would pass, and lets an order that lands exactly on it through', () => {
    const u = () => usage('400', '0', '0');
    expect(breachedLimit({ dailyStake: '500' }, u, money('100'))).toBeNull();
    expect(breachedLimit({ dailyStake: '500' }, u, money('100.01'))).toMatchObject({ kind: 'dailyStake' });
    expect(breachedLimit({ dailyStake: null, monthlyLoss: '50' }, u, money('60'))).toMatchObject({
      kind: 'monthlyLoss',
      limit: '50',
    });
    expect(breachedLimit({}, u, money('1000000'))).toBeNull();
  });
});

describe('breaks', () => {
  it('end after whole days, or on the same day of a later month (its last day when shorter)', () => {
    expect(breakEnd('coolOff', 7, T)).toBe(T + 7 * 24 * HOUR);
    expect(breakEnd('selfExclusion', 6, T)).toBe(Date.UTC(2027, 4, 23, 15, 30));
    expect(breakEnd('selfExclusion', 1 + 5, Date.UTC(2026, 7, 31))).toBe(Date.UTC(2027, 1, 28));
  });
});
