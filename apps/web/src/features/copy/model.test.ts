import type { CopyRecord, DeliveryPeriod, FollowPlan } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import {
  type PlanForm,
  addInvitee,
  canCancelPlan,
  canConfirm,
  canWithdraw,
  orderTimeWindow,
  parseUid,
  planLabel,
  serverPlanErrors,
  validatePlan,
} from './model';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const PERIOD: DeliveryPeriod = { seconds: 30, yield: '0.8', minStake: '10', maxStake: '10000' };

const form = (over: Partial<PlanForm> = {}): PlanForm => ({
  title: 'BTC up',
  symbol: 'BTCUSDT',
  direction: 'call',
  seconds: 30,
  orderTime: NOW + 120_000,
  conditionType: 'fixed',
  value: '100',
  min: '',
  max: '',
  amount: '100',
  profitSharePct: '10',
  invitees: [],
  ...over,
});

const plan = (over: Partial<FollowPlan> = {}): FollowPlan => ({
  id: '1',
  leader: { uid: 7, nickname: 'a***@example.com' },
  mode: 'demo',
  title: 'BTC up',
  symbol: 'BTCUSDT',
  direction: 'call',
  seconds: 30,
  orderTime: NOW + 120_000,
  condition: { type: 'fixed', value: '100', min: null, max: null },
  amount: '100.00',
  profitSharePct: '10',
  status: 'open',
  result: null,
  refundReason: null,
  entry: null,
  exit: null,
  invitees: 1,
  followers: 0,
  followersAmount: '0.00',
  totalOrderAmount: '100.00',
  orderId: null,
  createdAt: NOW,
  ...over,
});

const record = (over: Partial<CopyRecord> = {}): CopyRecord => ({
  plan: plan(),
  state: 'invited',
  stake: null,
  quote: '100.00',
  wallet: 'copy',
  payout: null,
  profit: null,
  profitShare: null,
  refundReason: null,
  auto: false,
  orderId: null,
  invitedAt: NOW,
  confirmedAt: null,
  ...over,
});

describe('validatePlan', () => {
  const check = (over: Partial<PlanForm>, period: DeliveryPeriod | null = PERIOD) =>
    validatePlan(form(over), NOW, period ?? undefined, '10');

  it('accepts a complete plan', () => {
    expect(check({})).toEqual({});
  });

  it('names each missing field', () => {
    expect(check({ title: ' ', symbol: undefined, orderTime: undefined, value: '', amount: '' }, null)).toEqual({
      title: 'required',
      symbol: 'required',
      seconds: 'required',
      orderTime: 'required',
      value: 'required',
      amount: 'required',
    });
  });

  it('keeps the order time between 60 s and 7 days ahead', () => {
    expect(check({ orderTime: NOW + 59_999 }).orderTime).toBe('tooSoon');
    expect(check({ orderTime: NOW + 60_000 }).orderTime).toBeUndefined();
    expect(check({ orderTime: NOW + 7 * 86_400_000 }).orderTime).toBeUndefined();
    expect(check({ orderTime: NOW + 7 * 86_400_000 + 1 }).orderTime).toBe('tooLate');
  });

  it('checks the condition: a percentage in (0, 100], min not above max', () => {
    expect(check({ conditionType: 'percent', value: '0' }).value).toBe('percentRange');
    expect(check({ conditionType: 'percent', value: '100.01' }).value).toBe('percentRange');
    expect(check({ conditionType: 'percent', value: '100' }).value).toBeUndefined();
    expect(check({ conditionType: 'fixed', value: '0' }).value).toBe('invalid');
    expect(check({ min: '50', max: '40' }).max).toBe('minAboveMax');
    expect(check({ value: '40', min: '40', max: '40' })).toEqual({});
    expect(check({ min: 'x' }).min).toBe('invalid');
  });

  it('keeps a fixed amount per follower within its own min and max (a percentage is kept within them instead)', () => {
    // The reviewer's case: min 100 with 50 per follower was accepted; only min > max was flagged.
    expect(check({ value: '50', min: '100' })).toEqual({ value: 'belowMin' });
    expect(check({ value: '50', min: '100', max: '200' })).toEqual({ value: 'belowMin' });
    expect(check({ value: '200.01', max: '200' })).toEqual({ value: 'aboveMax' });
    expect(check({ value: '100', min: '100', max: '200' })).toEqual({});
    expect(check({ value: '200', min: '100', max: '200' })).toEqual({});
    expect(check({ conditionType: 'percent', value: '5', min: '100', max: '200' })).toEqual({});
    // A bound that is not an amount is named itself, not compared.
    expect(check({ value: '50', min: 'x' })).toEqual({ min: 'invalid' });
  });

  it('keeps the profit share within 0 and the cap', () => {
    expect(check({ profitSharePct: '0' }).share).toBeUndefined();
    expect(check({ profitSharePct: '' }).share).toBeUndefined();
    expect(check({ profitSharePct: '10.01' }).share).toBe('shareRange');
  });
});

describe('serverPlanErrors', () => {
  it("puts each field the server refused under the form's field, in the form's words", () => {
    const fields = [
      { field: 'condition.value', reason: 'invalid' as const },
      { field: 'condition.max', reason: 'invalid' as const },
      { field: 'profitSharePct', reason: 'invalid' as const },
      { field: 'title', reason: 'required' as const },
      { field: 'invitees', reason: 'invalid' as const },
      { field: 'requestId', reason: 'required' as const },
    ];
    expect(serverPlanErrors(fields, NOW + 120_000, NOW)).toEqual({
      value: 'invalid',
      max: 'invalid',
      share: 'shareRange',
      title: 'required',
    });
  });
  it('reads a refused order time as too soon or too late by where it lies', () => {
    const field = [{ field: 'orderTime', reason: 'invalid' as const }];
    expect(serverPlanErrors(field, NOW + 60_500, NOW)).toEqual({ orderTime: 'tooSoon' });
    expect(serverPlanErrors(field, NOW + 7 * 86_400_000, NOW)).toEqual({ orderTime: 'tooLate' });
  });
});

describe('what a user may do and when', () => {
  it('confirms an open invitation before the order time, never after', () => {
    expect(canConfirm(record(), NOW)).toBe(true);
    expect(canConfirm(record({ state: 'withdrawn' }), NOW)).toBe(true);
    expect(canConfirm(record(), NOW + 120_000)).toBe(false);
    expect(canConfirm(record({ state: 'confirmed', stake: '100.00' }), NOW)).toBe(false);
    expect(canConfirm(record({ plan: plan({ status: 'cancelled' }) }), NOW)).toBe(false);
  });

  it('withdraws a confirmation only before the order time', () => {
    const confirmed = record({ state: 'confirmed', stake: '100.00' });
    expect(canWithdraw(confirmed, NOW)).toBe(true);
    expect(canWithdraw(confirmed, NOW + 120_000)).toBe(false);
    expect(canWithdraw(record(), NOW)).toBe(false);
  });

  it('cancels an open plan only before its order time', () => {
    expect(canCancelPlan(plan(), NOW)).toBe(true);
    expect(canCancelPlan(plan(), NOW + 120_000)).toBe(false);
    expect(canCancelPlan(plan({ status: 'placed' }), NOW)).toBe(false);
  });
});

describe('small helpers', () => {
  it('labels a settled plan by its result, else by its status', () => {
    expect(planLabel(plan({ status: 'settled', result: 'won' }))).toBe('copy.result.won');
    expect(planLabel(plan({ status: 'placed', result: 'lost' }))).toBe('copy.result.lost');
    expect(planLabel(plan({ status: 'placed' }))).toBe('copy.planStatus.placed');
  });

  it('parses a uid and adds an invitee once', () => {
    expect(parseUid(' 123 ')).toBe(123);
    expect(parseUid('0')).toBeNull();
    expect(parseUid('12a')).toBeNull();
    const u = { uid: 5, nickname: 'b***' };
    expect(addInvitee(addInvitee([], u), u)).toEqual([u]);
  });

  it('offers order times from 2 minutes to 7 days ahead', () => {
    expect(orderTimeWindow(NOW)).toEqual({ min: NOW + 120_000, max: NOW + 7 * 86_400_000 });
  });
});
