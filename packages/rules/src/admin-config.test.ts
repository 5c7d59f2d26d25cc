import { describe, expect, it } from 'vitest';
import {
  depositProblems,
  periodProblems,
  perpetualProblems,
  settingProblems,
  withdrawalProblems,
} from './admin-config.js';

const fields = (list: { field: string }[]) => list.map((p) => p.field);

describe('operator settings checks', () => {
  it('withdrawal limits: min above 0 and at most max, fee below 100 %', () => {
    expect(withdrawalProblems({ minUsd: '10', maxUsd: '10', feePercent: '99.99', dailyLimit: 1 })).toEqual([]);
    expect(fields(withdrawalProblems({ minUsd: '0', maxUsd: '5', feePercent: '1', dailyLimit: 1 }))).toEqual([
      'value.minUsd',
    ]);
    expect(fields(withdrawalProblems({ minUsd: '10', maxUsd: '9.99', feePercent: '100', dailyLimit: 1 }))).toEqual([
      'value.minUsd',
      'value.maxUsd',
      'value.feePercent',
    ]);
  });

  it('deposit options: one entry per currency and chain, minimums above 0', () => {
    const chains = [
      { chain: 'TRC20' as const, minAmount: '1' },
      { chain: 'TRC20' as const, minAmount: '0' },
    ];
    const options = [
      { currency: 'USDT' as const, chains },
      { currency: 'USDT' as const, chains: [{ chain: 'ERC20' as const, minAmount: '5' }] },
    ];
    expect(fields(depositProblems({ options, addresses: {} }))).toEqual([
      'value.options.0.chains.1.chain',
      'value.options.0.chains.1.minAmount',
      'value.options.1.currency',
    ]);
    expect(settingProblems('registration', { inviteCodeRequired: true })).toEqual([]);
    expect(fields(settingProblems('demo', { amount: '0' }))).toEqual(['value.amount']);
  });

  it('delivery periods: safe yields, ordered stakes, distinct lengths', () => {
    const ok = { seconds: 60, yield: '0.85', minStake: '10', maxStake: '100' };
    expect(periodProblems([ok, { ...ok, seconds: 120, yield: '1' }])).toEqual([]);
    expect(fields(periodProblems([{ ...ok, yield: '0' }]))).toEqual(['periods.0.yield']);
    expect(fields(periodProblems([{ ...ok, yield: '1.0001' }]))).toEqual(['periods.0.yield']);
    expect(fields(periodProblems([{ ...ok, yield: '0.12345' }]))).toEqual(['periods.0.yield']);
    expect(fields(periodProblems([{ ...ok, minStake: '101' }]))).toEqual(['periods.0.maxStake']);
    expect(fields(periodProblems([ok, ok]))).toEqual(['periods.1.seconds']);
    expect(fields(periodProblems([{ ...ok, seconds: 31 * 86_400 }]))).toEqual(['periods.0.seconds']);
  });

  it('perpetual terms: fees at the leverage cap stay below the margin', () => {
    expect(perpetualProblems({ maxLeverage: 100, contractSize: '0.01', feeRate: '0.0005' })).toEqual([]);
    expect(fields(perpetualProblems({ maxLeverage: 100, contractSize: '0.01', feeRate: '0.005' }))).toEqual([
      'maxLeverage',
    ]);
    expect(fields(perpetualProblems({ maxLeverage: 10, contractSize: '0', feeRate: '0.02' }))).toEqual([
      'contractSize',
      'feeRate',
    ]);
    expect(fields(perpetualProblems({ maxLeverage: 201, contractSize: '1', feeRate: '0' }))).toEqual(['maxLeverage']);
  });
});
