import { confirmSummary } from '@/components/ui/confirm-summary';
import { Figure, UnitFigure } from '@/components/ui/figure';
import { formatDecimal } from '@/lib/format';
import type { Currency, SdQuoteData } from '@nexa/contract';
import type { TFunction } from 'i18next';
import { rateText } from '../model';

/** Asks the user to confirm a convert at a fresh quote: pay, receive, rate, slippage and the minimum received. */
export function confirmConvert(
  t: TFunction,
  order: { amount: string; from: Currency; to: Currency; slippage: string; worst: string | null },
  fresh: SdQuoteData,
): Promise<boolean> {
  const { amount, from, to, slippage, worst } = order;
  return confirmSummary(t, {
    title: t('convert.confirmTitle'),
    testId: 'convert',
    rows: [
      { label: t('convert.pay'), value: <UnitFigure unit={from}>{formatDecimal(amount)}</UnitFigure> },
      {
        label: t('convert.receive'),
        value: (
          <UnitFigure unit={to} approx>
            {formatDecimal(fresh.receive)}
          </UnitFigure>
        ),
      },
      {
        label: t('convert.rate'),
        value: <Figure>{rateText(from, to, fresh.rate)}</Figure>,
      },
      { label: t('convert.slippage'), value: <Figure>{slippage}%</Figure> },
      worst ? { label: t('convert.minimum'), value: <UnitFigure unit={to}>{formatDecimal(worst)}</UnitFigure> } : null,
    ],
  });
}
