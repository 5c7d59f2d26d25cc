import { StaleBadge, staleClass, usePriceFreshness } from '@/components/ui/stale';
import { useBackCloses } from '@/components/ui/use-back-closes';
import { formatAmount, formatRecordTime, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useProducts, useTicker } from '@/lib/use-market';
import { FactList, SheetActions, SheetHeader } from '@/shared/sheet';
import { Usdt } from '@/shared/trading-bits';
import type { DeliveryOrder } from '@nexa/contract';
import { Popup, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { serverOffsetMs, useNow } from '../hooks/server-clock';
import { useOrder } from '../hooks/use-delivery-queries';
import {
  formatCountdown,
  isFinal,
  outcomeAt,
  pricePrecision,
  profitDirection,
  remainingMs,
  remainingShare,
  statusGroup,
} from '../model';
import { DirectionTag, Figure, PeriodYield, StatusTag, pairName } from './bits';
import { SHEET_ACTIONS } from './confirm-sheet';

const RING_RADIUS = 52;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** The ring that empties as the period runs out; the remaining time in its middle. */
function CountdownRing({ share, label }: { share: number; label: string }) {
  return (
    <div className="countdown-ring">
      <svg viewBox="0 0 120 120" width="132" height="132" aria-hidden="true">
        <circle className="countdown-ring__track" cx="60" cy="60" r={RING_RADIUS} />
        <circle
          className="countdown-ring__bar"
          cx="60"
          cy="60"
          r={RING_RADIUS}
          strokeDasharray={RING_LENGTH}
          strokeDashoffset={RING_LENGTH * (1 - share)}
        />
      </svg>
      <span className="countdown-ring__time" data-testid="futures-countdown-remaining" dir="ltr">
        {label}
      </span>
    </div>
  );
}

/**
 * After buying (spec §2 countdown): the remaining time, the entry price, the live price with where the order
 * stands now, then the result with the exit price once the user event (or polling) says it settled.
 */
export function CountdownSheet({
  order: initial,
  live,
  onClose,
  onDetail,
}: {
  order: DeliveryOrder | null;
  live: boolean;
  onClose: () => void;
  onDetail: (order: DeliveryOrder) => void;
}) {
  useBackCloses(initial !== null, onClose);
  return (
    <Popup
      visible={initial !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="futures-sheet"
      destroyOnClose
    >
      {initial ? <CountdownBody initial={initial} live={live} onClose={onClose} onDetail={onDetail} /> : null}
    </Popup>
  );
}

function CountdownBody({
  initial,
  live,
  onClose,
  onDetail,
}: {
  initial: DeliveryOrder;
  live: boolean;
  onClose: () => void;
  onDetail: (order: DeliveryOrder) => void;
}) {
  const { t } = useTranslation();
  const deviceNow = useNow(250);
  const serverNow = deviceNow + serverOffsetMs();
  const query = useOrder(initial.id, live, serverNow, initial);
  const order = query.data ?? initial;
  const ticker = useTicker(order.symbol);
  const freshness = usePriceFreshness();
  const stale = staleClass(freshness);
  const products = useProducts();
  const final = isFinal(order.status);
  const left = remainingMs(order.expiresAt, serverNow);
  const entry = order.entry?.price;
  const precision = pricePrecision(order);
  const current = ticker?.price;
  const outcome = entry && current ? outcomeAt(order.direction, entry, current) : null;
  const price = (value: string | undefined, testId: string, className?: string) => (
    <Figure testId={testId} className={className}>
      {formatPrice(value, precision)}
    </Figure>
  );
  const facts = [
    { label: t('delivery.entryPrice'), value: price(entry, 'futures-entry-price') },
    final
      ? { label: t('delivery.exitPrice'), value: price(order.exit?.price, 'futures-exit-price') }
      : {
          label: t('delivery.currentPrice'),
          value: (
            <>
              {price(current, 'futures-current-price', stale.trim() || undefined)}{' '}
              <StaleBadge freshness={freshness} testId="futures-countdown-stale" />
            </>
          ),
          valueClassName: outcome ? `tone-${outcome}${stale}` : undefined,
        },
    { label: t('delivery.period'), value: <PeriodYield seconds={order.seconds} yieldRate={order.yield} /> },
    { label: t('delivery.amount'), value: <Usdt>{formatAmount(order.amount)}</Usdt> },
    !final && { label: t('delivery.expected'), value: <Usdt>+{formatAmount(order.expectedProfit)}</Usdt> },
    {
      label: final ? t('delivery.settledAt') : t('delivery.expiresAt'),
      value: <Figure>{formatRecordTime(final ? (order.settledAt ?? order.expiresAt) : order.expiresAt)}</Figure>,
    },
  ];

  return (
    <div className="countdown-sheet" data-testid="futures-countdown" data-id={order.id} data-status={order.status}>
      <SheetHeader
        title={
          <>
            <span dir="ltr">{pairName(order.symbol, products.data)}</span> <DirectionTag direction={order.direction} />
          </>
        }
        onClose={onClose}
      />

      {final ? (
        <Result order={order} />
      ) : (
        <div className="countdown-sheet__live">
          <CountdownRing share={remainingShare(order, left)} label={formatCountdown(left)} />
          {order.status === 'scheduled' ? (
            <p className="countdown-sheet__state">{t('delivery.countdown.scheduled')}</p>
          ) : left > 0 ? (
            <p
              className={`badge badge--pill outcome-pill${outcome === 'winning' ? ' tone--up' : outcome === 'losing' ? ' tone--down' : ''}${stale}`}
              data-testid="futures-outcome"
            >
              {outcome ? t(`delivery.outcome.${outcome}`) : t('delivery.countdown.waitingPrice')}
            </p>
          ) : (
            <p className="countdown-sheet__state" aria-live="polite">
              <SpinLoading color="primary" style={{ '--size': '16px' }} />
              {t('delivery.countdown.settling')}
            </p>
          )}
        </div>
      )}

      <FactList className="fact-list summary-list" rows={facts} />

      <SheetActions
        classes={SHEET_ACTIONS}
        cancel={{ label: t('delivery.viewDetail'), onClick: () => onDetail(order), testId: 'futures-countdown-detail' }}
        confirm={{
          label: final ? t('delivery.countdown.again') : t('delivery.countdown.hide'),
          tone: 'primary',
          onClick: onClose,
          testId: 'futures-countdown-close',
        }}
      />
    </div>
  );
}

/** The settled result: won with the profit, lost with the stake, or refunded. */
function Result({ order }: { order: DeliveryOrder }) {
  const { t } = useTranslation();
  const group = statusGroup(order.status);
  const tone = profitDirection(order.profit);
  const title =
    group === 'won'
      ? t('delivery.result.won')
      : group === 'lost'
        ? t('delivery.result.lost')
        : group === 'cancelled'
          ? t('delivery.result.cancelled')
          : order.status === 'draw'
            ? t('delivery.result.draw')
            : t('delivery.result.refunded');
  return (
    <div
      className={`result-card result-card--${group}`}
      data-testid="futures-result"
      data-status={order.status}
      aria-live="polite"
    >
      <span className="result-card__icon" aria-hidden="true">
        {group === 'won' ? '✓' : group === 'lost' ? '✕' : '↺'}
      </span>
      <p className="result-card__title">{title}</p>
      <p className={`result-card__profit tone-${tone}`}>
        <Figure testId="futures-result-profit">{order.profit !== null ? formatSigned(order.profit) : '--'}</Figure> USDT
      </p>
      <StatusTag status={order.status} />
      {order.status === 'refunded' ? <p className="result-card__note">{t('delivery.noExitTick')}</p> : null}
    </div>
  );
}
