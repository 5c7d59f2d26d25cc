import { statusTag } from '@/components/ui/status-tag';
import type { VerificationStatus } from '@nexa/contract';

/** Spec §4 verification status as a coloured tag: not verified, under review, verified, rejected. */
export const StatusTag = statusTag<VerificationStatus>(
  { unverified: 'neutral', review: 'warning', verified: 'accent', rejected: 'danger' },
  (status) => `kyc.status.${status}`,
);
