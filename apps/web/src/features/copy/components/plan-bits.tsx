import { StatusPill } from '@/components/ui/status-pill';
import { formatAmount, formatDateTime, isolateLtr } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useProducts } from '@/lib/use-market';
import { FactList, type FactRow } from '@/shared/sheet';
import { pairName } from '@/shared/trading-bits';
import type { Direction, FollowPlan, FollowState } from '@nexa/contract';
import { decimalPlaces } from '@nexa/rules';
import { useTranslation } from 'react-i18next';
import { STATE_TONE, planLabel, planTone } from '../model';

/** An amount in USDT that keeps its order inside a right-to-left line. */
export const usdt = (amount: string | null | undefined) =>
  amount === null || amount === undefined ? '--' : isolateLtr(`${formatAmount(amount)} USDT`);
export const when = (ms: number) => isolateLtr(formatDateTime(ms));

/**
 * A plan's entry or exit price as every price of the app reads: the product's precision, thousands separators
 * ("64,621.93"), kept left to right in a right-to-left line.
 */
export function usePlanPrice() {
  const products = useProducts();
  return (plan: FollowPlan, price: string) => {
    const product = products.data?.find((p) => p.symbol === plan.symbol);
    return isolateLtr(formatPrice(price, product?.pricePrecision ?? decimalPlaces(price)));
  };
}

/** "30s", "3m", "1h": a purchase duration in the interface language. */
export function usePeriodName() {
  const { t } = useTranslation();
  return (seconds: number) => {
    if (seconds < 60 || seconds % 60 !== 0) return t('delivery.periodShort.s', { n: seconds });
    if (seconds < 3600 || seconds % 3600 !== 0) return t('delivery.periodShort.m', { n: seconds / 60 });
    return t('delivery.periodShort.h', { n: seconds / 3600 });
  };
}

/** Call (rise) or put (fall), with its arrow. */
export function DirectionLabel({ direction }: { direction: Direction }) {
  const { t } = useTranslation();
  return (
    <span className={`direction-tag direction-tag--${direction}`}>
      <span aria-hidden="true">{direction === 'call' ? '▲' : '▼'}</span>
      {direction === 'call' ? t('delivery.rise') : t('delivery.fall')}
    </span>
  );
}

/** An invitee's state as a coloured pill (`data-status` carries the raw state). */
export function StatePill({ state, testId }: { state: FollowState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusPill tone={STATE_TONE[state]} status={state} testId={testId}>
      {t(`copy.state.${state}`)}
    </StatusPill>
  );
}

/** A plan's status (or result once settled) as a coloured pill. */
export function PlanPill({ plan, testId }: { plan: FollowPlan; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusPill tone={planTone(plan)} status={plan.result ?? plan.status} testId={testId}>
      {t(planLabel(plan))}
    </StatusPill>
  );
}

/** The plan's followers' condition: "10.00 USDT" or "5 % of the copy wallet (min 1, max 50)". */
export function useConditionText() {
  const { t } = useTranslation();
  return (plan: FollowPlan) => {
    const c = plan.condition;
    const base = c.type === 'fixed' ? usdt(c.value) : t('copy.condition.percentOf', { pct: isolateLtr(`${c.value}%`) });
    const bounds = [
      c.min ? t('copy.condition.min', { amount: usdt(c.min) }) : null,
      c.max ? t('copy.condition.max', { amount: usdt(c.max) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
    return bounds ? `${base} (${bounds})` : base;
  };
}

/** The header of a plan card: pair, direction, duration, then `side`. */
export function PlanHead({ plan, side }: { plan: FollowPlan; side: React.ReactNode }) {
  const products = useProducts();
  const periodName = usePeriodName();
  return (
    <div className="copy-card__head">
      <span className="copy-card__pair" dir="ltr">
        {pairName(plan.symbol, products.data)}
      </span>
      <DirectionLabel direction={plan.direction} />
      <span className="copy-card__period">{periodName(plan.seconds)}</span>
      <span className="copy-card__side">{side}</span>
    </div>
  );
}

/** The facts of a plan every view shows: leader, order time, condition, profit share, stakes, entry and exit. */
export function PlanFacts({ plan, extra = [] }: { plan: FollowPlan; extra?: readonly (FactRow | false | null)[] }) {
  const { t } = useTranslation();
  const condition = useConditionText();
  const priceOf = usePlanPrice();
  const rows: (FactRow | false | null)[] = [
    { label: t('copy.fact.leader'), value: `${plan.leader.nickname} · ${isolateLtr(`UID ${plan.leader.uid}`)}` },
    { label: t('copy.fact.orderTime'), value: when(plan.orderTime), testId: 'copy-fact-order-time' },
    { label: t('copy.fact.condition'), value: condition(plan) },
    { label: t('copy.fact.share'), value: isolateLtr(`${plan.profitSharePct}%`), testId: 'copy-fact-share' },
    { label: t('copy.fact.leaderAmount'), value: usdt(plan.amount) },
    { label: t('copy.fact.followers'), value: String(plan.followers), testId: 'copy-fact-followers' },
    { label: t('copy.fact.totalAmount'), value: usdt(plan.totalOrderAmount), testId: 'copy-fact-total' },
    plan.entry && { label: t('copy.fact.entry'), value: priceOf(plan, plan.entry.price), testId: 'copy-fact-entry' },
    plan.exit && { label: t('copy.fact.exit'), value: priceOf(plan, plan.exit.price), testId: 'copy-fact-exit' },
    plan.refundReason && { label: t('copy.fact.refundReason'), value: t(`copy.refund.${plan.refundReason}`) },
    ...extra,
  ];
  return <FactList rows={rows} className="fact-list fact-list--muted copy-facts" />;
}
