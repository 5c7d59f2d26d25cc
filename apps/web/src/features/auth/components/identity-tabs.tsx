import type { IdentityType } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

/** E-mail or mobile: a segmented switch. */
export function IdentityTabs({
  value,
  onChange,
  testIdPrefix,
}: {
  value: IdentityType;
  onChange: (type: IdentityType) => void;
  testIdPrefix: string;
}) {
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
          data-testid={`${testIdPrefix}-tab-${type}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
