import { PagedList } from '@/components/ui/paged-list';
import { StatusPill } from '@/components/ui/status-pill';
import { formatDateTime, isolateLtr } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import type { TeamMember } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { referralApi, referralKeys } from '../api/referral-api';

type Row = TeamMember & { id: string };

/** One depth of the team, page by page: who, when invited, their level, whether they qualified. */
export function TeamList({ depth }: { depth: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  const paged = usePagedList<Row>(referralKeys.team(depth), async (page, pageSize, signal) => {
    const data = await referralApi.team({ depth, page, pageSize }, signal);
    return { ...data, list: data.list.map((m) => ({ ...m, id: String(m.uid) })) };
  });
  return (
    <PagedList
      paged={paged}
      label={t('referral.team.title')}
      empty={t('referral.team.empty')}
      skeletonLines={2}
      renderItem={(m) => (
        <div className="record-card ref-member" data-testid="referral-member">
          <div className="ref-member__head">
            <strong dir="ltr">{m.nickname}</strong>
            <StatusPill tone={m.qualified ? 'up' : 'neutral'} status={m.qualified ? 'qualified' : 'not-qualified'}>
              {t(m.qualified ? 'referral.team.qualified' : 'referral.team.notQualified')}
            </StatusPill>
          </div>
          <dl className="fact-list fact-list--muted">
            <div>
              <dt>UID</dt>
              <dd dir="ltr">{m.uid}</dd>
            </div>
            <div>
              <dt>{t('referral.team.invitedAt')}</dt>
              <dd>{isolateLtr(formatDateTime(m.invitedAt))}</dd>
            </div>
            <div>
              <dt>{t('referral.level')}</dt>
              <dd data-testid="referral-member-level">LV{m.level}</dd>
            </div>
          </dl>
        </div>
      )}
    />
  );
}
