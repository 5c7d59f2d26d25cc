import { StatusPill, type StatusTone } from '@/components/ui/status-pill';
import type { ReviewStatus } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

const TONE: Record<ReviewStatus, StatusTone> = { review: 'warning', approved: 'up', failed: 'danger' };

/** Review status of a deposit or withdrawal (spec §4): under review, approved, failed. */
export function StatusTag({ status, testId }: { status: ReviewStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusPill tone={TONE[status]} status={status} testId={testId}>
      {t(`funding.status.${status}`)}
    </StatusPill>
  );
}
