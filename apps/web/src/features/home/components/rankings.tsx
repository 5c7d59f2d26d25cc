import { MarketRows, SegTabs } from '@/components/market/market-list';
import { MarketListHead, MarketRowsSkeleton } from '@/components/market/market-row';
import { EmptyState } from '@/components/ui/empty-state';
import { ROUTES } from '@/lib/routes';
import { useSession } from '@/lib/session-store';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useOverview } from '../hooks/use-home-queries';

type RankKey = 'gainers' | 'losers' | 'turnover';
const RANKS: readonly RankKey[] = ['gainers', 'losers', 'turnover'];

/**
 * Rankings (spec §2 Home): gainers, losers and 24h turnover over every product. The order comes from
 * index/overview (re-read every 30 s); prices and changes in the rows move live.
 */
export function Rankings({ rows = true }: { rows?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setProductType1 = useSession((s) => s.setProductType1);
  const overview = useOverview();
  const [rank, setRank] = useState<RankKey>('gainers');
  const list = overview.data?.[rank] ?? [];

  // A row opens the Futures tab on that product (the spec's productType1 session value).
  const open = useCallback(
    (symbol: string) => {
      setProductType1(symbol);
      navigate(ROUTES.futures, { replace: true });
    },
    [navigate, setProductType1],
  );

  return (
    <section className="market-list rankings" aria-labelledby="rankings-title">
      <h2 id="rankings-title" className="visually-hidden">
        {t('home.rankings')}
      </h2>
      <SegTabs tabs={RANKS} value={rank} onChange={setRank} label={(key) => t(`home.rank.${key}`)} testId="home-rank" />
      <MarketListHead />
      <div role="tabpanel" data-rank={rank}>
        {rows ? (
          <MarketRows
            query={overview}
            list={list}
            empty={<EmptyState title={t('market.noProducts')} />}
            rowTestId="rank-row"
            onSelect={open}
          />
        ) : (
          <MarketRowsSkeleton />
        )}
      </div>
    </section>
  );
}
