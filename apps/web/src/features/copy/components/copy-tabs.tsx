import { ROUTES } from '@/lib/routes';
import { Dialog } from '@/shared/dialog';
import { type ListLook, ListStates } from '@/shared/list-states';
import { Segmented } from '@/shared/trading-bits';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  type CopyRow,
  useCancelPlan,
  useCopies,
  useCopyBalance,
  useCopyEvents,
  useInvited,
  usePublished,
  useWinRate,
} from '../hooks/use-copy';
import { canCancelPlan } from '../model';
import '../copy.css';
import { CopyHistoryRow, InvitedRow, PublishedRow } from './copy-rows';
import { InvitationSheet } from './invitation-sheet';
import { InviteMoreSheet } from './invite-more-sheet';
import { usdt } from './plan-bits';
import { PlanFormView } from './plan-form';

const COPY_LIST: ListLook = { list: 'copy-list', row: 'copy-card', more: 'copy-list__more' };

/** The copy-trading wallet's balance and the way to the copy settings. */
function CopyBar() {
  const { t } = useTranslation();
  const balance = useCopyBalance();
  return (
    <div className="copy-bar">
      <span className="copy-bar__wallet">
        {t('copy.wallet')}: <strong data-testid="copy-wallet-available">{usdt(balance.available)}</strong>
      </span>
      <Link to={ROUTES.copySettings} className="link link--strong" data-testid="copy-settings-link">
        {t('copy.settings.title')}
      </Link>
    </div>
  );
}

/** Opens a record of a list in the invitation sheet, kept current from the list. */
function useOpenRecord(items: readonly CopyRow[]) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = openId === null ? null : (items.find((r) => r.id === openId) ?? null);
  return { open, setOpenId, close: () => setOpenId(null) };
}

/** Futures → Invited me: plans I am invited to, with my state; a tap opens the plan to confirm or withdraw. */
export function InvitedTab() {
  const { t } = useTranslation();
  const live = useCopyEvents();
  const paged = useInvited(live);
  const sheet = useOpenRecord(paged.items);
  return (
    <div className="copy-tab" data-testid="copy-invited">
      <CopyBar />
      <ListStates
        look={COPY_LIST}
        source={paged}
        empty={{ title: t('copy.empty.invited'), testId: 'copy-invited-empty' }}
        label={t('delivery.tabs.invited')}
      >
        {(r) => <InvitedRow record={r} onOpen={() => sheet.setOpenId(r.id)} />}
      </ListStates>
      <InvitationSheet record={sheet.open} onClose={sheet.close} />
    </div>
  );
}

/** My win rate and figures as a leader, over the publish history. */
function MyRecord() {
  const { t } = useTranslation();
  const rate = useWinRate();
  if (!rate.data) return null;
  const d = rate.data;
  return (
    <div className="copy-bar" data-testid="copy-my-record">
      <span>
        {t('copy.leader.winRate')}:{' '}
        <strong data-testid="copy-my-win-rate">{d.winRate === null ? '--' : `${d.winRate}%`}</strong>
      </span>
      <span>
        {t('copy.leader.publications')}: <strong data-testid="copy-my-publications">{d.publications}</strong>
      </span>
      <span>
        {t('copy.leader.totalFollowers')}: <strong>{d.totalFollowers}</strong>
      </span>
    </div>
  );
}

/** Publish history: my plans with cancel (open ones, before the order time) and invite more. */
function PublishedList({ live }: { live: boolean }) {
  const { t } = useTranslation();
  const paged = usePublished(live);
  const cancel = useCancelPlan();
  const [inviting, setInviting] = useState<string | null>(null);
  const ask = async (planId: string) => {
    const ok = await Dialog.confirm({
      title: t('copy.cancelPlan.title'),
      content: t('copy.cancelPlan.body'),
      confirmText: <span data-testid="copy-cancel-plan-confirm">{t('copy.cancelPlan.submit')}</span>,
      cancelText: t('common.cancel'),
    });
    if (ok) await cancel.mutateAsync(planId).catch(() => undefined);
  };
  return (
    <>
      <MyRecord />
      <ListStates
        look={COPY_LIST}
        source={paged}
        empty={{ title: t('copy.empty.published'), testId: 'copy-published-empty' }}
        label={t('copy.follow.published')}
      >
        {(plan) => (
          <PublishedRow plan={plan}>
            {canCancelPlan(plan, Date.now()) ? (
              <>
                <Button size="small" onClick={() => setInviting(plan.id)} data-testid="copy-invite-more">
                  {t('copy.invite.open')}
                </Button>
                <Button
                  size="small"
                  color="danger"
                  fill="outline"
                  loading={cancel.isPending && cancel.variables === plan.id}
                  onClick={() => void ask(plan.id)}
                  data-testid="copy-cancel-plan"
                >
                  {t('copy.cancelPlan.open')}
                </Button>
              </>
            ) : null}
          </PublishedRow>
        )}
      </ListStates>
      <InviteMoreSheet planId={inviting} onClose={() => setInviting(null)} />
    </>
  );
}

/** Copy history: my copies with stake, result, payout and profit share paid. */
function CopiesList({ live }: { live: boolean }) {
  const { t } = useTranslation();
  const paged = useCopies(live);
  const sheet = useOpenRecord(paged.items);
  return (
    <>
      <ListStates
        look={COPY_LIST}
        source={paged}
        empty={{ title: t('copy.empty.copies'), testId: 'copy-history-empty' }}
        label={t('copy.follow.copies')}
      >
        {(r) => <CopyHistoryRow record={r} onOpen={() => sheet.setOpenId(r.id)} />}
      </ListStates>
      <InvitationSheet record={sheet.open} onClose={sheet.close} />
    </>
  );
}

type FollowView = 'create' | 'published' | 'copies';

/** Futures → Follow plan: create a plan, the publish history and the copy history. */
export function FollowTab() {
  const { t } = useTranslation();
  const live = useCopyEvents();
  const [view, setView] = useState<FollowView>('create');
  return (
    <div className="copy-tab" data-testid="copy-follow">
      <Segmented
        className="segmented copy-views"
        item="segmented__item"
        srOnly="sr-only"
        legend={t('delivery.tabs.follow')}
        value={view}
        onChange={setView}
        options={(['create', 'published', 'copies'] as const).map((v) => ({
          value: v,
          label: t(`copy.follow.${v}`),
          testId: `copy-view-${v}`,
        }))}
      />
      {view === 'create' ? <PlanFormView onPublished={() => setView('published')} /> : null}
      {view === 'published' ? <PublishedList live={live} /> : null}
      {view === 'copies' ? <CopiesList live={live} /> : null}
    </div>
  );
}
