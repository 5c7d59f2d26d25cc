import { StatusPill, type StatusTone } from '@/components/ui/status-pill';
import type { VerificationStatus } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

const TONE: Record<VerificationStatus, StatusTone> = {
  unverified: 'neutral',
  review: 'warning',
  verified: 'accent',
  rejected: 'danger',
};

/** Spec §4 verification status as a coloured tag: not verified, under review, verified, rejected. */
export function StatusTag({ status, testId }: { status: VerificationStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusPill tone={TONE[status]} status={status} testId={testId}>
      {t(`kyc.status.${status}`)}
    </StatusPill>
  );
}
