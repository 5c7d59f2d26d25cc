import { useTranslation } from 'react-i18next';

/** The top of a verification form: why the last request was refused (when it was), then what this level asks. */
export function FormHead({ previous, intro }: { previous: { status: string; reason?: string | null }; intro: string }) {
  const { t } = useTranslation();
  return (
    <>
      {previous.status === 'rejected' ? (
        <p className="callout tone--danger" role="alert" data-testid="kyc-rejected">
          {t('kyc.rejectedReason', { reason: previous.reason || t('kyc.noReason') })}
        </p>
      ) : null}
      <p className="kyc-intro">{intro}</p>
    </>
  );
}
