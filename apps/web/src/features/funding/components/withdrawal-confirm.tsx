import { Figure } from '@/components/ui/figure';
import { SummaryList } from '@/components/ui/summary-list';
import { formatAmount, formatDecimal } from '@/lib/format';
import { Dialog } from '@/shared/dialog';
import type { TFunction } from 'i18next';
import type { WithdrawalForm, WithdrawalInput } from '../hooks/use-withdrawal-form';

/** `12.50 USDT`, or a bare dash while there is nothing to show. */
export const withUnit = (value: string | null, currency: string | undefined) =>
  value === null ? '--' : `${value} ${currency ?? ''}`.trim();

/** Asks the user to confirm the withdrawal: method, what arrives, the fee and what is frozen. */
export function confirmWithdrawal(t: TFunction, input: WithdrawalInput, form: WithdrawalForm): Promise<boolean> {
  const { scale, fee, total } = form;
  return Dialog.confirm({
    title: t('funding.withdraw.confirmTitle'),
    content: (
      <SummaryList
        rows={[
          { label: t('funding.withdraw.method'), value: t(`funding.method.${input.method}`) },
          {
            label: t('funding.withdraw.receive'),
            value: <Figure>{withUnit(formatAmount(input.amount, scale), input.currency)}</Figure>,
          },
          {
            label: t('funding.withdraw.fee'),
            value: <Figure>{withUnit(fee ? formatDecimal(fee) : null, input.currency)}</Figure>,
          },
          {
            label: t('funding.withdraw.total'),
            value: <Figure>{withUnit(total ? formatDecimal(total) : null, input.currency)}</Figure>,
          },
        ]}
      />
    ),
    confirmText: <span data-testid="withdraw-confirm">{t('common.confirm')}</span>,
    cancelText: <span data-testid="withdraw-cancel">{t('common.cancel')}</span>,
  });
}
