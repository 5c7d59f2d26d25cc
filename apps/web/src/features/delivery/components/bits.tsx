import type { AccountMode, DeliveryStatus, Direction, ProductSummary } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { periodLength, statusGroup, yieldPercent } from '../model';

/** A number on screen: laid out left to right in every language, tabular digits. */
export function Figure({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span dir="ltr" className={`fut-figure${className ? ` ${className}` : ''}`} data-testid={testId}>
      {children}
    </span>
  );
}

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
  return (
    <span className={`mode-badge mode-badge--${mode}`} data-testid="futures-mode" data-mode={mode}>
      {t(`delivery.mode.${mode}`)}
    </span>
  );
}

/** "BTC/USDT" from the catalogue, or split at the quote currency when the product is not listed any more. */
export function pairName(symbol: string, products: readonly ProductSummary[] | undefined): string {
  const product = products?.find((p) => p.symbol === symbol);
  if (product) return `${product.base}/${product.quote}`;
  const quote = ['USDT', 'USDC', 'USD'].find((q) => symbol.endsWith(q) && symbol.length > q.length);
  return quote ? `${symbol.slice(0, -quote.length)}/${quote}` : symbol;
}
