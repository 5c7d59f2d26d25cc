import { Page } from '@/components/ui/page';
import { PrimaryButton } from '@/components/ui/primary-button';
import { DEMO_AMOUNT_HINT } from '@/lib/config';
import { formatAmount, formatDateTime, isolateLtr } from '@/lib/format';
import { ApiError } from '@/lib/request';
import { ROUTES } from '@/lib/routes';
import type { DemoMoneyData } from '@nexa/contract';
import { useQuery } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { walletsApi } from '../api/wallets-api';
import '../components/wallets.css';
import { Figure } from '@/components/ui/figure';
import { ICON, LineIcon } from '@/components/ui/line-icon';
import { useMoneyCall } from '@/lib/use-money-call';
import { useAccountMode } from '@/shared/account-mode';
import { walletKeys } from '../hooks/query-keys';

import { useSwitchMode } from '../hooks/use-switch-mode';
import { monthStartUtcMs, nextMonthStartUtcMs } from '../model';

function nextClaimOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 0) return null;
  const next = (error.data as { nextClaimAt?: unknown } | null)?.nextClaimAt;
  return typeof next === 'number' ? next : null;
}

/**
 * Demo assets (spec §4/§6/§9): explains the demo account, shows the amount, claims once a month. In the real
 * account it offers to switch to demo first. Whether this month's claim is done is read from the change log
 * (the last `demo_claim`), since no call reports it without claiming.
 */
export default function GetAssetsPage() {
  const { t } = useTranslation();
  const mode = useAccountMode();
  const { switchTo, switching } = useSwitchMode();
  const [nowMs] = useState(() => Date.now());
  const monthStart = monthStartUtcMs(nowMs);
  const [claimed, setClaimed] = useState<DemoMoneyData | null>(null);
  const [refusedUntil, setRefusedUntil] = useState<number | null>(null);

  const lastClaim = useQuery({
    queryKey: walletKeys.demoClaims(mode, monthStart),
    enabled: mode === 'demo',
    queryFn: async ({ signal }) =>
      (await walletsApi.moneyLogs({ type: 'demo_claim', page: 1, pageSize: 1 }, signal)).list[0] ?? null,
  });

  const claim = useMoneyCall(
    'user/getDemoMoney',
    (_: undefined, requestId: string) => walletsApi.claimDemo(requestId),
    () => `${mode}:demo_claim:${monthStart}`,
    [walletKeys.all],
  );

  const claimedThisMonth =
    claimed !== null || refusedUntil !== null || (lastClaim.data != null && lastClaim.data.createdAt >= monthStart);
  const nextClaimAt = claimed?.nextClaimAt ?? refusedUntil ?? nextMonthStartUtcMs(nowMs);
  const amount = formatAmount(claimed?.amount ?? lastClaim.data?.amount ?? DEMO_AMOUNT_HINT, 2);

  const onClaim = async () => {
    try {
      const data = await claim.mutateAsync(undefined);
      setClaimed(data);
      Toast.show({
        icon: 'success',
        content: t('demo.claimed', { amount: isolateLtr(`${formatAmount(data.amount, 2)} ${data.currency}`) }),
        duration: 2000,
      });
    } catch (error) {
      // The server's reason is already toasted; "already claimed" also says from when.
      const next = nextClaimOf(error);
      if (next !== null) setRefusedUntil(next);
    }
  };

  return (
    <Page title={t('demo.title')} back testId="demo-page">
      <div className="stack">
        <section className="demo-hero">
          <span className="icon-bubble icon-bubble--large tone--warning demo-hero__icon" aria-hidden="true">
            <LineIcon d={ICON.gift} size={28} />
          </span>
          <p className="demo-hero__label">{t('demo.perClaim')}</p>
          <p className="demo-hero__amount">
            <Figure testId="demo-amount">{amount}</Figure> <span className="demo-hero__currency">USDT</span>
          </p>
          <p className="demo-hero__text">{t('demo.intro')}</p>
        </section>

        <section className="demo-rules-card">
          <h2 className="demo-rules-card__title">{t('demo.rulesTitle')}</h2>
          <ol className="rule-list">
            <li>{t('demo.ruleMonthly')}</li>
            <li>{t('demo.ruleWallet')}</li>
            <li>{t('demo.ruleSeparate')}</li>
          </ol>
        </section>

        {mode === 'real' ? (
          <>
            <p className="callout tone--warning" data-testid="demo-real-notice">
              {t('demo.realMode')}
            </p>
            <PrimaryButton
              loading={switching}
              disabled={switching}
              onClick={() => void switchTo('demo').catch(() => undefined)}
              testId="demo-switch"
            >
              {t('demo.switchToDemo')}
            </PrimaryButton>
          </>
        ) : (
          <>
            <PrimaryButton
              loading={claim.isPending || (lastClaim.isPending && !claimedThisMonth)}
              disabled={claimedThisMonth || claim.isPending || lastClaim.isPending}
              onClick={() => void onClaim()}
              testId="demo-claim"
            >
              {claimedThisMonth ? t('demo.claimedThisMonth') : t('demo.claim')}
            </PrimaryButton>
            {claimedThisMonth ? (
              <p className="demo-next" data-testid="demo-next">
                {t('demo.next', { date: isolateLtr(formatDateTime(nextClaimAt, true)) })}
              </p>
            ) : null}
            {claimedThisMonth ? (
              <Link to={ROUTES.mine} className="link link--strong demo-view" data-testid="demo-view-assets">
                {t('demo.viewAssets')}
              </Link>
            ) : null}
          </>
        )}
      </div>
    </Page>
  );
}
