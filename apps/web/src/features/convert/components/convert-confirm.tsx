import { Figure } from '@/components/ui/figure';
import { SummaryList } from '@/components/ui/summary-list';
import { formatDecimal } from '@/lib/format';
import type { Currency, SdQuoteData } from '@nexa/contract';
import { Dialog } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { formatRate } from '../model';

/** Asks the user to confirm a convert at a fresh quote: pay, receive, rate, slippage and the minimum received. */
export function confirmConvert(
  t: TFunction,
  order: { amount: string; from: Currency; to: Currency; slippage: string; worst: string | null },
  fresh: SdQuoteData,
): Promise<boolean> {
  const { amount, from, to, slippage, worst } = order;
  return Dialog.confirm({
    title: t('convert.confirmTitle'),
    content: (
      <SummaryList
        rows={[
          {
            label: t('convert.pay'),
            value: (
              <>
                <Figure>{formatDecimal(amount)}</Figure> {from}
              </>
            ),
          },
          {
            label: t('convert.receive'),
            value: (
              <>
                ≈ <Figure>{formatDecimal(fresh.receive)}</Figure> {to}
              </>
            ),
          },
          {
            label: t('convert.rate'),
            value: (
              <Figure>
                1 {from} ≈ {formatRate(fresh.rate)} {to}
              </Figure>
            ),
          },
          { label: t('convert.slippage'), value: <Figure>{slippage}%</Figure> },
          worst
            ? {
                label: t('convert.minimum'),
                value: (
                  <>
                    <Figure>{formatDecimal(worst)}</Figure> {to}
                  </>
                ),
              }
            : null,
        ]}
      />
    ),
    confirmText: <span data-testid="convert-confirm">{t('common.confirm')}</span>,
    cancelText: <span data-testid="convert-cancel">{t('common.cancel')}</span>,
  });
}
