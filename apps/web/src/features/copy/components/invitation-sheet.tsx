import { DangerButton, PrimaryButton } from '@/components/ui/primary-button';
import { isolateLtr } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { Dialog } from '@/shared/dialog';
import { Sheet, SheetActions } from '@/shared/sheet';
import { FactList } from '@/shared/sheet';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type CopyRow, useCopyBalance, useCopyCall, useLeaderProfile, useWinRate } from '../hooks/use-copy';
import { canConfirm, canWithdraw } from '../model';
import { PlanFacts, PlanPill, StatePill, usdt, when } from './plan-bits';

/** The leader's record: win rate, plans, followers, and their latest plans (spec §3 follow-plan fields). */
function LeaderCard({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const rate = useWinRate(uid);
  const profile = useLeaderProfile(uid);
  return (
    <section className="section copy-leader" data-testid="copy-leader-card">
      <header className="copy-leader__head">
        <h3 className="copy-title">{t('copy.leader.title')}</h3>
        <Link className="link link--strong" to={`${ROUTES.copyLeader}?uid=${uid}`} data-testid="copy-leader-link">
          {t('copy.leader.profile')}
        </Link>
      </header>
      {rate.data ? (
        <FactList
          className="fact-grid"
          rows={[
            {
              label: t('copy.leader.winRate'),
              value: rate.data.winRate === null ? '--' : isolateLtr(`${rate.data.winRate}%`),
              testId: 'copy-leader-win-rate',
            },
            { label: t('copy.leader.publications'), value: String(rate.data.publications) },
            { label: t('copy.leader.totalFollowers'), value: String(rate.data.totalFollowers) },
            { label: t('copy.leader.totalAmount'), value: usdt(rate.data.totalOrderAmount) },
          ]}
        />
      ) : (
        <Skeleton.Paragraph lineCount={2} animated />
      )}
      {profile.data && profile.data.recentPlans.length > 0 ? (
        <ul className="copy-mini-list" aria-label={t('copy.leader.recent')}>
          {profile.data.recentPlans.slice(0, 5).map((p) => (
            <li key={p.id} className="copy-mini">
              <span className="copy-mini__title">{p.title}</span>
              <span className="copy-mini__time">{when(p.orderTime)}</span>
              <PlanPill plan={p} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The last look before confirming a copy: the stake to hold, the profit share, the wallet it comes from. */
function ConfirmCopySheet({ record, onClose }: { record: CopyRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const confirm = useCopyCall('confirm');
  const balance = useCopyBalance();
  return (
    <Sheet
      visible={record !== null}
      title={t('copy.confirm.title')}
      pending={confirm.isPending}
      onClose={onClose}
      testId="copy-confirm-sheet"
      popupClassName="sheet"
      bodyClassName="stack copy-sheet__body"
    >
      {record ? (
        <>
          <FactList
            className="fact-list copy-confirm"
            rows={[
              { label: t('copy.confirm.stake'), value: usdt(record.quote), testId: 'copy-confirm-stake' },
              {
                label: t('copy.confirm.share'),
                value: isolateLtr(`${record.plan.profitSharePct}%`),
                testId: 'copy-confirm-share',
              },
              { label: t('copy.confirm.wallet'), value: t('copy.wallet'), testId: 'copy-confirm-wallet' },
              { label: t('copy.confirm.available'), value: usdt(balance.available) },
              { label: t('copy.fact.orderTime'), value: when(record.plan.orderTime) },
            ]}
          />
          <p className="callout callout--small">{t('copy.confirm.note', { pct: record.plan.profitSharePct })}</p>
          <SheetActions
            classes={{ row: 'confirm-sheet__actions', button: 'sheet-button' }}
            pending={confirm.isPending}
            cancel={{ label: t('common.cancel'), onClick: onClose, testId: 'copy-confirm-cancel' }}
            confirm={{
              label: t('copy.confirm.submit'),
              tone: 'copy',
              testId: 'copy-confirm-submit',
              onClick: () => confirm.mutateAsync(record.plan.id).then(onClose, () => undefined),
            }}
          />
        </>
      ) : null}
    </Sheet>
  );
}

/**
 * What the invitee can do: confirm (through the confirm sheet) or stop copying a confirmed plan (asked first), in
 * the app's two button styles: the primary call to action, and the red-lettered one for undoing.
 */
function InvitationActions({ record, onConfirm }: { record: CopyRow; onConfirm: () => void }) {
  const { t } = useTranslation();
  const withdraw = useCopyCall('withdraw');
  const now = Date.now();
  const ask = async () => {
    const ok = await Dialog.confirm({
      title: t('copy.withdraw.title'),
      content: t('copy.withdraw.body', { amount: usdt(record.stake) }),
      confirmText: <span data-testid="copy-withdraw-confirm">{t('copy.withdraw.submit')}</span>,
      cancelText: t('common.cancel'),
    });
    if (ok) await withdraw.mutateAsync(record.plan.id).catch(() => undefined);
  };
  if (canConfirm(record, now)) {
    return (
      <PrimaryButton onClick={onConfirm} testId="copy-open-confirm">
        {t('copy.confirm.open')}
      </PrimaryButton>
    );
  }
  if (canWithdraw(record, now)) {
    return (
      <DangerButton loading={withdraw.isPending} onClick={() => void ask()} testId="copy-withdraw">
        {t('copy.withdraw.open')}
      </DangerButton>
    );
  }
  return null;
}

/**
 * An invitation's detail: the plan, my state and stake, the leader's win rate and latest plans, and the confirm or
 * withdraw action. `record` is kept current by the list it came from (the id is looked up there).
 */
export function InvitationSheet({ record, onClose }: { record: CopyRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Sheet
        visible={record !== null}
        title={record?.plan.title ?? ''}
        onClose={onClose}
        testId="copy-invitation-sheet"
        popupClassName="sheet copy-sheet"
        bodyClassName="stack copy-sheet__body"
      >
        {record ? (
          <>
            <div className="copy-sheet__state">
              <StatePill state={record.state} testId="copy-invitation-state" />
              {record.auto ? <span className="badge tone--accent">{t('copy.auto')}</span> : null}
            </div>
            <PlanFacts
              plan={record.plan}
              extra={[
                record.stake !== null
                  ? { label: t('copy.fact.stake'), value: usdt(record.stake), testId: 'copy-invitation-stake' }
                  : { label: t('copy.fact.quote'), value: usdt(record.quote), testId: 'copy-invitation-quote' },
                record.payout !== null && { label: t('copy.fact.payout'), value: usdt(record.payout) },
                record.profitShare !== null && { label: t('copy.fact.sharePaid'), value: usdt(record.profitShare) },
                record.refundReason && {
                  label: t('copy.fact.refundReason'),
                  value: t(`copy.refund.${record.refundReason}`),
                },
              ]}
            />
            <InvitationActions record={record} onConfirm={() => setConfirming(true)} />
            <LeaderCard uid={record.plan.leader.uid} />
          </>
        ) : null}
      </Sheet>
      <ConfirmCopySheet record={confirming ? record : null} onClose={() => setConfirming(false)} />
    </>
  );
}
