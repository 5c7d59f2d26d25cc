import { formatAmount, formatDecimal } from '@/lib/format';
import type { DeliveryPeriod } from '@nexa/contract';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FUTURES_PATHS } from '../paths';
import { Figure } from './bits';

/** The delivery wallet's available balance (with a transfer in), the expected profit and the stake bounds. */
export function TradeFacts({
  available,
  balanceError,
  profit,
  period,
}: {
  available: string | undefined;
  balanceError: boolean;
  profit: string | null;
  period: DeliveryPeriod | undefined;
}) {
  const { t } = useTranslation();
  return (
    <dl className="fact-list trade-facts">
      <div>
        <dt>{t('delivery.available')}</dt>
        <dd>
          <Figure testId="futures-available">
            {available !== undefined ? formatDecimal(available) : balanceError ? '--' : '…'}
          </Figure>{' '}
          USDT
          <Link
            to={`${FUTURES_PATHS.fundTransfer}?from=spot&to=delivery`}
            className="trade-facts__transfer"
            aria-label={t('delivery.transfer')}
            data-testid="futures-transfer"
          >
            <AddCircleOutline />
            <span>{t('delivery.transfer')}</span>
          </Link>
        </dd>
      </div>
      <div>
        <dt>{t('delivery.expected')}</dt>
        <dd className={profit ? 'tone-up' : undefined}>
          <Figure testId="futures-expected">{profit ? `+${formatAmount(profit)}` : '--'}</Figure> USDT
        </dd>
      </div>
      {period ? (
        <div className="trade-facts__hint" data-testid="futures-bounds">
          <dt>{t('delivery.perOrder')}</dt>
          <dd>
            <Figure>
              {formatDecimal(period.minStake)} – {formatDecimal(period.maxStake)}
            </Figure>{' '}
            USDT
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
