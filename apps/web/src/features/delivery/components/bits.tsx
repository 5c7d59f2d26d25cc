import { Figure, ModeBadge as SharedModeBadge } from '@/shared/trading-bits';
import type { AccountMode, DeliveryOrderCopy, DeliveryStatus, Direction } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { periodLength, statusGroup, yieldPercent } from '../model';

export { Figure, pairName } from '@/shared/trading-bits';

/** "30s", "3m": a period's length in the interface language. */
export function usePeriodName() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const { value, unit } = periodLength(seconds);
    return t(`delivery.periodShort.${unit}`, { n: value });
  };
}

/** "30s · 80%". */
export function PeriodYield({ seconds, yieldRate }: { seconds: number; yieldRate: string }) {
  const name = usePeriodName();
  return (
    <>
      {name(seconds)} · <Figure>{yieldPercent(yieldRate)}%</Figure>
    </>
  );
}

/** The spec's status label (§4), coloured by group; `data-status` carries the raw status. */
export function StatusTag({ status, testId }: { status: DeliveryStatus; testId?: string }) {
  const { t } = useTranslation();
  const group = statusGroup(status);
  return (
    <span className={`status-tag status-tag--${group}`} data-status={status} data-testid={testId}>
      {t(`delivery.status.${group}`)}
    </span>
  );
}

/**
 * Why a settled order's profit is 0 while it neither won nor lost: refunded because the market had no price at its
 * expiry (no tick in the last seconds before it: the server's exit-freshness rule), or a tie. Nothing otherwise.
 */
export function RefundNote({
  status,
  className,
  testId,
}: { status: DeliveryStatus; className: string; testId?: string }) {
  const { t } = useTranslation();
  if (status !== 'refunded' && status !== 'draw') return null;
  return (
    // A span (shown as a block): a history row is a button, which holds no paragraphs.
    <span className={className} data-testid={testId} data-status={status}>
      {status === 'refunded' ? t('delivery.refundNoPrice') : t('delivery.result.draw')}
    </span>
  );
}

/** Call (rise, green) or put (fall, red). */
export function DirectionTag({ direction }: { direction: Direction }) {
  const { t } = useTranslation();
  return (
    <span className={`direction-tag direction-tag--${direction}`}>
      <span aria-hidden="true">{direction === 'call' ? '▲' : '▼'}</span>
      {direction === 'call' ? t('delivery.rise') : t('delivery.fall')}
    </span>
  );
}

/** Real or demo: everything on the tab acts on this account. */
export function ModeBadge({ mode }: { mode: AccountMode }) {
  const { t } = useTranslation();
  return <SharedModeBadge mode={mode} label={t(`delivery.mode.${mode}`)} testId="futures-mode" />;
}

/**
 * An order copy trading placed: "Copy" on a follower's copy, "Leader" on the leader's own order of the plan
 * (`data-role` carries which).
 */
export function CopyBadge({ copy, testId }: { copy: DeliveryOrderCopy; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="badge tone--accent copy-badge" data-role={copy.role} data-testid={testId}>
      {copy.role === 'follower' ? t('delivery.copy.badge') : t('delivery.copy.leaderBadge')}
    </span>
  );
}
