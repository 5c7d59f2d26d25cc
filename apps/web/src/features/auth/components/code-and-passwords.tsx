import { PasswordField } from '@/components/ui/password-field';
import { useTranslation } from 'react-i18next';
import type { CodeForm } from '../hooks/use-code-form';
import { CodeField } from './code-field';

/** The code with its Get-code button, then the new password and the same again (`<prefix>-code`, `-password`…). */
export function CodeAndPasswords({
  form,
  prefix,
  passwordLabel,
}: {
  form: CodeForm;
  prefix: string;
  passwordLabel: string;
}) {
  const { t } = useTranslation();
  const { errors, clearError } = form;
  return (
    <>
      <CodeField
        value={form.code}
        onChange={(v) => {
          form.setCode(v);
          clearError('code');
        }}
        error={errors.code ? t(errors.code) : null}
        onSend={form.sendCode}
        testIdPrefix={prefix}
      />
      <PasswordField
        label={passwordLabel}
        placeholder={t('auth.newPasswordPlaceholder')}
        autoComplete="new-password"
        maxLength={64}
        value={form.password}
        onChange={(e) => {
          form.setPassword(e.target.value);
          clearError('password');
        }}
        error={errors.password ? t(errors.password) : null}
        testId={`${prefix}-password`}
      />
      <PasswordField
        label={t('auth.password2')}
        placeholder={t('auth.password2Placeholder')}
        autoComplete="new-password"
        maxLength={64}
        value={form.password2}
        onChange={(e) => {
          form.setPassword2(e.target.value);
          clearError('password2');
        }}
        error={errors.password2 ? t(errors.password2) : null}
        testId={`${prefix}-password2`}
      />
    </>
  );
}
