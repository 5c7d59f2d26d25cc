import { SoonTag } from '@/components/ui/coming-soon';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { ROUTES } from '@/lib/routes';
import { useSession } from '@/lib/session-store';
import { useUserInfo } from '@/lib/user-query';
import { useAccountMode, useHideAmounts } from '@/shared/account-mode';
import type { AccountMode } from '@nexa/contract';
import { DEFAULT_LANG, LANG_NAMES } from '@nexa/contract';
import { List, PullToRefresh, Skeleton } from 'antd-mobile';
import { SetOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { AssetActions } from '../components/asset-actions';
import { ModeSwitch } from '../components/mode-switch';
import { TotalCard } from '../components/total-card';
import { UserCard } from '../components/user-card';
import { WalletSplit } from '../components/wallet-split';
import { useSwitchMode } from '../hooks/use-switch-mode';
import { useDenomination, useProperty } from '../hooks/use-wallet-queries';

/** Rows of pages not built yet: they say so instead of leading nowhere. */
type ComingKey = 'share' | 'help';

type LiveKey =
  | 'deposit'
  | 'withdraw'
  | 'convert'
  | 'transfer'
  | 'demoAssets'
  | 'records'
  | 'changePassword'
  | 'bankCard'
  | 'withdrawalAddress'
  | 'about';

const FUNDS: { key: LiveKey; to: string }[] = [
  { key: 'deposit', to: ROUTES.recharge },
  { key: 'withdraw', to: ROUTES.withdrawal },
  { key: 'convert', to: ROUTES.spotGoods },
  { key: 'transfer', to: ROUTES.fundTransfer },
  { key: 'demoAssets', to: ROUTES.getAssets },
  { key: 'records', to: ROUTES.changeRecord },
];
const MORE_LIVE: { key: LiveKey; to: string }[] = [
  { key: 'changePassword', to: ROUTES.retrievePassword },
  { key: 'bankCard', to: ROUTES.saveBank },
  { key: 'withdrawalAddress', to: ROUTES.bindWithdrawalAddress },
  { key: 'about', to: ROUTES.about },
];
const MORE_COMING: ComingKey[] = ['share', 'help'];

/**
 * Assets (mine) tab: real/demo switch, total assets and today's earnings, the money actions and the wallet
 * split on top; below, the user card and the way to every account page (those not built yet say so).
 */
export default function MinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const lang = useSession((s) => s.lang) ?? DEFAULT_LANG;
  const mode = useAccountMode();
  const property = useProperty();
  const denomination = useDenomination();
  const [hidden, setHidden] = useHideAmounts();
  const { switchTo, pendingMode, switching } = useSwitchMode();

  const changeMode = (next: AccountMode) => {
    // A refusal or a network failure is toasted by the request helper; the switch falls back by itself.
    switchTo(next).catch(() => undefined);
  };

  const refresh = async () => {
    await Promise.all([property.refetch(), user.refetch()]);
  };

  // While switching, the figures on screen belong to the other mode: show the skeleton instead.
  const loading = switching || property.isPending;
  const data = loading ? undefined : property.data;

  const liveRow = ({ key, to }: { key: LiveKey; to: string }) => (
    <List.Item key={key} onClick={() => navigate(to)} data-testid={`mine-row-${key}`}>
      {t(`mine.rows.${key}`)}
    </List.Item>
  );
  const comingRow = (key: ComingKey) => (
    <List.Item key={key} disabled arrowIcon={false} extra={<SoonTag />} data-testid={`mine-row-${key}`}>
      {t(`mine.rows.${key}`)}
    </List.Item>
  );

  return (
    <Page
      title={t('tabs.assets')}
      testId="mine-page"
      right={
        <Link to={ROUTES.settings} className="icon-button" aria-label={t('settings.title')} data-testid="mine-settings">
          <SetOutline />
        </Link>
      }
    >
      <PullToRefresh onRefresh={refresh}>
        <div className="stack">
          <ModeSwitch mode={pendingMode ?? mode} onChange={changeMode} disabled={switching} />
          <TotalCard
            data={data}
            denomination={denomination}
            hidden={hidden}
            onToggleHidden={() => setHidden(!hidden)}
            loading={loading}
            failed={property.isError}
            onRetry={() => void property.refetch()}
          />
          <AssetActions />
          {property.isError && !data && !loading ? null : (
            <WalletSplit data={data} denomination={denomination} hidden={hidden} />
          )}

          {user.data ? (
            <UserCard user={user.data} />
          ) : user.isError ? (
            <ErrorState onRetry={() => void user.refetch()} />
          ) : (
            <section className="hero-surface user-card">
              <Skeleton.Paragraph lineCount={4} animated />
            </section>
          )}

          <List header={t('mine.groups.account')} className="card-list">
            <List.Item onClick={() => navigate(ROUTES.settings)} data-testid="mine-row-settings">
              {t('settings.title')}
            </List.Item>
            <List.Item
              onClick={() => navigate(ROUTES.lang)}
              extra={<span className="list-extra">{LANG_NAMES[lang]}</span>}
              data-testid="mine-row-language"
            >
              {t('settings.language')}
            </List.Item>
            <List.Item onClick={() => navigate(ROUTES.verification)} data-testid="mine-row-verification">
              {t('pages.verification.title')}
            </List.Item>
            <List.Item onClick={() => navigate(ROUTES.withdrawalPassword)} data-testid="mine-row-withdrawal-password">
              {t('pages.withdrawalPassword.title')}
            </List.Item>
          </List>

          <List header={t('mine.groups.funds')} className="card-list">
            {FUNDS.map(liveRow)}
          </List>

          <List header={t('mine.groups.more')} className="card-list">
            {MORE_LIVE.map(liveRow)}
            {MORE_COMING.map(comingRow)}
            <List.Item onClick={() => navigate(ROUTES.download)} data-testid="mine-row-download">
              {t('pages.download.title')}
            </List.Item>
            <List.Item onClick={() => navigate(ROUTES.service)} data-testid="mine-row-service">
              {t('pages.service.title')}
            </List.Item>
          </List>
        </div>
      </PullToRefresh>
    </Page>
  );
}
