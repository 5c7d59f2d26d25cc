import { ROUTES } from '@/lib/routes';
import { Dialog } from '@/shared/dialog';
import { type ListLook, ListStates } from '@/shared/list-states';
import { Segmented } from '@/shared/trading-bits';
import { Button } from 'antd-mobile';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
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

type FollowView = 'create' | 'published' | 'copies';
const FOLLOW_VIEWS: readonly FollowView[] = ['create', 'published', 'copies'];

/**
 * The plan a message's link names (`?tab=…&plan=<id>`, shared/futures-copy-panels.tsx) and the list it is looked
 * for in. Once it is in the list, `found` brings it forward (scrolled to, outlined, its sheet opened where the list
 * has one) and the address keeps only the tab, so going back or switching tabs does not do it again. Not in the
 * list once it has been read afresh: `missing` (the address is left as it is for it).
 */
function useLinkedPlan(
  items: readonly { id: string }[],
  query: { isSuccess: boolean; isFetching: boolean },
  box: RefObject<HTMLElement | null>,
  on: { found?: (id: string) => void; missing?: (id: string) => void } = {},
) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('plan');
  const [linked, setLinked] = useState<string | null>(null);
  const { found, missing } = on;
  const here = wanted !== null && items.some((r) => r.id === wanted);
  const read = query.isSuccess && !query.isFetching;
  useEffect(() => {
    if (wanted === null) return;
    if (!here) {
      if (read) missing?.(wanted);
      return;
    }
    setLinked(wanted);
    found?.(wanted);
    const rest = new URLSearchParams(params);
    rest.delete('plan');
    rest.delete('view');
    setParams(rest, { replace: true });
  }, [wanted, here, read, found, missing, params, setParams]);
  useEffect(() => {
    if (linked === null) return;
    box.current?.querySelector(`[data-id="${CSS.escape(linked)}"]`)?.scrollIntoView({ block: 'center' });
  }, [linked, box]);
  return linked;
}

/**
 * Futures → Invited me: plans I am invited to, with my state; a tap opens the plan to confirm or stop copying. A
 * message's link opens its invitation; one no longer open is in the copy history, where the link is passed on.
 */
export function InvitedTab() {
  const { t } = useTranslation();
  const live = useCopyEvents();
  const paged = useInvited(live);
  const sheet = useOpenRecord(paged.items);
  const box = useRef<HTMLDivElement>(null);
  const [, setParams] = useSearchParams();
  const { setOpenId } = sheet;
  const missing = useCallback(
    (plan: string) => setParams({ tab: 'follow', view: 'copies', plan }, { replace: true }),
    [setParams],
  );
  const linked = useLinkedPlan(paged.items, paged.query, box, { found: setOpenId, missing });
  return (
    <div className="copy-tab" data-testid="copy-invited" ref={box}>
      <CopyBar />
      <ListStates
        look={COPY_LIST}
        source={paged}
        // Once confirmed and placed, an invitation is a copy: the empty list says where it went, not "never invited".
        empty={{
          title: t('copy.empty.invited', {
            where: `${t('delivery.tabs.follow')} › ${t('copy.follow.copies')}`,
            interpolation: { escapeValue: false },
          }),
          testId: 'copy-invited-empty',
        }}
        label={t('delivery.tabs.invited')}
      >
        {(r) => <InvitedRow record={r} onOpen={() => sheet.setOpenId(r.id)} linked={r.id === linked} />}
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
  const box = useRef<HTMLDivElement>(null);
  const linked = useLinkedPlan(paged.items, paged.query, box);
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
    <div className="copy-view" ref={box}>
      <MyRecord />
      <ListStates
        look={COPY_LIST}
        source={paged}
        empty={{ title: t('copy.empty.published'), testId: 'copy-published-empty' }}
        label={t('copy.follow.published')}
      >
        {(plan) => (
          <PublishedRow plan={plan} linked={plan.id === linked}>
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
    </div>
  );
}

/** Copy history: my copies with stake, result, payout and profit share paid. */
function CopiesList({ live }: { live: boolean }) {
  const { t } = useTranslation();
  const paged = useCopies(live);
  const sheet = useOpenRecord(paged.items);
  const box = useRef<HTMLDivElement>(null);
  const linked = useLinkedPlan(paged.items, paged.query, box, { found: sheet.setOpenId });
  return (
    <div className="copy-view" ref={box}>
      <ListStates
        look={COPY_LIST}
        source={paged}
        empty={{ title: t('copy.empty.copies'), testId: 'copy-history-empty' }}
        label={t('copy.follow.copies')}
      >
        {(r) => <CopyHistoryRow record={r} onOpen={() => sheet.setOpenId(r.id)} linked={r.id === linked} />}
      </ListStates>
      <InvitationSheet record={sheet.open} onClose={sheet.close} />
    </div>
  );
}

/** Futures → Follow plan: create a plan, the publish history and the copy history (`?view=` names one). */
export function FollowTab() {
  const { t } = useTranslation();
  const live = useCopyEvents();
  const [params] = useSearchParams();
  const [view, setView] = useState<FollowView>(() => FOLLOW_VIEWS.find((v) => v === params.get('view')) ?? 'create');
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
