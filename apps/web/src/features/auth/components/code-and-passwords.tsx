import { FieldList, type FieldSpec } from '@/components/ui/field-list';
import { useTranslation } from 'react-i18next';
import { identityKey } from '../fields';
import type { CodeForm } from '../hooks/use-code-form';
import { CodeField } from './code-field';

const NEW_PASSWORD = { autoComplete: 'new-password', maxLength: 64 } as const;

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
  const passwords: FieldSpec<'password' | 'password2'>[] = [
    {
      name: 'password',
      label: passwordLabel,
      placeholder: t('auth.newPasswordPlaceholder'),
      ...NEW_PASSWORD,
      testId: `${prefix}-password`,
    },
    { name: 'password2', text: 'auth.password2', ...NEW_PASSWORD, testId: `${prefix}-password2` },
  ];
  const setters = { password: form.setPassword, password2: form.setPassword2 };
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
        recipient={identityKey(form.identity)}
        testIdPrefix={prefix}
      />
      <FieldList
        password
        fields={passwords}
        values={form}
        errors={errors}
        onChange={(name, value) => {
          setters[name](value);
          clearError(name);
        }}
      />
    </>
  );
}
