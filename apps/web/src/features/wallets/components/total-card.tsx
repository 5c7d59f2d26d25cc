import { BalancesAsOf } from '@/components/ui/balances-as-of';
import { ErrorState } from '@/components/ui/error-state';
import { Figure, UnitFigure } from '@/components/ui/figure';
import type { BalanceRead } from '@/lib/balances-freshness';
import { signOf } from '@/lib/decimal';
import { formatDecimal, formatSigned } from '@/lib/format';
import type { PropertyData } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DenominationInfo } from '../hooks/use-wallet-queries';
import { withSymbol } from '../model';
import { EyeToggle } from './eye-toggle';

/** The two figures of a value card: in the chosen denomination, and the USDT it is worth. */
export interface CardValue {
  value: string;
  usdt: string;
}

/**
 * A value on the Assets screens (all assets, one wallet): the label and the eye, the value in the denomination with
 * the USDT figure beneath and `children` under them once read; an error with retry, or a skeleton meanwhile.
 */
export function ValueCard({
  label,
  denomination,
  figures,
  hidden,
  onToggleHidden,
  failed,
  onRetry,
  testIds = {},
  className = 'hero-surface total-card',
  labelClassName,
  read,
  children,
  ...section
}: {
  label: ReactNode;
  denomination: DenominationInfo;
  /** null while there is nothing to show yet (loading, or failed). */
  figures: CardValue | null;
  hidden: boolean;
  onToggleHidden: () => void;
  failed: boolean;
  onRetry: () => void;
  testIds?: { eye?: string; value?: string; usdt?: string; error?: string };
  labelClassName?: string;
  /** The read the figures come from: while they may be out of date, a line says so and from when. */
  read?: BalanceRead;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'children'>) {
  return (
    <section className={className} {...section}>
      <header className="total-card__label">
        <span className={labelClassName}>
          {label} ({denomination.code})
        </span>
        <EyeToggle hidden={hidden} onToggle={onToggleHidden} testId={testIds.eye} />
      </header>
      {figures ? (
        <>
          <p className="total-card__total">
            <Figure hidden={hidden} testId={testIds.value}>
              {withSymbol(denomination.symbol, formatDecimal(figures.value))}
            </Figure>
          </p>
          <p className="total-card__usdt">
            <UnitFigure unit="USDT" approx hidden={hidden} testId={testIds.usdt}>
              {formatDecimal(figures.usdt)}
            </UnitFigure>
          </p>
          {read ? <BalancesAsOf read={read} /> : null}
          {children}
        </>
      ) : failed ? (
        <ErrorState onRetry={onRetry} testId={testIds.error} />
      ) : (
        <div className="total-card__skeleton" role="status">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      )}
    </section>
  );
}

/** Total assets in the chosen denomination with the USDT figure beneath, today's earnings, and the eye. */
export function TotalCard({
  data,
  denomination,
  hidden,
  onToggleHidden,
  loading,
  failed,
  onRetry,
  read,
}: {
  data: PropertyData | undefined;
  denomination: DenominationInfo;
  hidden: boolean;
  onToggleHidden: () => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  read?: BalanceRead;
}) {
  const { t } = useTranslation();
  const earningsSign = data ? signOf(data.todayEarnings) : 0;
  return (
    <ValueCard
      label={t('assets.totalAssets')}
      denomination={denomination}
      figures={data && !loading ? { value: data.total, usdt: data.totalUsdt } : null}
      hidden={hidden}
      onToggleHidden={onToggleHidden}
      failed={failed && !loading}
      onRetry={onRetry}
      testIds={{ eye: 'assets-eye', value: 'assets-total', usdt: 'assets-total-usdt', error: 'assets-error' }}
      aria-live="polite"
      aria-busy={loading}
      read={read}
    >
      {data ? (
        <div className="total-card__today">
          <span>{t('assets.todayEarnings')}</span>
          <Figure
            hidden={hidden}
            className={`total-card__earnings text-${earningsSign > 0 ? 'up' : earningsSign < 0 ? 'down' : 'flat'}`}
            testId="assets-today"
          >
            {withSymbol(denomination.symbol, formatSigned(data.todayEarnings))}
          </Figure>
        </div>
      ) : null}
    </ValueCard>
  );
}
