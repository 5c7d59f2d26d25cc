import { Page } from '@/components/ui/page';
import { multiplyDecimal } from '@/lib/decimal';
import { formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import type { CurrencyBalance } from '@nexa/contract';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { walletsApi } from '../api/wallets-api';
import '../components/wallets.css';
import { Figure } from '@/components/ui/figure';
import { ICON, LineIcon } from '@/components/ui/line-icon';
import { PagedList } from '@/components/ui/paged-list';
import { SummaryList } from '@/components/ui/summary-list';
import { usePagedList } from '@/lib/use-paged-list';
import { useAccountMode, useHideAmounts } from '@/shared/account-mode';
import { ChangeRow } from '../components/change-row';
import { ValueCard } from '../components/total-card';
import { WalletBadge } from '../components/wallet-badge';
import { walletKeys } from '../hooks/query-keys';
import { type DenominationInfo, useDenomination, useWalletMoney } from '../hooks/use-wallet-queries';
import { isWallet, withSymbol } from '../model';

function CurrencyRow({
  balance,
  denomination,
  hidden,
}: {
  balance: CurrencyBalance;
  denomination: DenominationInfo;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  // The API gives each currency's value in USDT; the denomination's rate turns it into the chosen currency.
  const value = denomination.rate ? multiplyDecimal(balance.valueUsdt, denomination.rate, 2) : null;
  return (
    <article className="currency-row" data-testid={`detail-currency-${balance.currency}`}>
      <header className="currency-row__head">
        <span className="coin-mark coin-mark--large" aria-hidden="true">
          {balance.currency.slice(0, 1)}
        </span>
        <h3 className="currency-row__code">{balance.currency}</h3>
      </header>
      <SummaryList
        className="fact-grid currency-row__grid"
        rows={[
          { label: t('assets.available'), value: <Figure hidden={hidden}>{formatDecimal(balance.available)}</Figure> },
          { label: t('assets.frozen'), value: <Figure hidden={hidden}>{formatDecimal(balance.frozen)}</Figure> },
          {
            label: `${t('assets.value')} (${denomination.code})`,
            value: (
              <Figure hidden={hidden}>
                {value !== null
                  ? withSymbol(denomination.symbol, formatDecimal(value))
                  : `${formatDecimal(balance.valueUsdt)} USDT`}
              </Figure>
            ),
          },
        ]}
      />
    </article>
  );
}

/** One wallet (spec §3 Wallet): its value, each currency's available / frozen / value, and its change log. */
export default function AssetsDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('wallet');
  const wallet = isWallet(raw) ? raw : null;
  const mode = useAccountMode();
  const money = useWalletMoney(wallet);
  const denomination = useDenomination();
  const [hidden, setHidden] = useHideAmounts();
  const changes = usePagedList(
    walletKeys.walletMoneyLogs(mode, wallet ?? 'spot'),
    (page, pageSize, signal) => walletsApi.walletMoneyLogs({ wallet: wallet ?? 'spot', page, pageSize }, signal),
    wallet !== null,
  );

  if (!wallet) return <Navigate to={ROUTES.mine} replace />;
  const data = money.data;

  return (
    <Page title={t(`wallets.${wallet}`)} back testId="assets-detail-page">
      <PullToRefresh onRefresh={() => Promise.all([money.refetch(), changes.query.refetch()])}>
        <div className="stack">
          <ValueCard
            className="hero-surface total-card total-card--compact"
            data-testid="detail-summary"
            labelClassName="detail-title"
            label={
              <>
                <WalletBadge wallet={wallet} />
                {t('assets.walletValue')}
              </>
            }
            denomination={denomination}
            figures={data ? { value: data.value, usdt: data.valueUsdt } : null}
            hidden={hidden}
            onToggleHidden={() => setHidden(!hidden)}
            failed={money.isError}
            onRetry={() => void money.refetch()}
            read={money}
            testIds={{ value: 'detail-value' }}
          >
            {data ? (
              <SummaryList
                className="fact-grid fact-grid--ruled"
                rows={[
                  {
                    label: `${t('assets.available')} (USDT)`,
                    value: <Figure hidden={hidden}>{formatDecimal(data.availableUsdt)}</Figure>,
                  },
                  {
                    label: `${t('assets.frozen')} (USDT)`,
                    value: <Figure hidden={hidden}>{formatDecimal(data.frozenUsdt)}</Figure>,
                  },
                ]}
              />
            ) : null}
          </ValueCard>

          <div className="detail-actions">
            {[
              {
                to: `${ROUTES.fundTransfer}?from=${wallet}`,
                className: 'action-button pill-button pill-button--primary',
                testId: 'detail-transfer',
                icon: ICON.transfer,
                label: t('assets.actions.transfer'),
              },
              {
                to: `${ROUTES.changeRecord}?wallet=${wallet}`,
                className: 'action-button pill-button',
                testId: 'detail-changes-all',
                icon: ICON.records,
                label: t('detail.changeLog'),
              },
            ].map((action) => (
              <Link key={action.testId} to={action.to} className={action.className} data-testid={action.testId}>
                <LineIcon d={action.icon} size={18} />
                {action.label}
              </Link>
            ))}
          </div>

          {data ? (
            <section aria-labelledby="detail-currencies">
              <h2 className="section-heading" id="detail-currencies">
                {t('detail.currencies')}
              </h2>
              <div className="currency-list">
                {data.currencies.map((c) => (
                  <CurrencyRow key={c.currency} balance={c} denomination={denomination} hidden={hidden} />
                ))}
              </div>
            </section>
          ) : null}

          <section aria-labelledby="detail-changes">
            <header className="section-heading section-heading--row">
              <h2 id="detail-changes">{t('detail.recentChanges')}</h2>
              <Link to={`${ROUTES.changeRecord}?wallet=${wallet}`} className="link link--strong">
                {t('detail.viewAll')}
              </Link>
            </header>
            <PagedList
              paged={changes}
              label={t('detail.recentChanges')}
              empty={t('changeRecord.empty')}
              skeletonLines={2}
              renderItem={(log) => <ChangeRow log={log} showWallet={false} />}
            />
          </section>
        </div>
      </PullToRefresh>
    </Page>
  );
}
