import { ComingSoon } from '@/components/ui/coming-soon';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useHistoryOrders } from '../hooks/use-history-orders';
import { FUTURES_PATHS } from '../paths';
import { HistoryList, PositionList } from './order-lists';

type TabKey = 'positions' | 'history' | 'invited' | 'follow';
const TAB_KEYS: readonly TabKey[] = ['positions', 'history', 'invited', 'follow'];

/** History of the tab: all products, or only the one on screen. */
function HistoryTab({ symbol, pair }: { symbol: string | undefined; pair: string | undefined }) {
  const { t } = useTranslation();
  const [onlyThis, setOnlyThis] = useState(false);
  const filter = onlyThis && symbol ? { symbol } : {};
  const paged = useHistoryOrders(filter);
  return (
    <>
      <div className="history-tools">
        <fieldset className="fut-seg">
          <legend className="fut-sr-only">{t('delivery.filterProduct')}</legend>
          <button
            type="button"
            aria-pressed={!onlyThis}
            className={`fut-seg__item${onlyThis ? '' : ' fut-seg__item--on'}`}
            onClick={() => setOnlyThis(false)}
            data-testid="futures-history-all"
          >
            {t('delivery.allProducts')}
          </button>
          <button
            type="button"
            aria-pressed={onlyThis}
            className={`fut-seg__item${onlyThis ? ' fut-seg__item--on' : ''}`}
            onClick={() => setOnlyThis(true)}
            disabled={!symbol}
            data-testid="futures-history-this"
            dir="ltr"
          >
            {pair ?? '--'}
          </button>
        </fieldset>
        <Link to={FUTURES_PATHS.history} className="link link--strong" data-testid="futures-history-more">
          {t('delivery.viewAll')}
        </Link>
      </div>
      <HistoryList paged={paged} empty={t('delivery.emptyHistory')} />
    </>
  );
}

/**
 * The order tabs under the panel (spec §2): Position orders, History orders, and the two copy-trading tabs,
 * which say honestly that they come with copy trading.
 */
export function OrderTabs({
  live,
  symbol,
  pair,
}: {
  live: boolean;
  symbol: string | undefined;
  pair: string | undefined;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('positions');
  return (
    <section className="order-tabs" aria-label={t('delivery.orders')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(TAB_KEYS.find((k) => k === key) ?? 'positions')}
        className="order-tabs__bar"
      >
        {TAB_KEYS.map((key) => (
          <Tabs.Tab key={key} title={<span data-testid={`futures-tab-${key}`}>{t(`delivery.tabs.${key}`)}</span>} />
        ))}
      </Tabs>
      <div className="order-tabs__body" role="tabpanel">
        {tab === 'positions' ? <PositionList live={live} /> : null}
        {tab === 'history' ? <HistoryTab symbol={symbol} pair={pair} /> : null}
        {tab === 'invited' ? (
          <ComingSoon
            compact
            title={t('delivery.copySoon.invitedTitle')}
            description={t('delivery.copySoon.invitedDesc')}
          />
        ) : null}
        {tab === 'follow' ? (
          <ComingSoon
            compact
            title={t('delivery.copySoon.followTitle')}
            description={t('delivery.copySoon.followDesc')}
          />
        ) : null}
      </div>
    </section>
  );
}
