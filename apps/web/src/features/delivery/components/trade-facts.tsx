import { Figure } from '@/components/ui/figure';
import { formatAmount, formatDecimal } from '@/lib/format';
import { FactList } from '@/shared/sheet';
import { TransferLink, Usdt } from '@/shared/trading-bits';
import type { DeliveryPeriod } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { serverOffsetMs, useNow } from '../hooks/server-clock';
import { FUTURES_PATHS } from '../paths';

/** When an order placed now would settle (spec §2 order deadline): now plus the period, on the server's clock. */
function SettlesAt({ seconds }: { seconds: number }) {
  const now = useNow(1000) + serverOffsetMs();
  return (
    <Figure testId="futures-settles-at">
      {new Date(now + seconds * 1000).toLocaleTimeString(undefined, { hour12: false })}
    </Figure>
  );
}

/**
 * The delivery wallet's available balance (with a transfer in), the expected profit, the stake bounds and when an
 * order placed now would settle, ticking with the clock.
 */
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
  const balance = available !== undefined ? formatDecimal(available) : balanceError ? '--' : '…';
  const rows = [
    {
      label: t('delivery.available'),
      value: (
        <>
          <Usdt testId="futures-available">{balance}</Usdt>
          <TransferLink
            to={`${FUTURES_PATHS.fundTransfer}?from=spot&to=delivery`}
            className="trade-facts__transfer"
            label={t('delivery.transfer')}
            testId="futures-transfer"
          />
        </>
      ),
    },
    {
      label: t('delivery.expected'),
      value: <Usdt testId="futures-expected">{profit ? `+${formatAmount(profit)}` : '--'}</Usdt>,
      valueClassName: profit ? 'tone-up' : undefined,
    },
    period !== undefined && {
      label: t('delivery.settlesAt'),
      value: <SettlesAt seconds={period.seconds} />,
    },
    period !== undefined && {
      label: t('delivery.perOrder'),
      value: <Usdt>{`${formatDecimal(period.minStake)} – ${formatDecimal(period.maxStake)}`}</Usdt>,
      className: 'trade-facts__hint',
      testId: 'futures-bounds',
    },
  ];
  return <FactList className="fact-list trade-facts" rows={rows} />;
}
