import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { multiplyDecimal } from '@/lib/decimal';
import { formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import type { CurrencyBalance } from '@nexa/contract';
import { PullToRefresh, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { walletsApi } from '../api/wallets-api';
import { EyeToggle } from '../components/eye-toggle';
import '../components/wallets.css';
import { Figure } from '@/components/ui/figure';
import { ICON, LineIcon } from '@/components/ui/line-icon';
import { PagedList } from '@/components/ui/paged-list';
import { usePagedList } from '@/lib/use-paged-list';
import { useAccountMode, useHideAmounts } from '@/shared/account-mode';
import { ChangeRow } from '../components/change-row';
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
      <dl className="fact-grid currency-row__grid">
        <div>
          <dt>{t('assets.available')}</dt>
          <dd>
            <Figure hidden={hidden}>{formatDecimal(balance.available)}</Figure>
          </dd>
        </div>
        <div>
          <dt>{t('assets.frozen')}</dt>
          <dd>
            <Figure hidden={hidden}>{formatDecimal(balance.frozen)}</Figure>
          </dd>
        </div>
        <div>
          <dt>
            {t('assets.value')} ({denomination.code})
          </dt>
          <dd>
            <Figure hidden={hidden}>
              {value !== null
                ? withSymbol(denomination.symbol, formatDecimal(value))
                : `${formatDecimal(balance.valueUsdt)} USDT`}
            </Figure>
          </dd>
        </div>
      </dl>
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
          <section className="hero-surface total-card total-card--compact" data-testid="detail-summary">
            <header className="total-card__label">
              <span className="detail-title">
                <WalletBadge wallet={wallet} />
                {t('assets.walletValue')} ({denomination.code})
              </span>
              <EyeToggle hidden={hidden} onToggle={() => setHidden(!hidden)} />
            </header>
            {data ? (
              <>
                <p className="total-card__total">
                  <Figure hidden={hidden} testId="detail-value">
                    {withSymbol(denomination.symbol, formatDecimal(data.value))}
                  </Figure>
                </p>
                <p className="total-card__usdt">
                  ≈ <Figure hidden={hidden}>{formatDecimal(data.valueUsdt)}</Figure> USDT
                </p>
                <dl className="fact-grid fact-grid--ruled">
                  <div>
                    <dt>{t('assets.available')} (USDT)</dt>
                    <dd>
                      <Figure hidden={hidden}>{formatDecimal(data.availableUsdt)}</Figure>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('assets.frozen')} (USDT)</dt>
                    <dd>
                      <Figure hidden={hidden}>{formatDecimal(data.frozenUsdt)}</Figure>
                    </dd>
                  </div>
                </dl>
              </>
            ) : money.isError ? (
              <ErrorState onRetry={() => void money.refetch()} />
            ) : (
              <div className="total-card__skeleton" role="status">
                <Skeleton.Title animated />
                <Skeleton.Paragraph lineCount={2} animated />
              </div>
            )}
          </section>

          <div className="detail-actions">
            <Link
              to={`${ROUTES.fundTransfer}?from=${wallet}`}
              className="action-button pill-button pill-button--primary"
              data-testid="detail-transfer"
            >
              <LineIcon d={ICON.transfer} size={18} />
              {t('assets.actions.transfer')}
            </Link>
            <Link
              to={`${ROUTES.changeRecord}?wallet=${wallet}`}
              className="action-button pill-button"
              data-testid="detail-changes-all"
            >
              <LineIcon d={ICON.records} size={18} />
              {t('detail.changeLog')}
            </Link>
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
