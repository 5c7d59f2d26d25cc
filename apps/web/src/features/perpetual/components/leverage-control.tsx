import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Figure } from './bits';

/** Common leverages offered as chips, up to the product's maximum. */
const PRESETS = [1, 5, 10, 20, 50, 100, 125, 150, 200] as const;

/** The leverage: − / + by one and preset chips, from 1x to the product's maximum. */
export function LeverageControl({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const set = (n: number) => onChange(Math.max(1, Math.min(max, n)));
  const presets = PRESETS.filter((p) => p < max);
  return (
    <div className="perp-leverage">
      <div className="perp-leverage__row">
        <span className="perp-field__label" id="perp-leverage-label">
          {t('perpetual.leverage')}
          <span className="perp-field__aside">{t('perpetual.maxLeverage', { n: max })}</span>
        </span>
        <fieldset className="perp-stepper" aria-labelledby="perp-leverage-label">
          <button
            type="button"
            className="perp-stepper__button"
            onClick={() => set(value - 1)}
            disabled={value <= 1}
            aria-label={t('perpetual.leverageLess')}
            data-testid="perp-leverage-minus"
          >
            <MinusOutline />
          </button>
          <Figure className="perp-stepper__value" testId="perp-leverage">
            {value}x
          </Figure>
          <button
            type="button"
            className="perp-stepper__button"
            onClick={() => set(value + 1)}
            disabled={value >= max}
            aria-label={t('perpetual.leverageMore')}
            data-testid="perp-leverage-plus"
          >
            <AddOutline />
          </button>
        </fieldset>
      </div>
      <div className="perp-chips perp-chips--leverage">
        {[...presets, max].map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={value === n}
            className={`perp-chip${value === n ? ' perp-chip--on' : ''}`}
            onClick={() => set(n)}
            data-testid={`perp-leverage-${n}`}
          >
            <Figure>{n}x</Figure>
          </button>
        ))}
      </div>
    </div>
  );
}
