import {
  type CopyRecord,
  type CopyRefundReason,
  type DeliveryOrderCopy,
  type FollowPlan,
  type FollowState,
  type PublicUser,
  QUOTE_CURRENCY,
} from '@nexa/contract';
import { copyNetProfit, maskContact } from '@nexa/rules';
import { formatAmount, money } from '../../ledger/index.js';
import type { FollowRow, PlanRow, UserFace } from './repository.js';

// The copy views as pure functions of the stored rows (no database, no clock).

/** The ledger ref of a plan's leader stake and of a follower's copy stake. */
export const planRef = (planId: string) => `copy_plan:${planId}`;
export const followRef = (followId: string) => `copy_follow:${followId}`;

export const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());
const usdt = (v: string) => formatAmount(money(v), QUOTE_CURRENCY);

/** A login as others may see it: the one rule of the app (`maskContact`), as the invitation centre shows a user. */
export function maskLogin(u: Pick<UserFace, 'email' | 'mobile'>): string {
  return maskContact(u.email, u.mobile);
}

export const publicUser = (u: UserFace): PublicUser => ({ uid: Number(u.uid), nickname: maskLogin(u) });

const SETTLED = new Set(['won', 'lost', 'draw', 'refunded']);

export function toPlan(r: PlanRow, pricePrecision: number): FollowPlan {
  const price = (v: string) => money(v).toFixed(pricePrecision);
  const settled = r.orderStatus !== null && SETTLED.has(r.orderStatus);
  return {
    id: r.id,
    leader: {
      uid: Number(r.leaderUid),
      nickname: maskLogin({ email: r.leaderEmail, mobile: r.leaderMobile }),
    },
    mode: r.mode,
    title: r.title,
    symbol: r.symbol,
    direction: r.direction,
    seconds: Number(r.seconds),
    orderTime: ms(r.orderTime),
    condition: {
      type: r.condType,
      value: r.condType === 'fixed' ? usdt(r.condValue) : r.condValue,
      min: r.condMin === null ? null : usdt(r.condMin),
      max: r.condMax === null ? null : usdt(r.condMax),
    },
    amount: usdt(r.stake),
    profitSharePct: money(r.profitSharePct).toFixed(2),
    status: r.status,
    result: settled ? (r.orderStatus as FollowPlan['result']) : null,
    refundReason: (r.refundReason as CopyRefundReason | null) ?? null,
    entry: r.entryPrice === null ? null : { price: price(r.entryPrice), ts: Number(r.entryTs), source: r.entrySource! },
    exit: r.exitPrice === null ? null : { price: price(r.exitPrice), ts: Number(r.exitTs), source: r.exitSource! },
    invitees: Number(r.invitees),
    followers: Number(r.followers),
    followersAmount: usdt(r.followersAmount),
    totalOrderAmount: usdt(money(r.stake).plus(r.followersAmount).toFixed()),
    orderId: r.orderId,
    createdAt: ms(r.createdAt),
  };
}

/** The state an invitee sees: a placed copy shows its order's result once settled. */
export function followState(f: Pick<FollowRow, 'state' | 'orderStatus'>): FollowState {
  if (f.state === 'placed' && f.orderStatus !== null && SETTLED.has(f.orderStatus)) {
    return f.orderStatus as FollowState;
  }
  return f.state;
}

export function toRecord(f: FollowRow, plan: FollowPlan, quote: string | null): CopyRecord {
  const state = followState(f);
  const settled = f.orderPayout !== null && SETTLED.has(f.orderStatus ?? '');
  const share = settled ? money(f.profitShare ?? '0') : null;
  const refundReason =
    (f.refundReason as CopyRefundReason | null) ?? (state === 'refunded' && f.orderId ? 'settlementRefund' : null);
  return {
    plan,
    state,
    stake: f.stake === null || state === 'invited' || state === 'withdrawn' ? null : usdt(f.stake),
    quote: plan.status === 'open' && (state === 'invited' || state === 'withdrawn') ? quote : null,
    wallet: 'copy',
    payout: settled ? usdt(f.orderPayout!) : null,
    profit:
      settled && f.stake !== null
        ? formatAmount(copyNetProfit(money(f.orderPayout!), money(f.stake), share!), QUOTE_CURRENCY)
        : null,
    profitShare: share === null ? null : formatAmount(share, QUOTE_CURRENCY),
    refundReason,
    auto: f.auto,
    orderId: f.orderId,
    invitedAt: ms(f.invitedAt),
    confirmedAt: f.confirmedAt === null ? null : ms(f.confirmedAt),
  };
}

/** The plan a delivery order belongs to, as the order lists and details show it. */
export function toOrderCopy(
  r: UserFace & { role: 'follower' | 'leader'; planId: string; title: string; pct: string; share: string | null },
): DeliveryOrderCopy {
  return {
    role: r.role,
    planId: r.planId,
    title: r.title,
    leader: publicUser(r),
    profitSharePct: money(r.pct).toFixed(2),
    profitShare: r.share === null ? null : usdt(r.share),
  };
}
