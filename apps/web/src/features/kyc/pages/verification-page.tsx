import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { PageSpinner } from '@/components/ui/page-spinner';
import { formatDateTime } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import type { UserVerificationData, VerificationLevel } from '@nexa/contract';
import { Button, PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import '../components/kyc.css';
import { StatusTag } from '../components/status-tag';
import { useVerification } from '../hooks/use-kyc-queries';
import { canSubmit } from '../model';

/** The shield; its check mark only once an identity is verified (an unverified one is not drawn as if it were). */
function ShieldArt({ checked }: { checked: boolean }) {
  return (
    <svg viewBox="0 0 64 64" width="56" height="56" fill="none" aria-hidden="true">
      <path
        d="M32 6 10 14v16c0 14 9.5 24 22 28 12.5-4 22-14 22-28V14L32 6Z"
        fill="var(--app-accent-soft)"
        stroke="var(--app-accent)"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      {checked ? (
        <path
          d="m22 32 7 7 13-14"
          stroke="var(--app-accent)"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : null}
    </svg>
  );
}

/** A level's status card; advanced waits for basic to be verified. */
function LevelCard({ level, data }: { level: VerificationLevel; data: UserVerificationData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = data[level];
  const locked = level === 'advanced' && data.basic.status !== 'verified';
  const id = `kyc-${level}`;
  const open = canSubmit(state) && !locked;
  const facts = [
    { label: t('kyc.name'), value: state.name, dir: 'auto' },
    { label: t('kyc.idNumber'), value: state.idNumber, dir: 'ltr' },
    { label: t('kyc.submittedAt'), value: state.submittedAt ? formatDateTime(state.submittedAt) : null, dir: 'ltr' },
  ];
  return (
    <section className={`kyc-level kyc-level--${state.status}`} data-testid={id} data-status={state.status}>
      <div className="kyc-level__head">
        <span className="icon-bubble icon-bubble--small tone--accent" aria-hidden="true">
          {level === 'basic' ? '1' : '2'}
        </span>
        <div className="kyc-level__titles">
          <h2 className="kyc-level__title">{t(`kyc.${level}.title`)}</h2>
          <p className="kyc-level__desc">{t(`kyc.${level}.desc`)}</p>
        </div>
        <StatusTag status={state.status} testId={`${id}-status`} />
      </div>
      {state.status !== 'unverified' && (state.name || state.idNumber) ? (
        <dl className="fact-list fact-list--muted fact-list--ruled kyc-level__facts">
          {facts.map(({ label, value, dir }) =>
            value ? (
              <div key={label}>
                <dt>{label}</dt>
                <dd dir={dir}>{value}</dd>
              </div>
            ) : null,
          )}
        </dl>
      ) : null}
      {state.status === 'rejected' ? (
        <p className="callout tone--danger" role="alert" data-testid={`${id}-reason`}>
          {t('kyc.rejectedReason', { reason: state.reason || t('kyc.noReason') })}
        </p>
      ) : null}
      {state.status === 'review' ? <p className="kyc-level__note">{t('kyc.reviewNote')}</p> : null}
      {locked && state.status === 'unverified' ? (
        <p className="kyc-level__note" data-testid={`${id}-locked`}>
          {t('kyc.basicFirst')}
        </p>
      ) : null}
      {state.status === 'verified' ? null : (
        <Button
          block
          color="primary"
          className="primary-button kyc-level__button"
          disabled={!open}
          onClick={() => navigate(level === 'basic' ? ROUTES.primary : ROUTES.primary2)}
          data-testid={`${id}-start`}
        >
          {state.status === 'rejected'
            ? t('kyc.resubmit')
            : state.status === 'review'
              ? t('kyc.status.review')
              : t('kyc.start')}
        </Button>
      )}
    </section>
  );
}

/**
 * Identity verification (spec §2 home/verification; the 402 target of §8): basic and advanced status (§4: not
 * verified, under review, verified, rejected with the reason), and the way to each form. Advanced opens once basic
 * is verified. While a review is pending the page reads the status again every few seconds.
 */
export default function VerificationPage() {
  const { t } = useTranslation();
  const verification = useVerification();
  const data = verification.data;

  return (
    <Page title={t('kyc.title')} back testId="verification-page">
      {verification.isPending ? (
        <PageSpinner />
      ) : verification.isError && !data ? (
        <ErrorState onRetry={() => void verification.refetch()} />
      ) : data ? (
        <PullToRefresh onRefresh={() => verification.refetch()}>
          <div className="stack">
            <section className="hero-surface kyc-hero">
              <ShieldArt checked={data.verified} />
              <div>
                {/* Verified names how far: basic alone is not "your identity is verified" while advanced is pending. */}
                <h2 className="kyc-hero__title" data-testid="kyc-summary" data-verified={data.verified}>
                  {!data.verified
                    ? t('kyc.heroTitle')
                    : data.advanced.status === 'verified'
                      ? t('kyc.heroVerified')
                      : t('kyc.heroBasicVerified')}
                </h2>
                <p className="kyc-hero__text">{t('kyc.heroText')}</p>
              </div>
            </section>
            <LevelCard level="basic" data={data} />
            <LevelCard level="advanced" data={data} />
            <p className="kyc-privacy">{t('kyc.privacy')}</p>
          </div>
        </PullToRefresh>
      ) : null}
    </Page>
  );
}
