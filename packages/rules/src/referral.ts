import type { LevelRule, NextLevel, RebateProduct, ReferralTable } from '@nexa/contract';
import { REBATE_BASE } from '@nexa/contract';
import { Money, money } from './money.js';

/**
 * The referral programme's rules (issue 15): a team level from the qualified subordinates, the rate it gives per
 * depth and product, and the rebate rounded down to the cent (the platform keeps the dust).
 */

/** Where the programme starts (docs/decisions.md "Referral programme"): operators change it from the console. */
export const DEFAULT_REFERRAL_TABLE: ReferralTable = {
  minDeposit: '100',
  levels: [
    {
      level: 1,
      needDirect: 0,
      needSecond: 0,
      feeRates: ['0.1', '0.05', '0.02'],
      turnoverRates: ['0.001', '0.0005', '0.0002'],
    },
    {
      level: 2,
      needDirect: 3,
      needSecond: 0,
      feeRates: ['0.15', '0.07', '0.03'],
      turnoverRates: ['0.0015', '0.0007', '0.0003'],
    },
    {
      level: 3,
      needDirect: 10,
      needSecond: 20,
      feeRates: ['0.2', '0.1', '0.05'],
      turnoverRates: ['0.002', '0.001', '0.0005'],
    },
    {
      level: 4,
      needDirect: 30,
      needSecond: 60,
      feeRates: ['0.25', '0.12', '0.06'],
      turnoverRates: ['0.0025', '0.0012', '0.0006'],
    },
    {
      level: 5,
      needDirect: 60,
      needSecond: 150,
      feeRates: ['0.3', '0.15', '0.08'],
      turnoverRates: ['0.003', '0.0015', '0.0008'],
    },
    {
      level: 6,
      needDirect: 100,
      needSecond: 300,
      feeRates: ['0.35', '0.18', '0.1'],
      turnoverRates: ['0.0035', '0.0018', '0.001'],
    },
  ],
};

/** Rebates are paid to the cent; what lies below stays with the platform. */
export const REBATE_SCALE = 2;

const byLevel = (table: ReferralTable) => [...table.levels].sort((a, b) => a.level - b.level);

/** The highest level whose both thresholds the counts reach; LV1 needs nothing. */
export function teamLevel(table: ReferralTable, qualifiedDirect: number, qualifiedSecond: number): number {
  let level = 1;
  for (const rule of byLevel(table)) {
    if (qualifiedDirect >= rule.needDirect && qualifiedSecond >= rule.needSecond) level = Math.max(level, rule.level);
  }
  return level;
}

/** The next level up and what it takes; null at the top. */
export function nextLevel(table: ReferralTable, qualifiedDirect: number, qualifiedSecond: number): NextLevel | null {
  const current = teamLevel(table, qualifiedDirect, qualifiedSecond);
  const next = byLevel(table).find((r) => r.level > current);
  if (!next) return null;
  return {
    level: next.level,
    needDirect: next.needDirect,
    needSecond: next.needSecond,
    haveDirect: qualifiedDirect,
    haveSecond: qualifiedSecond,
  };
}

/** The rate an earner of `level` gets at `depth` (1–3) on `product`. */
export function rebateRate(table: ReferralTable, level: number, depth: number, product: RebateProduct): string {
  const rule = table.levels.find((r) => r.level === level) ?? byLevel(table)[0]!;
  const rates = REBATE_BASE[product] === 'fee' ? rule.feeRates : rule.turnoverRates;
  const rate = rates[depth - 1];
  if (rate === undefined) throw new Error(`no rebate at depth ${depth}`);
  return rate;
}

/** base × rate, rounded down to the cent. */
export function rebateOf(base: Money | string, rate: string): Money {
  return money(base).mul(rate).toDecimalPlaces(REBATE_SCALE, Money.ROUND_DOWN);
}

export type TableProblem = { field: string; reason: 'invalid' };

/**
 * What makes a table unusable: levels not exactly 1–6, LV1 with a threshold, a threshold that falls as the level
 * rises, a rate that falls as the level rises or rises with depth, fee shares over the whole fee, a turnover share
 * over 1 % (a rebate must stay below the platform's revenue from the stake).
 */
export function tableProblems(table: ReferralTable): TableProblem[] {
  const problems: TableProblem[] = [];
  const levels = byLevel(table);
  const bad = (field: string) => problems.push({ field, reason: 'invalid' });
  levels.forEach((rule, i) => {
    if (rule.level !== i + 1) bad(`levels.${i}.level`);
    if (i === 0 && (rule.needDirect !== 0 || rule.needSecond !== 0)) bad('levels.0.needDirect');
    const prev: LevelRule | undefined = levels[i - 1];
    if (prev && (rule.needDirect < prev.needDirect || rule.needSecond < prev.needSecond)) {
      bad(`levels.${i}.needDirect`);
    }
    checkRates(rule.feeRates, prev?.feeRates, `levels.${i}.feeRates`, '1', bad);
    checkRates(rule.turnoverRates, prev?.turnoverRates, `levels.${i}.turnoverRates`, '0.01', bad);
  });
  if (money(table.minDeposit).lte(0)) bad('minDeposit');
  return problems;
}

function checkRates(
  rates: readonly string[],
  prev: readonly string[] | undefined,
  field: string,
  maxSum: string,
  bad: (field: string) => void,
) {
  const sum = rates.reduce((s, r) => s.add(r), money(0));
  if (sum.gt(maxSum)) bad(field);
  for (let d = 0; d < rates.length; d++) {
    if (d > 0 && money(rates[d]!).gt(rates[d - 1]!)) bad(`${field}.${d}`);
    if (prev && money(rates[d]!).lt(prev[d]!)) bad(`${field}.${d}`);
  }
}

/** An e-mail or phone as other users see it: the first two and the last two characters of the name. */
export function maskContact(email: string | null, mobile: string | null): string {
  if (email) {
    const [name = '', domain = ''] = email.split('@');
    const head = name.slice(0, Math.min(2, Math.max(1, name.length - 1)));
    return `${head}***@${domain}`;
  }
  if (mobile) return `${mobile.slice(0, 3)}****${mobile.slice(-2)}`;
  return '***';
}
