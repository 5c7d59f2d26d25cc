import type { ControlProps } from '@/components/ui/control-props';
import type { IdentityType } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

/** E-mail or mobile: a segmented switch (its tabs' test ids: `<testId>-tab-email`, `-tab-mobile`). */
export function IdentityTabs({ value, onChange, testId }: ControlProps<IdentityType>) {
  const { t } = useTranslation();
  const options: { type: IdentityType; label: string }[] = [
    { type: 'email', label: t('auth.email') },
    { type: 'mobile', label: t('auth.mobile') },
  ];
  return (
    <div className="segmented segmented--raised" role="tablist">
      {options.map(({ type, label }) => (
        <button
          key={type}
          type="button"
          role="tab"
          aria-selected={value === type}
          className={`segmented__item${value === type ? ' segmented__item--on' : ''}`}
          onClick={() => onChange(type)}
          data-testid={`${testId}-tab-${type}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
