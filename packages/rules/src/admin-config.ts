import {
  COPY_MAX_PROFIT_SHARE_CAP,
  type CopyTradingSettings,
  type DemoSettings,
  type DepositSettings,
  type FieldError,
  type SetPeriodsBody,
  type SettingKey,
  type SettingValues,
  type WithdrawalSettings,
} from '@nexa/contract';
import { money } from './money.js';

// What operators may set (issue 17): the checks that need more than one field or a notion of "safe", as pure
// functions. Each returns the fields at fault (empty: acceptable); the server answers 400 naming them.

/** A delivery win pays at most the stake again (4 decimals): above, a fair coin would beat the house. */
export const MAX_DELIVERY_YIELD = '1';
/** The longest delivery period: 30 days. */
export const MAX_PERIOD_SECONDS = 30 * 86_400;
/** The largest stake limit an operator may set per order. */
export const MAX_STAKE_LIMIT = '1000000000';
/** A perpetual fee rate above 1 % of notional a side is a typing error, not a price (6 decimals at most). */
export const MAX_FEE_RATE = '0.01';
/** The largest contract size (base units per lot). */
export const MAX_CONTRACT_SIZE = '1000000';

const bad = (field: string): FieldError => ({ field, reason: 'invalid' });
const positive = (v: string) => money(v).gt(0);

export function withdrawalProblems(v: WithdrawalSettings): FieldError[] {
  const out: FieldError[] = [];
  // A minimum above the maximum is the fault of the pair: both fields are named, so the form marks both.
  const inverted = money(v.maxUsd).lt(money(v.minUsd));
  if (!positive(v.minUsd) || inverted) out.push(bad('value.minUsd'));
  if (inverted) out.push(bad('value.maxUsd'));
  if (money(v.feePercent).gte(100)) out.push(bad('value.feePercent'));
  return out;
}

export function depositProblems(v: DepositSettings): FieldError[] {
  const out: FieldError[] = [];
  const currencies = new Set<string>();
  v.options.forEach((o, i) => {
    if (currencies.has(o.currency)) out.push(bad(`value.options.${i}.currency`));
    currencies.add(o.currency);
    const chains = new Set<string>();
    o.chains.forEach((c, j) => {
      if (chains.has(c.chain)) out.push(bad(`value.options.${i}.chains.${j}.chain`));
      chains.add(c.chain);
      if (!positive(c.minAmount)) out.push(bad(`value.options.${i}.chains.${j}.minAmount`));
    });
  });
  return out;
}

export function demoProblems(v: DemoSettings): FieldError[] {
  return positive(v.amount) ? [] : [bad('value.amount')];
}

/** The profit-share cap is a percent from 0 to the platform's most (10 %). */
export function copyProblems(v: CopyTradingSettings): FieldError[] {
  return money(v.profitShareCapPct).lte(COPY_MAX_PROFIT_SHARE_CAP) ? [] : [bad('value.profitShareCapPct')];
}

/** Every setting's checks beyond its schema: one entry per setting (none: the schema says it all). */
const checks: { [K in SettingKey]: (v: SettingValues[K]) => FieldError[] } = {
  withdrawal: withdrawalProblems,
  deposit: depositProblems,
  registration: () => [],
  demo: demoProblems,
  copy: copyProblems,
  appDownload: () => [],
};

export function settingProblems<K extends SettingKey>(key: K, value: SettingValues[K]): FieldError[] {
  return checks[key](value);
}

/** A product's delivery periods: distinct lengths, safe yields, sensible stake limits. */
export function periodProblems(periods: SetPeriodsBody['periods']): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<number>();
  periods.forEach((p, i) => {
    if (seen.has(p.seconds) || p.seconds > MAX_PERIOD_SECONDS) out.push(bad(`periods.${i}.seconds`));
    seen.add(p.seconds);
    const y = money(p.yield);
    if (!y.gt(0) || y.gt(MAX_DELIVERY_YIELD) || y.decimalPlaces() > 4) out.push(bad(`periods.${i}.yield`));
    if (!positive(p.minStake)) out.push(bad(`periods.${i}.minStake`));
    if (money(p.maxStake).lt(money(p.minStake)) || money(p.maxStake).gt(MAX_STAKE_LIMIT)) {
      out.push(bad(`periods.${i}.maxStake`));
    }
  });
  return out;
}

export interface ProductPerpetualTerms {
  maxLeverage: number;
  contractSize: string;
  feeRate: string;
}

/**
 * A product's perpetual terms. Beyond each value's range, the fees of opening and closing at the highest leverage
 * must stay below the margin they are charged on (2 × feeRate × maxLeverage < 1), or a position at that leverage is
 * bankrupt on opening.
 */
export function perpetualProblems(t: ProductPerpetualTerms): FieldError[] {
  const out: FieldError[] = [];
  if (!positive(t.contractSize) || money(t.contractSize).gt(MAX_CONTRACT_SIZE)) out.push(bad('contractSize'));
  if (money(t.feeRate).gt(MAX_FEE_RATE) || money(t.feeRate).decimalPlaces() > 6) out.push(bad('feeRate'));
  else if (money(t.feeRate).times(2).times(t.maxLeverage).gte(1)) out.push(bad('maxLeverage'));
  if (!Number.isInteger(t.maxLeverage) || t.maxLeverage < 1 || t.maxLeverage > 200) out.push(bad('maxLeverage'));
  return out;
}
