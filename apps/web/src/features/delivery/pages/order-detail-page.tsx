import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { decimalPlaces } from '@/lib/decimal';
import { formatAmount, formatDateTime, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { ApiError } from '@/lib/request';
import { useProducts } from '@/lib/use-market';
import type { DeliveryOrder, PriceTick } from '@nexa/contract';
import { Button, Dialog, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DirectionTag, Figure, PeriodYield, StatusTag, pairName } from '../components/bits';
import '../components/delivery.css';
import { serverOffsetMs, useNow } from '../hooks/server-clock';
import { useCancelOrder, useOrder, useOrderEvents } from '../hooks/use-delivery-queries';
import { formatCountdown, isActive, profitDirection, remainingMs } from '../model';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One price tick that decides an order (ARCHITECTURE §4: price, time and source are shown to the user). */
function TickCard({
  title,
  tick,
  precision,
  empty,
  testId,
}: {
  title: string;
  tick: PriceTick | null;
  precision: number;
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="tick-card" data-testid={testId} data-price={tick?.price ?? ''}>
      <h3 className="tick-card__title">{title}</h3>
      {tick ? (
        <dl className="tick-card__facts">
          <Row label={t('delivery.tick.price')}>
            <Figure className="tick-card__price">{formatPrice(tick.price, precision)}</Figure>
          </Row>
          <Row label={t('delivery.tick.time')}>
            <Figure>{formatDateTime(tick.ts, true)}</Figure>
          </Row>
          <Row label={t('delivery.tick.source')}>
            <span dir="ltr">{tick.source}</span>
          </Row>
        </dl>
      ) : (
        <p className="tick-card__empty">{empty}</p>
      )}
    </section>
  );
}

function DetailBody({ order, serverNow }: { order: DeliveryOrder; serverNow: number }) {
  const { t } = useTranslation();
  const products = useProducts();
  const cancel = useCancelOrder();
  const precision = order.entry ? decimalPlaces(order.entry.price) : 2;
  const running = isActive(order.status);
  const left = remainingMs(order.expiresAt, serverNow);
  const tone = profitDirection(order.profit);

  const askCancel = async () => {
    const ok = await Dialog.confirm({
      content: t('delivery.cancelConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (ok) cancel.mutate(order.id);
  };

  return (
    <div className="stack">
      <section className={`detail-hero detail-hero--${tone}`}>
        <div className="detail-hero__top">
          <span className="detail-hero__pair" dir="ltr">
            {pairName(order.symbol, products.data)}
          </span>
          <DirectionTag direction={order.direction} />
          <StatusTag status={order.status} testId="order-status" />
        </div>
        {running ? (
          <p className="detail-hero__figure">
            <span className="detail-hero__label">{t('delivery.timeLeft')}</span>
            <Figure testId="order-countdown">{formatCountdown(left)}</Figure>
          </p>
        ) : (
          <p className={`detail-hero__figure tone-${tone}`}>
            <span className="detail-hero__label">{t('delivery.profit')}</span>
            <span>
              <Figure testId="order-profit">{order.profit !== null ? formatSigned(order.profit) : '--'}</Figure>{' '}
              <small>USDT</small>
            </span>
          </p>
        )}
      </section>

      <div className="tick-pair">
        <TickCard
          title={t('delivery.entryTick')}
          tick={order.entry}
          precision={precision}
          empty={t('delivery.entryPending')}
          testId="order-entry"
        />
        <TickCard
          title={t('delivery.exitTick')}
          tick={order.exit}
          precision={precision}
          empty={running ? t('delivery.exitPending') : t('delivery.noExitTick')}
          testId="order-exit"
        />
      </div>

      <dl className="fact-list summary-list summary-list--card">
        <Row label={t('delivery.orderId')}>
          <Figure>{order.id}</Figure>
        </Row>
        <Row label={t('delivery.period')}>
          <PeriodYield seconds={order.seconds} yieldRate={order.yield} />
        </Row>
        <Row label={t('delivery.amount')}>
          <Figure>{formatAmount(order.amount)}</Figure> USDT
        </Row>
        <Row label={t('delivery.expected')}>
          <Figure>+{formatAmount(order.expectedProfit)}</Figure> USDT
        </Row>
        <Row label={t('delivery.payout')}>
          <Figure testId="order-payout">{order.payout !== null ? formatAmount(order.payout) : '--'}</Figure> USDT
        </Row>
        <Row label={t('delivery.profit')}>
          <span className={`tone-${tone}`}>
            <Figure>{order.profit !== null ? formatSigned(order.profit) : '--'}</Figure>
          </span>{' '}
          USDT
        </Row>
        <Row label={t('delivery.orderTime')}>
          <Figure>{formatDateTime(order.createdAt, true)}</Figure>
        </Row>
        <Row label={t('delivery.openAt')}>
          <Figure>{formatDateTime(order.openAt, true)}</Figure>
        </Row>
        <Row label={t('delivery.expiresAt')}>
          <Figure>{formatDateTime(order.expiresAt, true)}</Figure>
        </Row>
        <Row label={t('delivery.settledAt')}>
          <Figure>{order.settledAt !== null ? formatDateTime(order.settledAt, true) : '--'}</Figure>
        </Row>
        <Row label={t('delivery.account')}>{t(`delivery.mode.${order.mode}`)}</Row>
      </dl>

      {order.status === 'scheduled' ? (
        <Button
          block
          className="danger-button"
          loading={cancel.isPending}
          onClick={() => void askCancel()}
          data-testid="order-cancel"
        >
          {t('delivery.cancelOrder')}
        </Button>
      ) : null}
    </div>
  );
}

/** An order's detail (`?id=`): entry and exit ticks, status, payout, profit and times; live while it runs. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const live = useOrderEvents();
  const serverNow = useNow(500) + serverOffsetMs();
  const query = useOrder(id, live, serverNow);
  const notFound = !id || (query.error instanceof ApiError && query.error.code === 404);

  return (
    <Page title={t('delivery.detailTitle')} back testId="order-detail" className="delivery-page-body">
      {notFound ? (
        <ErrorState title={t('delivery.notFound')} testId="order-not-found" />
      ) : query.data ? (
        <DetailBody order={query.data} serverNow={serverNow} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <div className="stack" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      )}
    </Page>
  );
}
