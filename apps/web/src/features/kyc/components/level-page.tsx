import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { PageSpinner } from '@/components/ui/page-spinner';
import { PrimaryButton } from '@/components/ui/primary-button';
import { SubmitForm } from '@/components/ui/submit-form';
import { ROUTES } from '@/lib/routes';
import type { UserVerificationData, VerificationLevel, VerificationState } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useVerification } from '../hooks/use-kyc-queries';
import { canSubmit } from '../model';
import { FormHead } from './form-head';
import './kyc.css';
import { StateNotice } from './state-notice';

/** The spec's names of the levels' pages (mine/primary, mine/primary2), which their test ids follow. */
const PAGE: Record<VerificationLevel, string> = { basic: 'primary', advanced: 'primary2' };

/**
 * The page of a level's form: the form (`children`) when the level may be (re)submitted; otherwise what is going
 * on (under review, verified, advanced waiting for basic) and the way to the status page.
 */
export function LevelPage({
  level,
  children,
}: { level: VerificationLevel; children: (data: UserVerificationData) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verification = useVerification();
  const data = verification.data;
  const go = (to: string) => navigate(to, { replace: true });

  let body: ReactNode;
  if (verification.isPending) body = <PageSpinner />;
  else if (!data) body = <ErrorState onRetry={() => void verification.refetch()} />;
  else if (level === 'advanced' && data.basic.status !== 'verified') {
    body = (
      <StateNotice
        tone="locked"
        title={t('kyc.basicFirst')}
        text={t('kyc.basicStatus', { status: t(`kyc.status.${data.basic.status}`) })}
        action={canSubmit(data.basic) ? t('kyc.basic.title') : t('kyc.viewStatus')}
        onAction={() => go(canSubmit(data.basic) ? ROUTES.primary : ROUTES.verification)}
      />
    );
  } else if (!canSubmit(data[level])) {
    const { status } = data[level];
    body = (
      <StateNotice
        tone={status === 'verified' ? 'verified' : 'review'}
        title={t(`kyc.status.${status}`)}
        text={status === 'verified' ? t(`kyc.${level}.done`) : t('kyc.reviewNote')}
        action={t('kyc.viewStatus')}
        onAction={() => go(ROUTES.verification)}
      />
    );
  } else body = children(data);

  return (
    <Page title={t(`kyc.${level}.title`)} back testId={`${PAGE[level]}-page`}>
      {body}
    </Page>
  );
}

/**
 * A level's form: why the last request was refused, what the level asks, the fields, the submit button (`submit`
 * runs once at a time), the privacy note.
 */
export function LevelForm({
  level,
  previous,
  submit,
  uploading = false,
  children,
}: {
  level: VerificationLevel;
  previous: VerificationState;
  submit: { run: () => unknown; running: boolean };
  /** A photo is still uploading: submitting waits, and the button says why. */
  uploading?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SubmitForm onSubmit={submit.run}>
      <FormHead previous={previous} intro={t(`kyc.${level}.intro`)} />
      {children}
      <PrimaryButton type="submit" loading={submit.running} disabled={submit.running || uploading} testId="kyc-submit">
        {uploading ? t('kyc.uploading') : t('kyc.submit')}
      </PrimaryButton>
      <p className="kyc-privacy">{t('kyc.privacy')}</p>
    </SubmitForm>
  );
}
