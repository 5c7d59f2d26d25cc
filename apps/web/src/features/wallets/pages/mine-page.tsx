import { ErrorState } from '@/components/ui/error-state';
import { type MenuItem, MenuList } from '@/components/ui/menu-list';
import { Page } from '@/components/ui/page';
import { ROUTES } from '@/lib/routes';
import { useUserInfo } from '@/lib/user-query';
import { useAccountMode, useHideAmounts } from '@/shared/account-mode';
import { Dialog } from '@/shared/dialog';
import { useLanguageItem } from '@/shared/language-item';
import { MessageBell } from '@/shared/message-bell';
import type { AccountMode } from '@nexa/contract';
import { PullToRefresh, Skeleton } from 'antd-mobile';
import { SetOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AssetActions } from '../components/asset-actions';
import { ModeSwitch } from '../components/mode-switch';
import { TotalCard } from '../components/total-card';
import { UserCard } from '../components/user-card';
import { WalletSplit } from '../components/wallet-split';
import { useSwitchMode } from '../hooks/use-switch-mode';
import { useDenomination, useProperty } from '../hooks/use-wallet-queries';

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
  | 'help'
  | 'about'
  | 'share';

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
  { key: 'help', to: ROUTES.help },
  { key: 'about', to: ROUTES.about },
  { key: 'share', to: ROUTES.share },
];

/**
 * Assets (mine) tab: real/demo switch, total assets and today's earnings, the money actions and the wallet
 * split on top; below, the user card and the way to every account page (those not built yet say so).
 */
export default function MinePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const language = useLanguageItem('mine-row-language');
  const mode = useAccountMode();
  const property = useProperty();
  const denomination = useDenomination();
  const [hidden, setHidden] = useHideAmounts();
  const { switchTo, pendingMode, switching } = useSwitchMode();

  const changeMode = async (next: AccountMode) => {
    // Into real money only on purpose: every order after it uses the real balances (back to demo needs no question).
    if (next === 'real') {
      const ok = await Dialog.confirm({
        title: t('mine.mode.toRealTitle'),
        content: t('mine.mode.toRealBody'),
        confirmText: t('mine.mode.toRealConfirm'),
        cancelText: t('common.cancel'),
      });
      if (!ok) return;
    }
    // A refusal or a network failure is toasted by the request helper; the switch falls back by itself.
    await switchTo(next).catch(() => undefined);
  };

  const refresh = async () => {
    await Promise.all([property.refetch(), user.refetch()]);
  };

  // While switching, the figures on screen belong to the other mode: show the skeleton instead.
  const loading = switching || property.isPending;
  const data = loading ? undefined : property.data;

  const liveRow = ({ key, to }: { key: LiveKey; to: string }): MenuItem => ({
    label: t(`mine.rows.${key}`),
    to,
    testId: `mine-row-${key}`,
  });

  return (
    <Page
      title={t('tabs.assets')}
      testId="mine-page"
      right={
        <span className="header-actions">
          <MessageBell />
          <Link
            to={ROUTES.settings}
            className="icon-button"
            aria-label={t('settings.title')}
            data-testid="mine-settings"
          >
            <SetOutline />
          </Link>
        </span>
      }
    >
      <PullToRefresh onRefresh={refresh}>
        <div className="stack">
          <ModeSwitch mode={pendingMode ?? mode} onChange={(m) => void changeMode(m)} disabled={switching} />
          <TotalCard
            data={data}
            denomination={denomination}
            hidden={hidden}
            onToggleHidden={() => setHidden(!hidden)}
            loading={loading}
            failed={property.isError}
            onRetry={() => void property.refetch()}
            read={property}
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

          <MenuList
            header={t('mine.groups.account')}
            items={[
              { label: t('settings.title'), to: ROUTES.settings, testId: 'mine-row-settings' },
              language,
              { label: t('pages.verification.title'), to: ROUTES.verification, testId: 'mine-row-verification' },
              {
                label: t('pages.withdrawalPassword.title'),
                to: ROUTES.withdrawalPassword,
                testId: 'mine-row-withdrawal-password',
              },
            ]}
          />
          <MenuList header={t('mine.groups.funds')} items={FUNDS.map(liveRow)} />
          <MenuList
            header={t('mine.groups.more')}
            items={[
              ...MORE_LIVE.map(liveRow),
              { label: t('pages.download.title'), to: ROUTES.download, testId: 'mine-row-download' },
              { label: t('pages.service.title'), to: ROUTES.service, testId: 'mine-row-service' },
            ]}
          />
        </div>
      </PullToRefresh>
    </Page>
  );
}
