import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { formatAmount, formatRecordTime, formatSigned, isolateLtr } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { ROUTES } from '@/lib/routes';
import { useProducts } from '@/lib/use-market';
import { Dialog } from '@/shared/dialog';
import { QueryState } from '@/shared/query-state';
import { FactList } from '@/shared/sheet';
import { Usdt } from '@/shared/trading-bits';
import type { DeliveryOrder, DeliveryOrderCopy, PriceTick } from '@nexa/contract';
import { signOf } from '@nexa/rules';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { CopyBadge, DirectionTag, Figure, PeriodYield, RefundNote, StatusTag, pairName } from '../components/bits';
import '../components/delivery.css';
import { serverOffsetMs, useNow } from '../hooks/server-clock';
import { useCancelOrder, useOrder, useOrderEvents } from '../hooks/use-delivery-queries';
import { formatCountdown, isActive, pricePrecision, profitDirection, remainingMs } from '../model';

/**
 * The two price ticks that decide an order, entry and exit (ARCHITECTURE §4: price, time and source are shown to
 * the user), or what is awaited instead.
 */
function Ticks({ order, running }: { order: DeliveryOrder; running: boolean }) {
  const { t } = useTranslation();
  const precision = pricePrecision(order);
  const cards = [
    { key: 'entry', title: t('delivery.entryTick'), tick: order.entry, empty: t('delivery.entryPending') },
    {
      key: 'exit',
      title: t('delivery.exitTick'),
      tick: order.exit,
      empty: running ? t('delivery.exitPending') : t('delivery.noExitTick'),
    },
  ];
  const facts = (tick: PriceTick) => [
    {
      label: t('delivery.tick.price'),
      value: <Figure className="tick-card__price">{formatPrice(tick.price, precision)}</Figure>,
    },
    { label: t('delivery.tick.time'), value: time(tick.ts) },
    // In words a trader understands (which market priced the order), the raw source as the fallback.
    {
      label: t('delivery.tick.source'),
      value: (
        <span data-source={tick.source}>
          {t(`delivery.tick.sources.${tick.source}`, { defaultValue: tick.source })}
        </span>
      ),
    },
  ];
  return (
    <div className="tick-pair">
      {cards.map(({ key, title, tick, empty }) => (
        <section key={key} className="tick-card" data-testid={`order-${key}`} data-price={tick?.price ?? ''}>
          <h3 className="tick-card__title">{title}</h3>
          {tick ? (
            <FactList className="tick-card__facts" rows={facts(tick)} />
          ) : (
            <p className="tick-card__empty">{empty}</p>
          )}
        </section>
      ))}
    </div>
  );
}

const time = (ms: number | null) => <Figure>{ms !== null ? formatRecordTime(ms) : '--'}</Figure>;

/**
 * The copy-trading plan an order belongs to: the plan and its leader (a link to their profile), and the profit
 * share as its own line: what the copy paid the leader once settled (the rate before), or on the leader's own
 * order what the followers paid.
 */
function useCopyRows(copy: DeliveryOrderCopy | null) {
  const { t } = useTranslation();
  if (!copy) return { plan: [], share: [] };
  const leader = `${copy.leader.nickname} · ${isolateLtr(`UID ${copy.leader.uid}`)}`;
  const plan = [
    { label: t('delivery.copy.plan'), value: <span data-testid="order-copy-plan">{copy.title}</span> },
    {
      label: t('delivery.copy.leader'),
      value: (
        <Link className="link link--strong" to={`${ROUTES.copyLeader}?uid=${copy.leader.uid}`}>
          {leader}
        </Link>
      ),
    },
  ];
  if (copy.role === 'leader') {
    const received = copy.profitShare === null ? '--' : `+${formatAmount(copy.profitShare)}`;
    return {
      plan,
      share: [{ label: t('delivery.copy.sharesReceived'), value: <Usdt testId="order-copy-share">{received}</Usdt> }],
    };
  }
  const share =
    copy.profitShare === null ? (
      <span data-testid="order-copy-share">
        {t('delivery.copy.shareOfWin', { pct: isolateLtr(`${copy.profitSharePct}%`) })}
      </span>
    ) : (
      // Paid out of this order's profit: shown as the debit it was.
      <Usdt testId="order-copy-share">
        {signOf(copy.profitShare) > 0 ? `-${formatAmount(copy.profitShare)}` : formatAmount(copy.profitShare)}
      </Usdt>
    );
  return { plan, share: [{ label: t('delivery.copy.share'), value: share }] };
}

/** An order's figures and times, and the account it was placed in. */
function OrderFacts({ order }: { order: DeliveryOrder }) {
  const { t } = useTranslation();
  const profit = order.profit !== null ? formatSigned(order.profit) : '--';
  const copy = useCopyRows(order.copy);
  const rows = [
    { label: t('delivery.orderNo'), value: <Figure>{order.id}</Figure> },
    ...copy.plan,
    { label: t('delivery.period'), value: <PeriodYield seconds={order.seconds} yieldRate={order.yield} /> },
    { label: t('delivery.amount'), value: <Usdt>{formatAmount(order.amount)}</Usdt> },
    {
      label: t('delivery.expected'),
      value: <Usdt testId="order-expected">+{formatAmount(order.expectedProfit)}</Usdt>,
    },
    {
      label: t('delivery.payout'),
      value: <Usdt testId="order-payout">{order.payout !== null ? formatAmount(order.payout) : '--'}</Usdt>,
    },
    ...copy.share,
    {
      label: t('delivery.profit'),
      value: (
        <>
          <Figure className={`tone-${profitDirection(order.profit)}`}>{profit}</Figure> USDT
        </>
      ),
    },
    { label: t('delivery.orderTime'), value: time(order.createdAt) },
    { label: t('delivery.openAt'), value: time(order.openAt) },
    { label: t('delivery.expiresAt'), value: time(order.expiresAt) },
    { label: t('delivery.settledAt'), value: time(order.settledAt) },
    { label: t('delivery.account'), value: t(`delivery.mode.${order.mode}`) },
  ];
  return <FactList className="fact-list summary-list summary-list--card" rows={rows} />;
}

function DetailBody({ order, serverNow }: { order: DeliveryOrder; serverNow: number }) {
  const { t } = useTranslation();
  const products = useProducts();
  const cancel = useCancelOrder();
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
          {order.copy ? <CopyBadge copy={order.copy} testId="order-copy" /> : null}
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
        <RefundNote status={order.status} className="detail-hero__note" testId="order-refund-note" />
      </section>

      <Ticks order={order} running={running} />

      <OrderFacts order={order} />

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

  return (
    <Page title={t('delivery.detailTitle')} back testId="order-detail" className="delivery-page-body">
      <QueryState
        query={query}
        loading={{ className: 'stack', lines: 6 }}
        missing={!id}
        notFound={<ErrorState title={t('delivery.notFound')} testId="order-not-found" />}
      >
        {(order) => <DetailBody order={order} serverNow={serverNow} />}
      </QueryState>
    </Page>
  );
}
