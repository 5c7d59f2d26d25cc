import { TextField } from '@/components/ui/text-field';
import { useTranslation } from 'react-i18next';
import type { IdentityForm } from '../hooks/use-identity';
import { AreaCodePicker } from './area-code-picker';
import { IdentityTabs } from './identity-tabs';

/** The e-mail / mobile switch and the matching inputs. */
export function IdentityFields({ form, testIdPrefix }: { form: IdentityForm; testIdPrefix: string }) {
  const { t } = useTranslation();
  const { identity, errors, update: onChange, setType: onTypeChange } = form;
  return (
    <>
      <IdentityTabs value={identity.type} onChange={onTypeChange} testId={testIdPrefix} />
      {identity.type === 'email' ? (
        <TextField
          key="email"
          label={t('auth.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={254}
          placeholder={t('auth.emailPlaceholder')}
          value={identity.email}
          onChange={(e) => onChange({ email: e.target.value })}
          error={errors.email ? t(errors.email) : null}
          testId={`${testIdPrefix}-email`}
        />
      ) : (
        <TextField
          key="mobile"
          label={t('auth.mobile')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          maxLength={20}
          placeholder={t('auth.mobilePlaceholder')}
          value={identity.mobile}
          onChange={(e) => onChange({ mobile: e.target.value.replace(/[^\d\s-]/g, '') })}
          error={errors.areaCode ? t(errors.areaCode) : errors.mobile ? t(errors.mobile) : null}
          testId={`${testIdPrefix}-mobile`}
          prefix={
            <AreaCodePicker
              value={identity.areaCode}
              onChange={(areaCode) => onChange({ areaCode })}
              testId={`${testIdPrefix}-area-code`}
            />
          }
        />
      )}
    </>
  );
}
