import type { VerificationStatus } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

/** Spec §4 verification status as a coloured tag: not verified, under review, verified, rejected. */
export function StatusTag({ status, testId }: { status: VerificationStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`kyc-tag kyc-tag--${status}`} data-testid={testId} data-status={status}>
      {t(`kyc.status.${status}`)}
    </span>
  );
}
