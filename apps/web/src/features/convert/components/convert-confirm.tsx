import { confirmSummary } from '@/components/ui/confirm-summary';
import { Figure, UnitFigure } from '@/components/ui/figure';
import { formatAmount } from '@/lib/format';
import type { Currency, SdQuoteData } from '@nexa/contract';
import type { TFunction } from 'i18next';
import { rateText } from '../model';

/**
 * Asks the user to confirm a convert at a fresh quote: pay, receive, rate, slippage and the minimum received.
 * Amounts show their currency's decimals (`scaleOf`) like every amount of the app: "1000" typed is "1,000.00 USDT".
 */
export function confirmConvert(
  t: TFunction,
  order: { amount: string; from: Currency; to: Currency; slippage: string; worst: string | null },
  fresh: SdQuoteData,
  scaleOf: (currency: Currency) => number,
): Promise<boolean> {
  const { amount, from, to, slippage, worst } = order;
  return confirmSummary(t, {
    title: t('convert.confirmTitle'),
    testId: 'convert',
    rows: [
      {
        label: t('convert.pay'),
        value: (
          <UnitFigure unit={from} testId="convert-confirm-pay">
            {formatAmount(amount, scaleOf(from))}
          </UnitFigure>
        ),
      },
      {
        label: t('convert.receive'),
        value: (
          <UnitFigure unit={to} approx testId="convert-confirm-receive">
            {formatAmount(fresh.receive, scaleOf(to))}
          </UnitFigure>
        ),
      },
      {
        label: t('convert.rate'),
        value: <Figure>{rateText(from, to, fresh.rate)}</Figure>,
      },
      { label: t('convert.slippage'), value: <Figure>{slippage}%</Figure> },
      worst
        ? {
            label: t('convert.minimum'),
            value: (
              <UnitFigure unit={to} testId="convert-confirm-minimum">
                {formatAmount(worst, scaleOf(to))}
              </UnitFigure>
            ),
          }
        : null,
    ],
  });
}
