import type { StatusTone } from '@/components/ui/status-pill';
import {
  COPY_ORDER_TIME,
  type CopyRecord,
  type DeliveryPeriod,
  type Direction,
  type FieldError,
  type FollowPlan,
  type FollowState,
  type PlanStatus,
  type PublicUser,
} from '@nexa/contract';
import { compareDecimal, conditionProblems, isPositiveAmount } from '@nexa/rules';

/** The colour of an invitee's state: waiting, held, open, won, lost or money back. */
export const STATE_TONE: Record<FollowState, StatusTone> = {
  invited: 'accent',
  confirmed: 'warning',
  withdrawn: 'neutral',
  placed: 'warning',
  won: 'up',
  lost: 'danger',
  draw: 'neutral',
  refunded: 'neutral',
  expired: 'neutral',
  cancelled: 'neutral',
};

/** A plan's colour: its result once settled, else where it stands. */
export function planTone(plan: FollowPlan): StatusTone {
  if (plan.result === 'won') return 'up';
  if (plan.result === 'lost') return 'danger';
  if (plan.status === 'open') return 'accent';
  if (plan.status === 'placed') return 'warning';
  return 'neutral';
}

/** The label key of a plan's state: the leader's order's result once settled, else the plan's status. */
export function planLabel(
  plan: FollowPlan,
): `copy.result.${NonNullable<FollowPlan['result']>}` | `copy.planStatus.${PlanStatus}` {
  return plan.result ? `copy.result.${plan.result}` : `copy.planStatus.${plan.status}`;
}

/** A follower may withdraw a confirmation until the order time. */
export function canWithdraw(record: CopyRecord, now: number): boolean {
  return record.state === 'confirmed' && record.plan.status === 'open' && now < record.plan.orderTime;
}

/** An invitation may be confirmed while only invited (or withdrawn) and the plan is open before its order time. */
export function canConfirm(record: CopyRecord, now: number): boolean {
  return (
    (record.state === 'invited' || record.state === 'withdrawn') &&
    record.plan.status === 'open' &&
    now < record.plan.orderTime &&
    record.quote !== null
  );
}

/** The leader may cancel an open plan until its order time. */
export function canCancelPlan(plan: FollowPlan, now: number): boolean {
  return plan.status === 'open' && now < plan.orderTime;
}

/** The order times the picker offers: from 60 s (plus a margin for filling in the form) to 7 days ahead. */
export function orderTimeWindow(now: number, marginMs = 60_000): { min: number; max: number } {
  return { min: now + COPY_ORDER_TIME.minAheadMs + marginMs, max: now + COPY_ORDER_TIME.maxAheadMs };
}

export interface PlanForm {
  title: string;
  symbol: string | undefined;
  direction: Direction;
  seconds: number | undefined;
  orderTime: number | undefined;
  conditionType: 'fixed' | 'percent';
  value: string;
  min: string;
  max: string;
  amount: string;
  profitSharePct: string;
  invitees: PublicUser[];
}

export type PlanField = 'title' | 'symbol' | 'seconds' | 'orderTime' | 'value' | 'min' | 'max' | 'amount' | 'share';

/** Keys under `copy.errors`. */
export type PlanError =
  | 'required'
  | 'invalid'
  | 'tooSoon'
  | 'tooLate'
  | 'minAboveMax'
  | 'belowMin'
  | 'aboveMax'
  | 'percentRange'
  | 'shareRange';

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

function checkOrderTime(orderTime: number | undefined, now: number): PlanError | null {
  if (orderTime === undefined) return 'required';
  if (orderTime < now + COPY_ORDER_TIME.minAheadMs) return 'tooSoon';
  if (orderTime > now + COPY_ORDER_TIME.maxAheadMs) return 'tooLate';
  return null;
}

function checkCondition(form: PlanForm): Partial<Record<PlanField, PlanError>> {
  const errors: Partial<Record<PlanField, PlanError>> = {};
  if (form.value.trim() === '') errors.value = 'required';
  else if (form.conditionType === 'fixed' && !isPositiveAmount(form.value)) errors.value = 'invalid';
  else if (form.conditionType === 'percent' && !(PERCENT.test(form.value) && inPercentRange(form.value, false))) {
    errors.value = 'percentRange';
  }
  if (form.min !== '' && !isPositiveAmount(form.min)) errors.min = 'invalid';
  if (form.max !== '' && !isPositiveAmount(form.max)) errors.max = 'invalid';
  if (errors.value || errors.min || errors.max) return errors;
  // How the fields relate (min ≤ max, a fixed amount within them): the rule the server applies.
  const c = { type: form.conditionType, value: form.value, min: form.min || null, max: form.max || null };
  for (const p of conditionProblems(c)) errors[p.field] ??= p.why;
  return errors;
}

/** A percentage in (0, 100], or [0, cap] when zero is allowed. */
function inPercentRange(value: string, zeroOk: boolean, cap = '100'): boolean {
  const sign = compareDecimal(value, '0');
  return (zeroOk ? sign >= 0 : sign > 0) && compareDecimal(value, cap) <= 0;
}

/**
 * What is wrong with a plan before it is sent (the server checks it all again): each field's first problem.
 * `period` is the chosen purchase duration of the product (its stake bounds apply to the leader's own stake);
 * `shareCap` the most profit share operators allow.
 */
export function validatePlan(
  form: PlanForm,
  now: number,
  period: DeliveryPeriod | undefined,
  shareCap: string,
): Partial<Record<PlanField, PlanError>> {
  const errors: Partial<Record<PlanField, PlanError>> = {};
  if (form.title.trim() === '') errors.title = 'required';
  if (!form.symbol) errors.symbol = 'required';
  if (form.seconds === undefined || !period) errors.seconds = 'required';
  const time = checkOrderTime(form.orderTime, now);
  if (time) errors.orderTime = time;
  Object.assign(errors, checkCondition(form));
  if (form.amount === '') errors.amount = 'required';
  else if (!isPositiveAmount(form.amount)) errors.amount = 'invalid';
  if (
    form.profitSharePct !== '' &&
    !(PERCENT.test(form.profitSharePct) && inPercentRange(form.profitSharePct, true, shareCap))
  ) {
    errors.share = 'shareRange';
  }
  return errors;
}

/** The form's field of each field the server names in a 400 answer (order/createOrder's body). */
const SERVER_FIELDS: Record<string, PlanField> = {
  title: 'title',
  symbol: 'symbol',
  seconds: 'seconds',
  orderTime: 'orderTime',
  condition: 'value',
  'condition.value': 'value',
  'condition.min': 'min',
  'condition.max': 'max',
  amount: 'amount',
  profitSharePct: 'share',
};

/**
 * What the server refused, under the field it named (the server checks everything again: an operator's lower
 * profit-share cap, its own clock for the order time). Fields the form does not show are left to the toast.
 */
export function serverPlanErrors(fields: readonly FieldError[], orderTime: number | undefined, now: number) {
  const errors: Partial<Record<PlanField, PlanError>> = {};
  for (const { field, reason } of fields) {
    const name = SERVER_FIELDS[field];
    if (!name || errors[name]) continue;
    if (reason === 'required') errors[name] = 'required';
    else if (name === 'share') errors[name] = 'shareRange';
    else if (name === 'orderTime') {
      const middle = (COPY_ORDER_TIME.minAheadMs + COPY_ORDER_TIME.maxAheadMs) / 2;
      errors[name] = orderTime !== undefined && orderTime - now > middle ? 'tooLate' : 'tooSoon';
    } else errors[name] = 'invalid';
  }
  return errors;
}

/** Parses a typed uid: a positive whole number, else null. */
export function parseUid(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  const uid = Number(trimmed);
  return uid > 0 ? uid : null;
}

/** Adds an invitee once (by uid). */
export function addInvitee(list: readonly PublicUser[], user: PublicUser): PublicUser[] {
  return list.some((u) => u.uid === user.uid) ? [...list] : [...list, user];
}
