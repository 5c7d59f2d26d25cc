import { Page } from '@/components/ui/page';
import { PasswordField } from '@/components/ui/password-field';
import { PrimaryButton } from '@/components/ui/primary-button';
import { SubmitForm } from '@/components/ui/submit-form';
import { useGoBack } from '@/components/ui/use-go-back';
import { request } from '@/lib/http';
import { ApiError } from '@/lib/request';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { LIMITS } from '@nexa/contract';
import { Toast } from 'antd-mobile';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Field = 'oldPassword' | 'password' | 'password2';
type ErrorKey =
  | 'password.errors.old'
  | 'password.errors.new'
  | 'password.errors.sameAsOld'
  | 'validation.passwordLength'
  | 'validation.password2'
  | 'validation.passwordMismatch';
type Errors = Partial<Record<Field, ErrorKey>>;

/** Spec §5 prompts: old password, new password, password again, the passwords do not match. */
function validateChangePassword(v: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!v.oldPassword) errors.oldPassword = 'password.errors.old';
  if (!v.password) errors.password = 'password.errors.new';
  else if (v.password.length < LIMITS.passwordMinLength || v.password.length > LIMITS.passwordMaxLength) {
    errors.password = 'validation.passwordLength';
  } else if (v.password === v.oldPassword) errors.password = 'password.errors.sameAsOld';
  if (!v.password2) errors.password2 = 'validation.password2';
  else if (v.password && v.password !== v.password2) errors.password2 = 'validation.passwordMismatch';
  return errors;
}

/**
 * Change login password (spec §2 mine/retrievePassword): old, new, new again → index/resetPassword. The server
 * ends every other session of the user; this one stays signed in.
 */
export default function RetrievePasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(ROUTES.settings);
  const [values, setValues] = useState<Record<Field, string>>({ oldPassword: '', password: '', password2: '' });
  const [errors, setErrors] = useState<Errors>({});

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const { run: submit, running } = useSingleFlight(async () => {
    const found = validateChangePassword(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await request('index/resetPassword', values);
      Toast.show({ icon: 'success', content: t('password.success'), duration: 2000 });
      goBack();
    } catch (error) {
      // A wrong old password or a lockout was toasted; refused fields show under their inputs.
      if (!(error instanceof ApiError)) return;
      const fromServer: Errors = {};
      for (const { field, reason } of error.fields) {
        if (field === 'password2' && reason === 'mismatch') fromServer.password2 = 'validation.passwordMismatch';
        else if (field === 'password') fromServer.password = 'validation.passwordLength';
        else if (field === 'oldPassword') fromServer.oldPassword = 'password.errors.old';
      }
      setErrors(fromServer);
    }
  });

  const err = (field: Field) => (errors[field] ? t(errors[field]) : null);

  return (
    <Page title={t('password.title')} back testId="password-page">
      <SubmitForm onSubmit={submit}>
        <PasswordField
          label={t('password.old')}
          placeholder={t('password.oldPlaceholder')}
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={set('oldPassword')}
          error={err('oldPassword')}
          testId="password-old"
        />
        <PasswordField
          label={t('password.new')}
          hint={t('password.rule', { min: LIMITS.passwordMinLength, max: LIMITS.passwordMaxLength })}
          placeholder={t('password.newPlaceholder')}
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={err('password')}
          testId="password-new"
        />
        <PasswordField
          label={t('password.new2')}
          placeholder={t('password.new2Placeholder')}
          autoComplete="new-password"
          value={values.password2}
          onChange={set('password2')}
          error={err('password2')}
          testId="password-new2"
        />
        <p className="field__hint">{t('password.hint')}</p>
        <PrimaryButton type="submit" loading={running} disabled={running} testId="password-submit">
          {t('password.submit')}
        </PrimaryButton>
      </SubmitForm>
    </Page>
  );
}
