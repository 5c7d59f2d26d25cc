import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { formatAmount, formatDateTime, formatDecimal, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { ListStates } from '@/shared/list-states';
import { type QueryLike, QueryState } from '@/shared/query-state';
import { Usdt } from '@/shared/trading-bits';
import type { PerpOrder, PerpPosition, PerpTrade } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Figure, type Intent, ModeBadge, SideTag, useProductOf } from '../components/bits';
import { type PositionAction, PositionActions } from '../components/position-card';
import { PositionSheets } from '../components/position-sheets';
import {
  OrderStatusTag,
  PERP_LIST,
  TradeActionTag,
  TradeRow,
  intentOf,
  realizedPnlText,
} from '../components/record-rows';
import { type FactRow, Facts } from '../components/sheet';
import { useMode, usePerpEvents, usePositions } from '../hooks/use-perpetual';
import { useOrderRecord, usePositionFills, useTradeRecord } from '../hooks/use-record';
import { toneOf } from '../model/perp-model';
import { type DetailKind, detailPath } from '../paths';
import '../components/perpetual.css';

/** The skeleton of a detail card while it loads. */
const LOADING = { className: 'perp-detail-card', lines: 6 };

function NotFound() {
  const { t } = useTranslation();
  return <EmptyState title={t('perpetual.detail.notFound')} testId="perp-detail-not-found" />;
}

const time = (ms: number) => <Figure>{formatDateTime(ms, true)}</Figure>;

/** Prices of a record's facts in its product's precision, and its take-profit and stop-loss rows. */
function useFigures(symbol: string) {
  const { t } = useTranslation();
  const { precision } = useProductOf(symbol);
  const price = (value: string | null) => <Figure>{formatPrice(value, precision)}</Figure>;
  const targets = (r: { tpPrice: string | null; slPrice: string | null }) => [
    { label: t('perpetual.tpPrice'), value: price(r.tpPrice) },
    { label: t('perpetual.slPrice'), value: price(r.slPrice) },
  ];
  return { precision, price, targets };
}

/** A record's page: its hero (pair, side, tags, the main figure), its facts and what follows them. */
function Detail({
  record,
  tag,
  label,
  figure,
  tone,
  facts,
  children,
}: {
  /** Its product and side; the leverage when the record has one to show; an order's or a fill's intent. */
  record: { symbol: string; side: PerpPosition['side']; leverage?: number; intent?: Intent };
  tag?: ReactNode;
  label: string;
  figure: string;
  tone: string;
  facts: readonly FactRow[];
  children?: ReactNode;
}) {
  const { pair } = useProductOf(record.symbol);
  return (
    <>
      <section className="perp-hero">
        <div className="perp-hero__top">
          <span className="perp-hero__pair" dir="ltr">
            {pair}
          </span>
          <SideTag side={record.side} leverage={record.leverage} intent={record.intent} />
          {tag ? <span className="perp-hero__tag">{tag}</span> : null}
        </div>
        <div className="perp-hero__figure">
          <span className="perp-hero__label">{label}</span>
          <Figure className={`tone-${tone}`} testId="perp-detail-figure">
            {figure}
          </Figure>
        </div>
      </section>
      <Facts className="perp-detail-card" rows={facts} />
      {children}
    </>
  );
}

/** The link from an order or a fill to its position. */
function PositionLink({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Link className="perp-detail-link link link--strong" to={detailPath('position', id)}>
      {t('perpetual.detail.viewPosition')}
    </Link>
  );
}

/** Every fill of a position, newest first. */
function Fills({ positionId }: { positionId: string }) {
  const { t } = useTranslation();
  const fills = usePositionFills(positionId);
  return (
    <section className="perp-detail-card">
      <h2 className="perp-detail-card__title">{t('perpetual.detail.fills')}</h2>
      <ListStates
        look={PERP_LIST}
        source={{ query: fills, items: fills.data ?? [] }}
        empty={{ title: t('perpetual.empty.trades') }}
      >
        {(trade) => <TradeRow trade={trade} />}
      </ListStates>
    </section>
  );
}

function PositionFacts({ position, available }: { position: PerpPosition; available: string }) {
  const { t } = useTranslation();
  const { price, targets } = useFigures(position.symbol);
  const [acting, setActing] = useState<PositionAction | null>(null);
  const facts = [
    { label: t('perpetual.lots'), value: <Figure>{position.quantity}</Figure> },
    { label: t('perpetual.contractSize'), value: <Figure>{formatDecimal(position.contractSize)}</Figure> },
    { label: t('perpetual.entryPrice'), value: price(position.entryPrice) },
    { label: t('perpetual.markPrice'), value: price(position.markPrice) },
    { label: t('perpetual.margin'), value: <Usdt>{formatAmount(position.margin)}</Usdt> },
    { label: t('perpetual.marginRatio'), value: <Figure>{formatAmount(position.marginRatio)}%</Figure> },
    { label: t('perpetual.liquidationPrice'), value: price(position.liquidationPrice) },
    ...targets(position),
    { label: t('perpetual.openedAt'), value: time(position.openedAt) },
  ];
  return (
    <Detail
      record={position}
      label={t('perpetual.unrealizedPnl')}
      figure={`${formatSigned(formatAmount(position.unrealizedPnl, 2, false))} USDT`}
      tone={toneOf(position.unrealizedPnl)}
      facts={facts}
    >
      <PositionActions className="perp-detail-actions" onAction={setActing} />
      <Fills positionId={position.id} />
      <PositionSheets position={position} acting={acting} available={available} onClose={() => setActing(null)} />
    </Detail>
  );
}

function PositionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const live = usePerpEvents();
  const positions = usePositions(live);
  return (
    <QueryState query={positions} loading={LOADING}>
      {(data) => {
        const position = data.list.find((p) => p.id === id);
        return position ? (
          <PositionFacts position={position} available={data.account.available} />
        ) : (
          <>
            <p className="callout" data-testid="perp-detail-closed">
              {t('perpetual.detail.closed')}
            </p>
            <Fills positionId={id} />
          </>
        );
      }}
    </QueryState>
  );
}

function OrderDetail({ order }: { order: PerpOrder }) {
  const { t } = useTranslation();
  const { precision, price, targets } = useFigures(order.symbol);
  const facts = [
    { label: t('perpetual.detail.id'), value: <Figure>{order.id}</Figure> },
    { label: t('perpetual.orderType'), value: t(`perpetual.${order.type}`) },
    { label: t('perpetual.filledLots'), value: <Figure>{`${order.filledQuantity}/${order.quantity}`}</Figure> },
    { label: t('perpetual.fillPrice'), value: price(order.fillPrice) },
    { label: t('perpetual.frozenMargin'), value: <Usdt>{formatAmount(order.frozenMargin)}</Usdt> },
    { label: t('perpetual.fee'), value: <Usdt>{formatAmount(order.fee)}</Usdt> },
    ...targets(order),
    { label: t('perpetual.orderTime'), value: time(order.createdAt) },
    { label: t('perpetual.updatedAt'), value: time(order.updatedAt) },
  ];
  return (
    <Detail
      record={order}
      tag={<OrderStatusTag status={order.status} />}
      label={t('perpetual.orderPrice')}
      figure={order.price ? formatPrice(order.price, precision) : t('perpetual.marketPrice')}
      tone="flat"
      facts={facts}
    >
      {order.positionId ? <PositionLink id={order.positionId} /> : null}
    </Detail>
  );
}

function TradeDetail({ trade }: { trade: PerpTrade }) {
  const { t } = useTranslation();
  const { precision, price } = useFigures(trade.symbol);
  const closing = trade.action !== 'open';
  const facts = [
    { label: t('perpetual.detail.id'), value: <Figure>{trade.id}</Figure> },
    { label: t('perpetual.fillPrice'), value: price(trade.price) },
    { label: t('perpetual.lots'), value: <Figure>{trade.quantity}</Figure> },
    { label: t('perpetual.fee'), value: <Usdt>{formatAmount(trade.fee)}</Usdt> },
    { label: t('perpetual.realizedPnl'), value: <Figure>{realizedPnlText(trade)}</Figure> },
    { label: t('perpetual.time'), value: time(trade.createdAt) },
  ];
  return (
    <Detail
      record={{ symbol: trade.symbol, side: trade.side, intent: intentOf(trade.action) }}
      tag={<TradeActionTag action={trade.action} />}
      label={closing ? t('perpetual.realizedPnl') : t('perpetual.fillPrice')}
      figure={closing ? `${realizedPnlText(trade)} USDT` : formatPrice(trade.price, precision)}
      tone={closing ? toneOf(trade.realizedPnl) : 'flat'}
      facts={facts}
    >
      <PositionLink id={trade.positionId} />
    </Detail>
  );
}

/**
 * An order or a fill read by id with its hook (`useRecord`, always the same one for a mounted instance): its
 * detail, not found, an error with a retry, or a skeleton.
 */
function RecordById<T>({
  id,
  useRecord,
  children,
}: {
  id: string;
  useRecord: (id: string) => QueryLike<T>;
  children: (record: T) => ReactNode;
}) {
  const query = useRecord(id);
  return (
    <QueryState query={query} loading={LOADING} notFound={<NotFound />}>
      {children}
    </QueryState>
  );
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
          <RecordById key={kind} id={id} useRecord={useOrderRecord}>
            {(order) => <OrderDetail order={order} />}
          </RecordById>
        ) : (
          <RecordById key={kind} id={id} useRecord={useTradeRecord}>
            {(trade) => <TradeDetail trade={trade} />}
          </RecordById>
        )}
      </div>
    </Page>
  );
}
