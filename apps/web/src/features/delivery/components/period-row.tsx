import { ErrorState } from '@/components/ui/error-state';
import type { DeliveryPeriod } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { yieldPercent } from '../model';
import { Figure, usePeriodName } from './bits';

/** The periods of the product, each with its yield: an error with a retry, placeholders, or the chips. */
export function PeriodRow({
  periods,
  loading,
  chosen,
  onChoose,
}: {
  periods: { data: DeliveryPeriod[] | undefined; isError: boolean; refetch: () => unknown };
  loading: boolean;
  chosen: DeliveryPeriod | undefined;
  onChoose: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const periodName = usePeriodName();
  if (periods.isError && !periods.data) return <ErrorState onRetry={() => void periods.refetch()} />;
  if (loading) {
    return (
      <div className="period-row" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} animated className="period-chip period-chip--skeleton" />
        ))}
      </div>
    );
  }
  return (
    <fieldset className="period-row">
      <legend className="fut-sr-only">{t('delivery.period')}</legend>
      {(periods.data ?? []).map((p) => {
        const selected = p.seconds === chosen?.seconds;
        return (
          <button
            key={p.seconds}
            type="button"
            aria-pressed={selected}
            className={`period-chip${selected ? ' period-chip--on' : ''}`}
            onClick={() => onChoose(p.seconds)}
            data-testid={`futures-period-${p.seconds}`}
          >
            <span className="period-chip__time">{periodName(p.seconds)}</span>
            <span className="period-chip__sep"> · </span>
            <Figure className="period-chip__yield">{yieldPercent(p.yield)}%</Figure>
          </button>
        );
      })}
    </fieldset>
  );
}
