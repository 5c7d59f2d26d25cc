import { formatSigned, isolateLtr } from '@/lib/format';
import type { FactRow } from '@/shared/sheet';
import { FactList } from '@/shared/sheet';
import type { FollowPlan } from '@nexa/contract';
import { signOf } from '@nexa/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CopyRow } from '../hooks/use-copy';
import { PlanHead, PlanPill, StatePill, usdt, usePlanPrice, when } from './plan-bits';

/** A card of the copy lists: the plan's head, its title, facts, and what can be done (`children`). */
function Card({
  plan,
  side,
  rows,
  testId,
  onOpen,
  linked = false,
  children,
}: {
  plan: FollowPlan;
  side: ReactNode;
  rows: readonly (FactRow | false | null)[];
  testId: string;
  onOpen?: () => void;
  /** The plan a message's link opened: outlined, so it is found at a glance. */
  linked?: boolean;
  children?: ReactNode;
}) {
  const body = (
    <>
      <PlanHead plan={plan} side={side} />
      <p className="copy-card__title">{plan.title}</p>
      <FactList rows={rows} className="fact-grid copy-card__facts" />
    </>
  );
  return (
    <article
      className={`copy-card${linked ? ' copy-card--linked' : ''}`}
      data-testid={testId}
      data-id={plan.id}
      data-linked={linked || undefined}
    >
      {onOpen ? (
        <button type="button" className="copy-card__open" onClick={onOpen}>
          {body}
        </button>
      ) : (
        body
      )}
      {children ? <div className="copy-card__actions">{children}</div> : null}
    </article>
  );
}

/** The result figures of a settled copy: payout, profit share paid, net profit. */
function useResultRows(record: CopyRow): (FactRow | false)[] {
  const { t } = useTranslation();
  return [
    record.payout !== null && { label: t('copy.fact.payout'), value: usdt(record.payout), testId: 'copy-row-payout' },
    record.profitShare !== null && {
      label: t('copy.fact.sharePaid'),
      value: usdt(record.profitShare),
      testId: 'copy-row-share-paid',
    },
    record.profit !== null && {
      label: t('copy.fact.profit'),
      // In USDT like every other amount of the card.
      value: isolateLtr(`${formatSigned(record.profit)} USDT`),
      valueClassName: `tone--${signOf(record.profit) > 0 ? 'up' : signOf(record.profit) < 0 ? 'down' : 'flat'}`,
      testId: 'copy-row-profit',
    },
  ];
}

/** An invitation (Invited me): my state, the stake held or what confirming would hold, the order time. */
export function InvitedRow({ record, onOpen, linked }: { record: CopyRow; onOpen: () => void; linked?: boolean }) {
  const { t } = useTranslation();
  const results = useResultRows(record);
  const rows: (FactRow | false | null)[] = [
    { label: t('copy.fact.leader'), value: record.plan.leader.nickname },
    { label: t('copy.fact.orderTime'), value: when(record.plan.orderTime) },
    record.stake !== null
      ? { label: t('copy.fact.stake'), value: usdt(record.stake), testId: 'copy-row-stake' }
      : { label: t('copy.fact.quote'), value: usdt(record.quote), testId: 'copy-row-quote' },
    { label: t('copy.fact.share'), value: isolateLtr(`${record.plan.profitSharePct}%`) },
    ...results,
  ];
  return (
    <Card
      plan={record.plan}
      side={<StatePill state={record.state} testId="copy-row-state" />}
      rows={rows}
      testId="copy-invited-row"
      onOpen={onOpen}
      linked={linked}
    />
  );
}

/** A copy of the copy history: stake, result, payout, profit share paid. */
export function CopyHistoryRow({ record, onOpen, linked }: { record: CopyRow; onOpen: () => void; linked?: boolean }) {
  const { t } = useTranslation();
  const results = useResultRows(record);
  const priceOf = usePlanPrice();
  const rows: (FactRow | false | null)[] = [
    { label: t('copy.fact.leader'), value: record.plan.leader.nickname },
    { label: t('copy.fact.stake'), value: usdt(record.stake), testId: 'copy-row-stake' },
    record.plan.entry && {
      label: t('copy.fact.entry'),
      value: priceOf(record.plan, record.plan.entry.price),
      testId: 'copy-row-entry',
    },
    ...results,
    record.auto && { label: t('copy.fact.how'), value: t('copy.auto') },
    { label: t('copy.fact.orderTime'), value: when(record.plan.orderTime) },
  ];
  return (
    <Card
      plan={record.plan}
      side={<StatePill state={record.state} testId="copy-row-state" />}
      rows={rows}
      testId="copy-history-row"
      onOpen={onOpen}
      linked={linked}
    />
  );
}

/** A published plan (publish history): followers, the leader's and the total order amount, the result. */
export function PublishedRow({ plan, linked, children }: { plan: FollowPlan; linked?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const priceOf = usePlanPrice();
  const rows: (FactRow | false | null)[] = [
    { label: t('copy.fact.orderTime'), value: when(plan.orderTime) },
    { label: t('copy.fact.followers'), value: `${plan.followers} / ${plan.invitees}`, testId: 'copy-row-followers' },
    { label: t('copy.fact.leaderAmount'), value: usdt(plan.amount) },
    { label: t('copy.fact.totalAmount'), value: usdt(plan.totalOrderAmount), testId: 'copy-row-total' },
    plan.entry && { label: t('copy.fact.entry'), value: priceOf(plan, plan.entry.price), testId: 'copy-row-entry' },
    { label: t('copy.fact.published'), value: when(plan.createdAt) },
  ];
  return (
    <Card
      plan={plan}
      side={<PlanPill plan={plan} testId="copy-row-status" />}
      rows={rows}
      testId="copy-published-row"
      linked={linked}
    >
      {children}
    </Card>
  );
}
