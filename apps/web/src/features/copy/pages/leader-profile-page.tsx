import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { DangerButton, PrimaryButton } from '@/components/ui/primary-button';
import { QueryView } from '@/components/ui/query-view';
import { formatSigned, isolateLtr } from '@/lib/format';
import { useSession } from '@/lib/session-store';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useAccountMode } from '@/shared/account-mode';
import type { LeaderProfileData } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { copyApi, copyKeys } from '../api/copy-api';
import { PlanHead, PlanPill, when } from '../components/plan-bits';
import { isUnknownUid, useLeaderProfile } from '../hooks/use-copy';
import { parseUid } from '../model';
import '../copy.css';

/** Win rate, ROI and P/L over 7, 30 and 90 days, from settled plans only. */
function Windows({ data }: { data: LeaderProfileData }) {
  const { t } = useTranslation();
  return (
    <table className="copy-windows" data-testid="copy-leader-windows">
      <thead>
        <tr>
          <th scope="col">{t('copy.leader.window')}</th>
          <th scope="col">{t('copy.leader.winRate')}</th>
          <th scope="col">{t('copy.leader.roi')}</th>
          <th scope="col">{t('copy.leader.settled')}</th>
        </tr>
      </thead>
      <tbody>
        {data.windows.map((w) => (
          <tr key={w.days} data-testid={`copy-leader-window-${w.days}`}>
            <th scope="row">{t('copy.leader.days', { n: w.days })}</th>
            <td>{w.winRate === null ? '--' : isolateLtr(`${w.winRate}%`)}</td>
            <td className={w.roi?.startsWith('-') ? 'tone--down' : 'tone--up'}>
              {w.roi === null ? '--' : isolateLtr(`${formatSigned(w.roi)}%`)}
            </td>
            <td>{`${w.won} / ${w.settled}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Follow this leader's future plans automatically (within my limits), or stop. */
function AutoFollowButton({ data }: { data: LeaderProfileData }) {
  const { t } = useTranslation();
  const mode = useAccountMode();
  const client = useQueryClient();
  const toggle = useSingleFlight(async () => {
    try {
      await copyApi.autoFollow(data.leader.uid, !data.autoFollowedByMe);
      await client.invalidateQueries({ queryKey: copyKeys.leader(mode, data.leader.uid) });
      void client.invalidateQueries({ queryKey: copyKeys.autoFollows(mode) });
    } catch {
      // Toasted.
    }
  });
  // The app's two button styles: the primary call to action to start, the red-lettered one to stop.
  return (
    <>
      {data.autoFollowedByMe ? (
        <DangerButton
          loading={toggle.running}
          onClick={() => void toggle.run()}
          testId="copy-leader-auto"
          data-on="true"
        >
          {t('copy.leader.autoOff')}
        </DangerButton>
      ) : (
        <PrimaryButton
          loading={toggle.running}
          onClick={() => void toggle.run()}
          testId="copy-leader-auto"
          data-on="false"
        >
          {t('copy.leader.autoOn')}
        </PrimaryButton>
      )}
      <p className="callout callout--small">{t('copy.settings.autoHint')}</p>
    </>
  );
}

function Profile({ data }: { data: LeaderProfileData }) {
  const { t } = useTranslation();
  const ownUid = useSession((s) => s.user?.uid);
  return (
    <div className="stack">
      <section className="section stack">
        <h2 className="copy-leader__name" data-testid="copy-leader-name">
          {data.leader.nickname} <span className="copy-chip__uid">{isolateLtr(`UID ${data.leader.uid}`)}</span>
        </h2>
        <dl className="fact-grid">
          <div>
            <dt>{t('copy.leader.publications')}</dt>
            <dd data-testid="copy-leader-publications">{data.publications}</dd>
          </div>
          <div>
            <dt>{t('copy.leader.totalFollowers')}</dt>
            <dd>{data.totalFollowers}</dd>
          </div>
          <div>
            <dt>{t('copy.leader.autoFollowers')}</dt>
            <dd>{data.autoFollowers}</dd>
          </div>
          <div>
            <dt>{t('copy.leader.streak')}</dt>
            <dd data-testid="copy-leader-streak">{data.worstLosingStreak}</dd>
          </div>
        </dl>
        <Windows data={data} />
        <p className="callout callout--small">{t('copy.leader.basis')}</p>
      </section>
      {ownUid !== data.leader.uid ? <AutoFollowButton data={data} /> : null}
      <section className="section stack">
        <h2 className="copy-title">{t('copy.leader.recent')}</h2>
        {data.recentPlans.length === 0 ? (
          <EmptyState title={t('copy.empty.leaderPlans')} />
        ) : (
          <ul className="copy-list">
            {data.recentPlans.map((p) => (
              <li key={p.id} className="copy-card" data-testid="copy-leader-plan">
                <PlanHead plan={p} side={<PlanPill plan={p} />} />
                <p className="copy-card__title">{p.title}</p>
                <p className="meta-row">{when(p.orderTime)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A leader's profile (issue 14): computed by the server from settled plans only; `?uid=` names the leader. */
export default function LeaderProfilePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = parseUid(params.get('uid') ?? '');
  const query = useLeaderProfile(uid);
  return (
    <Page title={t('copy.leader.pageTitle')} back testId="copy-leader-page">
      {uid === null ? (
        // A link without a leader's UID (in-app links always carry one): what the server says of an unknown UID,
        // not the invitation form's input error.
        <ErrorState title={t('copy.errors.unknownUid')} />
      ) : query.data === undefined && isUnknownUid(query.error) ? (
        // A stale or edited link: nobody has this UID, which no retry can change.
        <ErrorState title={t('copy.errors.unknownUid')} testId="copy-leader-unknown" />
      ) : (
        <QueryView query={query} loading={<Skeleton.Paragraph lineCount={10} animated />}>
          {(data) => <Profile data={data} />}
        </QueryView>
      )}
    </Page>
  );
}
