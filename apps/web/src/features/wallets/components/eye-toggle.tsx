import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { useTranslation } from 'react-i18next';

/** The eye that hides or shows every amount on the Assets screens. */
export function EyeToggle({ hidden, onToggle, testId }: { hidden: boolean; onToggle: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="icon-button icon-button--small total-card__eye"
      onClick={onToggle}
      aria-label={hidden ? t('assets.showAmounts') : t('assets.hideAmounts')}
      aria-pressed={hidden}
      data-testid={testId}
    >
      {hidden ? <EyeOffIcon /> : <EyeIcon />}
    </button>
  );
}
