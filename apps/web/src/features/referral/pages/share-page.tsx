import { CopyIcon } from '@/components/ui/icons';
import { Page } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { copyText } from '@/lib/clipboard';
import { formatAmount, isolateLtr } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import type { ShareInviteData } from '@nexa/contract';
import { useQuery } from '@tanstack/react-query';
import { ProgressBar, PullToRefresh, Skeleton, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { referralApi, referralKeys } from '../api/referral-api';
import { InvitePoster } from '../components/invite-poster';
import { RebateList, tierKey } from '../components/rebate-list';
import { TeamList } from '../components/team-list';
import './referral.css';
import { useDirection } from '@/i18n/use-direction';

/** The link as the user shares it: the server's path on this site's origin. */
const absolute = (link: string) => (link.startsWith('/') ? `${window.location.origin}${link}` : link);

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="ref-copy">
      <dt>{label}</dt>
      <dd>
        <span dir="ltr" className="ref-copy__value" data-testid={testId}>
          {value}
        </span>
        <button
          type="button"
          className="icon-button icon-button--small"
          aria-label={`${t('common.copy')} ${label}`}
          data-testid={`${testId}-copy`}
          onClick={async () => {
            const ok = await copyText(value);
            Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed'), duration: 1500 });
          }}
        >
          <CopyIcon />
        </button>
      </dd>
    </div>
  );
}

/** Share of the way to the next level, 0–100, by the scarcer of the two counts it needs. */
function progressOf(next: NonNullable<ShareInviteData['nextLevel']>): number {
  const part = (have: number, need: number) => (need === 0 ? 1 : Math.min(1, have / need));
  return Math.round(Math.min(part(next.haveDirect, next.needDirect), part(next.haveSecond, next.needSecond)) * 100);
}

function LevelCard({ data }: { data: ShareInviteData }) {
  const { t } = useTranslation();
  const next = data.nextLevel;
  return (
    <section className="section ref-level" data-testid="referral-level-card">
      <div className="ref-level__head">
        <span className="ref-level__badge" data-testid="referral-level">
          LV{data.level}
        </span>
        {next ? (
          <span className="ref-level__next">{t('referral.nextLevel', { level: `LV${next.level}` })}</span>
        ) : (
          <span className="ref-level__next">{t('referral.topLevel')}</span>
        )}
      </div>
      {next ? (
        <>
          <ProgressBar percent={progressOf(next)} className="ref-level__bar" />
          <p className="callout callout--small" data-testid="referral-next-need">
            {/* A level that asks for no second-tier members does not show a count against zero. */}
            {next.needSecond === 0
              ? t('referral.needDirect', { direct: isolateLtr(`${next.haveDirect}/${next.needDirect}`) })
              : t('referral.need', {
                  direct: isolateLtr(`${next.haveDirect}/${next.needDirect}`),
                  second: isolateLtr(`${next.haveSecond}/${next.needSecond}`),
                })}
          </p>
        </>
      ) : null}
      <dl className="fact-grid fact-grid--ruled ref-counts">
        {(
          [
            ['l1', data.counts.l1],
            ['l2', data.counts.l2],
            ['l3', data.counts.l3],
            ['qualifiedL1', data.counts.qualifiedL1],
            ['qualifiedL2', data.counts.qualifiedL2],
          ] as const
        ).map(([key, n]) => (
          <div key={key}>
            <dt>{t(`referral.counts.${key}`)}</dt>
            <dd data-testid={`referral-count-${key}`}>{n}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Income({ data }: { data: ShareInviteData }) {
  const { t } = useTranslation();
  return (
    <section className="hero-surface ref-income">
      <div>
        <p className="ref-income__label">{t('referral.totalIncome')}</p>
        <p className="ref-income__value" data-testid="referral-total-income">
          {isolateLtr(`${formatAmount(data.totalIncome)} USDT`)}
        </p>
      </div>
      <div>
        <p className="ref-income__label">{t('referral.todayIncome')}</p>
        <p className="ref-income__value" data-testid="referral-today-income">
          {isolateLtr(`${formatAmount(data.todayIncome)} USDT`)}
        </p>
      </div>
    </section>
  );
}

type Tab = 'team1' | 'team2' | 'team3' | 'rebates';

/**
 * The invite centre (mine → Invite friends): the code and link with copy, the QR poster to save, the level and the
 * way to the next, team counts, income, then the team by depth and the rebate records.
 */
export default function SharePage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: referralKeys.share, queryFn: ({ signal }) => referralApi.share(signal) });
  const [tab, setTab] = useState<Tab>('team1');
  const direction = useDirection();
  return (
    <Page
      title={t('referral.title')}
      back
      testId="referral-page"
      right={
        <Link to={ROUTES.shareRules} className="text-link" data-testid="referral-rules-link">
          {t('referral.rules')}
        </Link>
      }
    >
      <PullToRefresh onRefresh={() => query.refetch()}>
        <QueryView query={query} loading={<Skeleton.Paragraph lineCount={10} animated />}>
          {(data) => (
            <div className="stack">
              <Income data={data} />
              <section className="section">
                <dl className="ref-copies">
                  <CopyRow label={t('referral.inviteCode')} value={data.inviteCode} testId="referral-code" />
                  <CopyRow label={t('referral.inviteLink')} value={absolute(data.link)} testId="referral-link" />
                </dl>
              </section>
              <InvitePoster code={data.inviteCode} link={absolute(data.link)} />
              <LevelCard data={data} />
              <section className="section">
                <Tabs direction={direction} activeKey={tab} onChange={(k) => setTab(k as Tab)} className="ref-tabs">
                  {(['team1', 'team2', 'team3', 'rebates'] as const).map((k) => (
                    <Tabs.Tab
                      key={k}
                      title={
                        <span data-testid={`referral-tab-${k}`}>
                          {k === 'rebates' ? t('referral.rebates.title') : t(tierKey(Number(k.slice(-1))))}
                        </span>
                      }
                    />
                  ))}
                </Tabs>
                <div className="ref-tab-body">
                  {tab === 'rebates' ? (
                    <RebateList />
                  ) : (
                    <TeamList key={tab} depth={Number(tab.slice(-1)) as 1 | 2 | 3} />
                  )}
                </div>
              </section>
            </div>
          )}
        </QueryView>
      </PullToRefresh>
    </Page>
  );
}
