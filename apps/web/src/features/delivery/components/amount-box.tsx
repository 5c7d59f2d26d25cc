import { formatDecimal } from '@/lib/format';
import { useAmountInput } from '@/lib/use-amount-input';
import type { DeliveryPeriod } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { type AmountProblem, type DraftProblem, QUICK_AMOUNTS, fitsBounds } from '../model';
import { Figure } from './bits';

/**
 * What an amount problem says: under the amount field, and in the confirm sheet when the balance fell or the
 * period's bounds changed (or the period went).
 */
export function useProblemText() {
  const { t } = useTranslation();
  return (p: DraftProblem): string => {
    switch (p.kind) {
      case 'empty':
        return t('delivery.errors.empty');
      case 'notPositive':
        return t('delivery.errors.notPositive');
      case 'belowMin':
        return t('delivery.errors.belowMin', { min: formatDecimal(p.min) });
      case 'aboveMax':
        return t('delivery.errors.aboveMax', { max: formatDecimal(p.max) });
      case 'insufficient':
        return t('delivery.errors.insufficient');
      case 'periodGone':
        return t('delivery.errors.periodGone');
    }
  };
}

/** The stake: its input with the period's bounds as placeholder, its problem, and the quick amounts. */
export function AmountBox({
  period,
  amount,
  max,
  problem,
  onChange,
}: {
  period: DeliveryPeriod | undefined;
  amount: string;
  /** The largest stake the balance and the period allow. */
  max: string | null;
  problem: AmountProblem | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const text = useAmountInput(amount, onChange);
  return (
    <div className={`amount-box${problem ? ' amount-box--error' : ''}`}>
      <label className="amount-box__label" htmlFor="futures-amount">
        {t('delivery.amount')}
      </label>
      <div className="amount-box__control">
        <input
          id="futures-amount"
          className="amount-box__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={
            period
              ? t('delivery.amountPlaceholder', {
                  min: formatDecimal(period.minStake),
                  max: formatDecimal(period.maxStake),
                })
              : ''
          }
          {...text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'futures-amount-error' : undefined}
          data-testid="futures-amount"
        />
        <span className="amount-box__unit">USDT</span>
      </div>
      {problem ? (
        <p className="amount-box__error" id="futures-amount-error" data-testid="futures-amount-error">
          {problemText(problem)}
        </p>
      ) : null}
      <div className="quick-amounts">
        {period ? (
          <>
            <button
              type="button"
              className="quick-chip"
              onClick={() => onChange(period.minStake)}
              data-testid="futures-quick-min"
            >
              {t('delivery.quickMin')}
            </button>
            {QUICK_AMOUNTS.map((q) => (
              <button
                key={q}
                type="button"
                className={`quick-chip${amount === q ? ' quick-chip--on' : ''}`}
                disabled={!fitsBounds(q, period)}
                onClick={() => onChange(q)}
                data-testid={`futures-quick-${q}`}
              >
                <Figure>{q}</Figure>
              </button>
            ))}
            <button
              type="button"
              className="quick-chip"
              onClick={() => max && onChange(max)}
              data-testid="futures-quick-max"
            >
              {t('delivery.quickMax')}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
