import type { ReviewStatus } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

/** Review status of a deposit or withdrawal (spec §4): under review, approved, failed. */
export function StatusTag({ status, testId }: { status: ReviewStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`fd-status fd-status--${status}`} data-testid={testId} data-status={status}>
      {t(`funding.status.${status}`)}
    </span>
  );
}
