import { ErrorState } from '@/components/ui/error-state';
import { Figure } from '@/components/ui/figure';
import { signOf } from '@/lib/decimal';
import { formatDecimal, formatSigned } from '@/lib/format';
import type { PropertyData } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DenominationInfo } from '../hooks/use-wallet-queries';
import { withSymbol } from '../model';
import { EyeToggle } from './eye-toggle';

/** Total assets in the chosen denomination with the USDT figure beneath, today's earnings, and the eye. */
export function TotalCard({
  data,
  denomination,
  hidden,
  onToggleHidden,
  loading,
  failed,
  onRetry,
}: {
  data: PropertyData | undefined;
  denomination: DenominationInfo;
  hidden: boolean;
  onToggleHidden: () => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const earningsSign = data ? signOf(data.todayEarnings) : 0;
  return (
    <section className="hero-surface total-card" aria-live="polite" aria-busy={loading}>
      <header className="total-card__label">
        <span>
          {t('assets.totalAssets')} ({denomination.code})
        </span>
        <EyeToggle hidden={hidden} onToggle={onToggleHidden} testId="assets-eye" />
      </header>
      {data && !loading ? (
        <>
          <p className="total-card__total">
            <Figure hidden={hidden} testId="assets-total">
              {withSymbol(denomination.symbol, formatDecimal(data.total))}
            </Figure>
          </p>
          <p className="total-card__usdt">
            ≈{' '}
            <Figure hidden={hidden} testId="assets-total-usdt">
              {formatDecimal(data.totalUsdt)}
            </Figure>{' '}
            USDT
          </p>
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
        </>
      ) : failed && !loading ? (
        <ErrorState onRetry={onRetry} testId="assets-error" />
      ) : (
        <div className="total-card__skeleton" role="status">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      )}
    </section>
  );
}
