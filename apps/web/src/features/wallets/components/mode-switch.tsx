import type { AccountMode } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

const MODES: readonly AccountMode[] = ['real', 'demo'];

/**
 * Real account | Demo account (spec §4). The switch itself is the caller's (user/changeUser), which asks first
 * when the move is into real money.
 */
export function ModeSwitch({
  mode,
  onChange,
  disabled = false,
}: {
  mode: AccountMode;
  onChange: (mode: AccountMode) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={`segmented${mode === 'demo' ? ' tone--warning' : ''}`}>
      <legend className="sr-only">{t('assets.accountType')}</legend>
      {MODES.map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={m === mode}
          className={`segmented__item${m === mode ? ' segmented__item--on' : ''}`}
          disabled={disabled}
          onClick={() => {
            if (m !== mode) onChange(m);
          }}
          data-testid={`assets-mode-${m}`}
        >
          {t(`mine.mode.${m}`)}
        </button>
      ))}
    </fieldset>
  );
}
