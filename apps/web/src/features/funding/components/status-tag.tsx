import { statusTag } from '@/components/ui/status-tag';
import type { ReviewStatus } from '@nexa/contract';

/** Review status of a deposit or withdrawal (spec §4): under review, approved, failed. */
export const StatusTag = statusTag<ReviewStatus>(
  { review: 'warning', approved: 'up', failed: 'danger' },
  (status) => `funding.status.${status}`,
);
