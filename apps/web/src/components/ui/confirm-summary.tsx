import { Dialog } from '@/shared/dialog';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { SummaryList, type SummaryRow } from './summary-list';

/**
 * Asks the user to confirm a money action on its summary (what is paid, received, from where): resolves true on
 * Confirm. The buttons' test ids are `<testId>-confirm` and `<testId>-cancel`.
 */
export function confirmSummary(
  t: TFunction,
  { title, rows, testId }: { title: ReactNode; rows: readonly (SummaryRow | null)[]; testId: string },
): Promise<boolean> {
  return Dialog.confirm({
    title,
    content: <SummaryList rows={rows} />,
    confirmText: <span data-testid={`${testId}-confirm`}>{t('common.confirm')}</span>,
    cancelText: <span data-testid={`${testId}-cancel`}>{t('common.cancel')}</span>,
  });
}
