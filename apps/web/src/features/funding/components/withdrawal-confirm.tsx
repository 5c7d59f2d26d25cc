import { Figure } from '@/components/ui/figure';
import { SummaryList, type SummaryRow } from '@/components/ui/summary-list';
import { formatAmount, formatDecimal } from '@/lib/format';
import { Dialog } from '@/shared/dialog';
import { maskBankAccount } from '@nexa/contract';
import type { TFunction } from 'i18next';
import type { WithdrawalForm, WithdrawalInput } from '../hooks/use-withdrawal-form';

/** `12.50 USDT`, or a bare dash while there is nothing to show. */
export const withUnit = (value: string | null, currency: string | undefined) =>
  value === null ? '--' : `${value} ${currency ?? ''}`.trim();

/**
 * Where the money goes, the last thing checked before it leaves: for crypto the network and the whole address (its
 * label above it), since a wrong chain or address cannot be undone; for a bank card the bank and the card, masked.
 */
function destinationRows(t: TFunction, input: WithdrawalInput, form: WithdrawalForm): SummaryRow[] {
  if (input.method === 'crypto') {
    const label = form.boundAddress?.address === input.address ? form.boundAddress?.label : null;
    return [
      { label: t('funding.withdraw.chain'), value: <Figure testId="withdraw-confirm-chain">{input.chain}</Figure> },
      {
        label: t('funding.withdraw.address'),
        value: (
          <span className="fd-confirm-target" data-testid="withdraw-confirm-address">
            {label ? <span dir="auto">{label}</span> : null}
            <Figure className="fd-bound__mono">{input.address}</Figure>
          </span>
        ),
      },
    ];
  }
  const card = form.bank.data;
  return [
    {
      label: t('funding.withdraw.card'),
      value: card ? (
        <span className="fd-confirm-target" data-testid="withdraw-confirm-card">
          <span dir="auto">{card.bankName}</span>
          <Figure>{maskBankAccount(card.cardNumber)}</Figure>
        </span>
      ) : (
        '--'
      ),
    },
  ];
}

/** Asks the user to confirm the withdrawal: method, where it goes, what arrives, the fee and what is frozen. */
export function confirmWithdrawal(t: TFunction, input: WithdrawalInput, form: WithdrawalForm): Promise<boolean> {
  const { scale, fee, total } = form;
  return Dialog.confirm({
    title: t('funding.withdraw.confirmTitle'),
    content: (
      <SummaryList
        rows={[
          { label: t('funding.withdraw.method'), value: t(`funding.method.${input.method}`) },
          ...destinationRows(t, input, form),
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
