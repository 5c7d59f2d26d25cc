import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { formatAmount, formatDateTime, formatDecimal, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { ApiError } from '@/lib/request';
import { useProducts } from '@/lib/use-market';
import type { PerpOrder, PerpPosition, PerpTrade } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AddMarginSheet } from '../components/add-margin-sheet';
import { Figure, ModeBadge, SideTag, pairName, precisionOf } from '../components/bits';
import { CloseSheet } from '../components/close-sheet';
import { type PositionAction, PositionActions } from '../components/position-card';
import { OrderStatusTag, TradeItems } from '../components/record-rows';
import { Fact, Facts } from '../components/sheet';
import { TpSlSheet } from '../components/tpsl-sheet';
import { useMode, usePerpEvents, usePositions } from '../hooks/use-perpetual';
import { useOrderRecord, usePositionFills, useTradeRecord } from '../hooks/use-record';
import { toneOf } from '../model/perp-model';
import { type DetailKind, detailPath } from '../paths';
import '../components/perpetual.css';

function Loading() {
  return (
    <div className="perp-detail-card" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return <EmptyState title={t('perpetual.detail.notFound')} testId="perp-detail-not-found" />;
}

function Hero({
  pair,
  side,
  leverage,
  tag,
  label,
  figure,
  tone,
}: {
  pair: string;
  side: PerpPosition['side'];
  leverage?: number;
  tag?: ReactNode;
  label: string;
  figure: string;
  tone: string;
}) {
  return (
    <section className="perp-hero">
      <div className="perp-hero__top">
        <span className="perp-hero__pair" dir="ltr">
          {pair}
        </span>
        <SideTag side={side} leverage={leverage} />
        {tag ? <span className="perp-hero__tag">{tag}</span> : null}
      </div>
      <div className="perp-hero__figure">
        <span className="perp-hero__label">{label}</span>
        <Figure className={`tone-${tone}`} testId="perp-detail-figure">
          {figure}
        </Figure>
      </div>
    </section>
  );
}

/** Every fill of a position, newest first. */
function Fills({ positionId }: { positionId: string }) {
  const { t } = useTranslation();
  const products = useProducts();
  const fills = usePositionFills(positionId);
  return (
    <section className="perp-detail-card">
      <h2 className="perp-detail-card__title">{t('perpetual.detail.fills')}</h2>
      {fills.isPending ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : fills.isError ? (
        <ErrorState onRetry={() => void fills.refetch()} />
      ) : fills.data.length === 0 ? (
        <EmptyState title={t('perpetual.empty.trades')} />
      ) : (
        <TradeItems trades={fills.data} products={products.data} />
      )}
    </section>
  );
}

function PositionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const products = useProducts();
  const live = usePerpEvents();
  const positions = usePositions(live);
  const [acting, setActing] = useState<PositionAction | null>(null);
  if (positions.isPending) return <Loading />;
  if (positions.isError && !positions.data) return <ErrorState onRetry={() => void positions.refetch()} />;
  const position = positions.data.list.find((p) => p.id === id);
  if (!position) {
    return (
      <>
        <p className="callout" data-testid="perp-detail-closed">
          {t('perpetual.detail.closed')}
        </p>
        <Fills positionId={id} />
      </>
    );
  }
  const pair = pairName(position.symbol, products.data);
  const precision = precisionOf(position.symbol, products.data);
  const close = () => setActing(null);
  return (
    <>
      <Hero
        pair={pair}
        side={position.side}
        leverage={position.leverage}
        label={t('perpetual.unrealizedPnl')}
        figure={`${formatSigned(formatAmount(position.unrealizedPnl, 2, false))} USDT`}
        tone={toneOf(position.unrealizedPnl)}
      />
      <Facts className="perp-detail-card">
        <Fact label={t('perpetual.lots')}>
          <Figure>{position.quantity}</Figure>
        </Fact>
        <Fact label={t('perpetual.contractSize')}>
          <Figure>{formatDecimal(position.contractSize)}</Figure>
        </Fact>
        <Fact label={t('perpetual.entryPrice')}>
          <Figure>{formatPrice(position.entryPrice, precision)}</Figure>
        </Fact>
        <Fact label={t('perpetual.markPrice')}>
          <Figure>{formatPrice(position.markPrice, precision)}</Figure>
        </Fact>
        <Fact label={t('perpetual.margin')}>
          <Figure>{formatAmount(position.margin)}</Figure> USDT
        </Fact>
        <Fact label={t('perpetual.marginRatio')}>
          <Figure>{formatAmount(position.marginRatio)}%</Figure>
        </Fact>
        <Fact label={t('perpetual.liquidationPrice')}>
          <Figure>{formatPrice(position.liquidationPrice, precision)}</Figure>
        </Fact>
        <Fact label={t('perpetual.tpPrice')}>
          <Figure>{position.tpPrice ? formatPrice(position.tpPrice, precision) : '--'}</Figure>
        </Fact>
        <Fact label={t('perpetual.slPrice')}>
          <Figure>{position.slPrice ? formatPrice(position.slPrice, precision) : '--'}</Figure>
        </Fact>
        <Fact label={t('perpetual.openedAt')}>
          <Figure>{formatDateTime(position.openedAt, true)}</Figure>
        </Fact>
      </Facts>
      <PositionActions className="perp-detail-actions" onAction={setActing} />
      <Fills positionId={id} />
      <TpSlSheet position={acting === 'tpsl' ? position : null} pair={pair} precision={precision} onClose={close} />
      <AddMarginSheet
        position={acting === 'margin' ? position : null}
        pair={pair}
        precision={precision}
        available={positions.data.account.available}
        onClose={close}
      />
      <CloseSheet position={acting === 'close' ? position : null} pair={pair} precision={precision} onClose={close} />
    </>
  );
}

function OrderDetail({ order }: { order: PerpOrder }) {
  const { t } = useTranslation();
  const products = useProducts();
  const precision = precisionOf(order.symbol, products.data);
  return (
    <>
      <Hero
        pair={pairName(order.symbol, products.data)}
        side={order.side}
        leverage={order.leverage}
        tag={<OrderStatusTag status={order.status} />}
        label={t('perpetual.orderPrice')}
        figure={order.price ? formatPrice(order.price, precision) : t('perpetual.marketPrice')}
        tone="flat"
      />
      <Facts className="perp-detail-card">
        <Fact label={t('perpetual.detail.id')}>
          <Figure>{order.id}</Figure>
        </Fact>
        <Fact label={t('perpetual.orderType')}>
          {t(`perpetual.${order.type}`)} · {t(`perpetual.intent.${order.intent}`)}
        </Fact>
        <Fact label={t('perpetual.filledLots')}>
          <Figure>
            {order.filledQuantity}/{order.quantity}
          </Figure>
        </Fact>
        <Fact label={t('perpetual.fillPrice')}>
          <Figure>{order.fillPrice ? formatPrice(order.fillPrice, precision) : '--'}</Figure>
        </Fact>
        <Fact label={t('perpetual.frozenMargin')}>
          <Figure>{formatAmount(order.frozenMargin)}</Figure> USDT
        </Fact>
        <Fact label={t('perpetual.fee')}>
          <Figure>{formatAmount(order.fee)}</Figure> USDT
        </Fact>
        <Fact label={t('perpetual.tpPrice')}>
          <Figure>{order.tpPrice ? formatPrice(order.tpPrice, precision) : '--'}</Figure>
        </Fact>
        <Fact label={t('perpetual.slPrice')}>
          <Figure>{order.slPrice ? formatPrice(order.slPrice, precision) : '--'}</Figure>
        </Fact>
        <Fact label={t('perpetual.orderTime')}>
          <Figure>{formatDateTime(order.createdAt, true)}</Figure>
        </Fact>
        <Fact label={t('perpetual.updatedAt')}>
          <Figure>{formatDateTime(order.updatedAt, true)}</Figure>
        </Fact>
      </Facts>
      {order.positionId ? (
        <Link className="perp-detail-link link link--strong" to={detailPath('position', order.positionId)}>
          {t('perpetual.detail.viewPosition')}
        </Link>
      ) : null}
    </>
  );
}

function TradeDetail({ trade }: { trade: PerpTrade }) {
  const { t } = useTranslation();
  const products = useProducts();
  const precision = precisionOf(trade.symbol, products.data);
  const closing = trade.action !== 'open';
  return (
    <>
      <Hero
        pair={pairName(trade.symbol, products.data)}
        side={trade.side}
        tag={
          <span className={`perp-action perp-action--${trade.action}`}>{t(`perpetual.action.${trade.action}`)}</span>
        }
        label={closing ? t('perpetual.realizedPnl') : t('perpetual.fillPrice')}
        figure={
          closing
            ? `${formatSigned(formatAmount(trade.realizedPnl, 2, false))} USDT`
            : formatPrice(trade.price, precision)
        }
        tone={closing ? toneOf(trade.realizedPnl) : 'flat'}
      />
      <Facts className="perp-detail-card">
        <Fact label={t('perpetual.detail.id')}>
          <Figure>{trade.id}</Figure>
        </Fact>
        <Fact label={t('perpetual.fillPrice')}>
          <Figure>{formatPrice(trade.price, precision)}</Figure>
        </Fact>
        <Fact label={t('perpetual.lots')}>
          <Figure>{trade.quantity}</Figure>
        </Fact>
        <Fact label={t('perpetual.fee')}>
          <Figure>{formatAmount(trade.fee)}</Figure> USDT
        </Fact>
        <Fact label={t('perpetual.realizedPnl')}>
          <Figure>{closing ? formatSigned(formatAmount(trade.realizedPnl, 2, false)) : '--'}</Figure>
        </Fact>
        <Fact label={t('perpetual.time')}>
          <Figure>{formatDateTime(trade.createdAt, true)}</Figure>
        </Fact>
      </Facts>
      <Link className="perp-detail-link link link--strong" to={detailPath('position', trade.positionId)}>
        {t('perpetual.detail.viewPosition')}
      </Link>
    </>
  );
}

function OrderById({ id }: { id: string }) {
  const order = useOrderRecord(id);
  if (order.data) return <OrderDetail order={order.data} />;
  if (order.isError) {
    return order.error instanceof ApiError && order.error.code === 404 ? (
      <NotFound />
    ) : (
      <ErrorState onRetry={() => void order.refetch()} />
    );
  }
  return <Loading />;
}

function TradeById({ id }: { id: string }) {
  const trade = useTradeRecord(id);
  if (trade.data) return <TradeDetail trade={trade.data} />;
  if (trade.isError) {
    return trade.error instanceof ApiError && trade.error.code === 404 ? (
      <NotFound />
    ) : (
      <ErrorState onRetry={() => void trade.refetch()} />
    );
  }
  return <Loading />;
}

const KINDS: readonly DetailKind[] = ['position', 'order', 'trade'];

/**
 * perpetual/detail (spec §2): a position (live figures, its actions and fills; "closed" once it is gone), an
 * order, or a fill. `?type=position|order|trade&id=…`.
 */
export default function PerpetualDetailPage() {
  const { t } = useTranslation();
  const mode = useMode();
  const [params] = useSearchParams();
  const kind = KINDS.find((k) => k === params.get('type')) ?? 'position';
  const id = params.get('id') ?? '';
  return (
    <Page title={t(`perpetual.detail.${kind}Title`)} back testId="perp-detail" right={<ModeBadge mode={mode} />}>
      <div className="stack" data-kind={kind}>
        {id === '' ? (
          <NotFound />
        ) : kind === 'position' ? (
          <PositionDetail id={id} />
        ) : kind === 'order' ? (
          <OrderById id={id} />
        ) : (
          <TradeById id={id} />
        )}
      </div>
    </Page>
  );
}
