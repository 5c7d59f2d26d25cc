import { useAmountInput } from '@/lib/use-amount-input';
import { useTranslation } from 'react-i18next';
import { SLIPPAGE_PRESETS, sanitizeSlippageInput } from '../model';

/**
 * Slippage tolerance (spec §9: 0 to 5 %): four presets, or a custom value. `custom` is null while a preset is
 * chosen; typing into the custom field switches to it.
 */
export function SlippagePicker({
  preset,
  custom,
  max,
  error,
  onPreset,
  onCustom,
}: {
  preset: string;
  custom: string | null;
  max: string;
  error: string | null;
  onPreset: (value: string) => void;
  onCustom: (value: string) => void;
}) {
  const { t } = useTranslation();
  const errorId = 'convert-slippage-error';
  const customText = useAmountInput(custom ?? '', (v) => onCustom(sanitizeSlippageInput(v)));
  return (
    <fieldset className="cv-slippage" aria-describedby={error ? errorId : undefined}>
      <legend className="cv-slippage__legend">
        <span>{t('convert.slippage')}</span>
        <span className="cv-slippage__range">{t('convert.slippageBounds', { max })}</span>
      </legend>
      <div className="cv-slippage__options">
        {SLIPPAGE_PRESETS.map((value) => {
          const on = custom === null && preset === value;
          return (
            <button
              key={value}
              type="button"
              className={`cv-chip${on ? ' cv-chip--on' : ''}`}
              aria-pressed={on}
              onClick={() => onPreset(value)}
              data-testid={`convert-slippage-${value}`}
            >
              <span dir="ltr">{value}%</span>
            </button>
          );
        })}
        <label
          className={`cv-chip cv-chip--custom${custom !== null ? ' cv-chip--on' : ''}${error ? ' cv-chip--error' : ''}`}
        >
          <span className="visually-hidden">{t('convert.customSlippage')}</span>
          <input
            className="cv-chip__input"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            placeholder={t('convert.custom')}
            aria-invalid={error ? true : undefined}
            {...customText}
            data-testid="convert-slippage-custom"
          />
          <span aria-hidden="true">%</span>
        </label>
      </div>
      {error ? (
        <p className="field__error" id={errorId} data-testid={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
