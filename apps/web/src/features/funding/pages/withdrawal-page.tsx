import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { PrimaryButton } from '@/components/ui/primary-button';
import { RecordsLink } from '@/components/ui/records-link';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { Skeleton, Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { DemoNotice } from '../components/demo-notice';
import '../components/funding.css';
import { confirmWithdrawal } from '../components/withdrawal-confirm';
import { WithdrawalAmount, WithdrawalPasswordInput } from '../components/withdrawal-fields';
import { WithdrawalNotice } from '../components/withdrawal-notice';
import { askPrerequisites } from '../components/withdrawal-prerequisites';
import { WithdrawalSheets } from '../components/withdrawal-sheets';
import { BankTarget, CryptoTarget, MethodTabs } from '../components/withdrawal-target';
import { useWithdrawalForm } from '../hooks/use-withdrawal-form';
import { missingPrerequisites } from '../model';

/**
 * Withdrawal (spec §2): bank card or crypto, currency, the bound address or card, amount with All, the fee and what
 * is frozen, the withdrawal password and the notice (§9). What must be in place (verified, password set, address or
 * card bound) is checked before the confirm opens, with a way to each fix; the form is kept across that detour.
 * The server checks all of it again: 402 and 403 redirect (lib/request.ts), other refusals are toasted.
 */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useWithdrawalForm();
  const [sheet, setSheet] = useState<'currency' | 'chain' | null>(null);
  const { payment, submitWithdrawal } = form;
  const p = payment.data;

  const { run: submit, running } = useSingleFlight(async () => {
    // What must be in place first (verified, password, address or card, the address past its waiting time): said
    // before anything else is asked.
    const usableAt = form.boundAddress?.usableAt;
    const missing = p ? missingPrerequisites(p, form.activeMethod, form.activeChain, usableAt) : [];
    if (missing.length > 0) {
      const to = await askPrerequisites(t, missing, form.activeChain, usableAt);
      if (to) navigate(to);
      return;
    }
    const input = form.checkedInput();
    if (!input) return;
    if (!(await confirmWithdrawal(t, input, form))) return;
    try {
      await submitWithdrawal.mutateAsync(input);
      form.forgetDraft();
      form.set.password('');
      Toast.show({ icon: 'success', content: t('funding.withdraw.submitted'), duration: 2000 });
      navigate(ROUTES.withdrawalRecord, { replace: true });
    } catch (error) {
      // Toasted by the request helper (402/403 also redirect); the password may have been wrong: let it be retyped.
      form.set.password('');
      form.totp.fromRefusal(error);
    }
  });

  return (
    <Page
      title={t('funding.withdraw.title')}
      back
      testId="withdrawal-page"
      right={
        <RecordsLink
          to={ROUTES.withdrawalRecord}
          label={t('funding.withdrawalRecord.title')}
          testId="withdrawal-records"
        />
      }
    >
      {payment.isPending ? (
        <div className="stack" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : payment.isError || !p ? (
        <ErrorState onRetry={() => void payment.refetch()} />
      ) : (
        <div className="stack">
          <DemoNotice text={t('funding.withdraw.realOnlyDemo')} />
          {p.withdrawalsFrozen ? (
            // Paused by an operator: said before the form is filled in, with where to ask; the server refuses anyway.
            <Prompt
              to={ROUTES.service}
              text={t('funding.withdraw.paused')}
              action={t('funding.withdraw.pausedAction')}
              testId="withdraw-paused"
              alert
            />
          ) : null}
          {!p.identityVerified ? (
            <Prompt
              to={ROUTES.verification}
              text={t('funding.withdraw.verifyFirst')}
              action={t('funding.withdraw.verifyNow')}
              testId="withdraw-verify-prompt"
            />
          ) : null}
          <MethodTabs form={form} />
          {form.activeMethod === 'crypto' ? (
            <CryptoTarget form={form} onSheet={setSheet} />
          ) : (
            <BankTarget form={form} bankCurrency={p.bankCurrency} />
          )}
          <WithdrawalAmount form={form} minUsd={p.minUsd} maxUsd={p.maxUsd} />
          <WithdrawalPasswordInput form={form} passwordSet={p.hasWithdrawalPassword} />
          <PrimaryButton
            loading={submitWithdrawal.isPending}
            disabled={running || submitWithdrawal.isPending || p.withdrawalsFrozen}
            onClick={() => void submit()}
            testId="withdraw-submit"
          >
            {t('funding.withdraw.submit')}
          </PrimaryButton>
          <WithdrawalNotice payment={p} />
        </div>
      )}
      <WithdrawalSheets form={form} sheet={sheet} onClose={() => setSheet(null)} />
    </Page>
  );
}

/** What stands before a withdrawal, said above the form, with the page that sees to it. */
function Prompt(props: { to: string; text: string; action: string; testId: string; alert?: boolean }) {
  return (
    <Link to={props.to} className="funding-prompt" role={props.alert ? 'alert' : undefined} data-testid={props.testId}>
      <span>{props.text}</span>
      <span className="funding-prompt__action">
        {props.action}
        <RightOutline className="flip-rtl" />
      </span>
    </Link>
  );
}
