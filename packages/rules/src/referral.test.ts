import type { ReferralTable } from '@nexa/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from './money.js';
import {
  DEFAULT_REFERRAL_TABLE as T,
  maskContact,
  nextLevel,
  rebateOf,
  rebateRate,
  tableProblems,
  teamLevel,
} from './referral.js';

describe('team level', () => {
  it('is LV1 with nobody and climbs only when both thresholds are met', () => {
    expect(teamLevel(T, 0, 0)).toBe(1);
    expect(teamLevel(T, 2, 0)).toBe(1);
    expect(teamLevel(T, 3, 0)).toBe(2);
    expect(teamLevel(T, 10, 19)).toBe(2);
    expect(teamLevel(T, 10, 20)).toBe(3);
    expect(teamLevel(T, 99, 1000)).toBe(5);
    expect(teamLevel(T, 100, 300)).toBe(6);
    expect(teamLevel(T, 5000, 5000)).toBe(6);
  });

  it('never falls as counts rise', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), fc.nat(50), fc.nat(50), (d, s, dd, ds) => {
        expect(teamLevel(T, d + dd, s + ds)).toBeGreaterThanOrEqual(teamLevel(T, d, s));
      }),
    );
  });

  it('names the next level and what it takes, none at the top', () => {
    expect(nextLevel(T, 1, 0)).toEqual({ level: 2, needDirect: 3, needSecond: 0, haveDirect: 1, haveSecond: 0 });
    expect(nextLevel(T, 12, 5)).toMatchObject({ level: 3, needDirect: 10, needSecond: 20 });
    expect(nextLevel(T, 100, 300)).toBeNull();
  });
});

describe('rebates', () => {
  it('takes the fee share for perpetual and the turnover share for delivery and copy, per depth', () => {
    expect(rebateRate(T, 1, 1, 'perpetual')).toBe('0.1');
    expect(rebateRate(T, 6, 3, 'perpetual')).toBe('0.1');
    expect(rebateRate(T, 2, 2, 'delivery')).toBe('0.0007');
    expect(rebateRate(T, 3, 1, 'copy')).toBe('0.002');
    expect(() => rebateRate(T, 1, 4, 'delivery')).toThrow();
  });

  it('rounds down to the cent, the platform keeping the dust', () => {
    expect(rebateOf('1.239', '0.1').toFixed()).toBe('0.12');
    expect(rebateOf('100', '0.0005').toFixed()).toBe('0.05');
    expect(rebateOf('19.99', '0.0005').toFixed()).toBe('0');
    expect(rebateOf('123456789.99', '0.35').toFixed()).toBe('43209876.49');
  });

  it('never pays more than base × rate nor a cent less', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.integer({ min: 0, max: 1_000_000 }), (cents, ppm) => {
        const base = money(cents).div(10_000);
        const rate = money(ppm).div(1_000_000).toFixed();
        const exact = base.mul(rate);
        const r = rebateOf(base, rate);
        expect(r.lte(exact)).toBe(true);
        expect(exact.sub(r).lt('0.01')).toBe(true);
        expect(r.decimalPlaces()).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('the table', () => {
  it('accepts the defaults', () => {
    expect(tableProblems(T)).toEqual([]);
  });

  const edit = (f: (t: ReferralTable) => void): ReferralTable => {
    const copy: ReferralTable = JSON.parse(JSON.stringify(T));
    f(copy);
    return copy;
  };

  it('refuses falling thresholds, LV1 thresholds, rates rising with depth or falling with level, and sums over the cap', () => {
    expect(
      tableProblems(
        edit((t) => {
          t.levels[3]!.needDirect = 5;
        }),
      ),
    ).toContainEqual({
      field: 'levels.3.needDirect',
      reason: 'invalid',
    });
    expect(
      tableProblems(
        edit((t) => {
          t.levels[0]!.needDirect = 1;
        }),
      ),
    ).toContainEqual({
      field: 'levels.0.needDirect',
      reason: 'invalid',
    });
    expect(
      tableProblems(
        edit((t) => {
          t.levels[0]!.feeRates = ['0.1', '0.2', '0.02'];
        }),
      ),
    ).not.toEqual([]);
    expect(
      tableProblems(
        edit((t) => {
          t.levels[2]!.feeRates = ['0.11', '0.07', '0.03'];
        }),
      ),
    ).not.toEqual([]);
    expect(
      tableProblems(
        edit((t) => {
          t.levels[5]!.feeRates = ['0.6', '0.3', '0.2'];
        }),
      ),
    ).not.toEqual([]);
    expect(
      tableProblems(
        edit((t) => {
          t.levels[5]!.turnoverRates = ['0.006', '0.003', '0.002'];
        }),
      ),
    ).not.toEqual([]);
    expect(
      tableProblems(
        edit((t) => {
          t.minDeposit = '0';
        }),
      ),
    ).toContainEqual({ field: 'minDeposit', reason: 'invalid' });
    expect(
      tableProblems(
        edit((t) => {
          t.levels[1]!.level = 7;
        }),
      ),
    ).not.toEqual([]);
  });
});

describe('masking', () => {
  it('shows only the edges of an e-mail or phone', () => {
    expect(maskContact('alice@example.com', null)).toBe('al***@example.com');
    expect(maskContact('a@x.io', null)).toBe('a***@x.io');
    expect(maskContact(null, '13812345678')).toBe('138****78');
    expect(maskContact(null, null)).toBe('***');
  });
});
