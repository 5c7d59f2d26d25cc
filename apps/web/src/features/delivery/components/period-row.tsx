import { ErrorState } from '@/components/ui/error-state';
import { Segmented } from '@/shared/trading-bits';
import type { DeliveryPeriod } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { yieldPercent } from '../model';
import { Figure, usePeriodName } from './bits';

/**
 * "10 min" on one line, its unit smaller: a chip is ~45 px wide at 320 px, where the number and the unit broke onto
 * two lines (three with the yield) in de/fr/ru/pe while their neighbours took two.
 */
function PeriodTime({ name }: { name: string }) {
  const gap = name.indexOf(' ');
  if (gap < 0) return <span className="period-chip__time">{name}</span>;
  return (
    <span className="period-chip__time">
      {name.slice(0, gap)}
      <span className="period-chip__unit">{`\u00a0${name.slice(gap + 1)}`}</span>
    </span>
  );
}

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
  const options = (periods.data ?? []).map((p) => ({
    value: p.seconds,
    label: (
      <>
        <PeriodTime name={periodName(p.seconds)} />
        <span className="period-chip__sep"> · </span>
        <Figure className="period-chip__yield">{yieldPercent(p.yield)}%</Figure>
      </>
    ),
    testId: `futures-period-${p.seconds}`,
  }));
  return (
    <Segmented
      className="period-row"
      item="period-chip"
      srOnly="fut-sr-only"
      legend={t('delivery.period')}
      value={chosen?.seconds}
      options={options}
      onChange={onChoose}
    />
  );
}
