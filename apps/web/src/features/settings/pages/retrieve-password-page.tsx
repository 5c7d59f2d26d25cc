import { FieldList, type FieldSpec } from '@/components/ui/field-list';
import { Page } from '@/components/ui/page';
import { PrimaryButton } from '@/components/ui/primary-button';
import { SubmitForm } from '@/components/ui/submit-form';
import { useGoBack } from '@/components/ui/use-go-back';
import { hasErrors } from '@/lib/form-rules';
import { request } from '@/lib/http';
import { ApiError } from '@/lib/request';
import { ROUTES } from '@/lib/routes';
import { useFormFields } from '@/lib/use-form-fields';
import { useSingleFlight } from '@/lib/use-single-flight';
import { LIMITS } from '@nexa/contract';
import { Toast } from 'antd-mobile';
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
  const { values, errors, setErrors, set } = useFormFields<Field, Errors>({
    oldPassword: '',
    password: '',
    password2: '',
  });

  const { run: submit, running } = useSingleFlight(async () => {
    const found = validateChangePassword(values);
    setErrors(found);
    if (hasErrors(found)) return;
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

  const rule = t('password.rule', { min: LIMITS.passwordMinLength, max: LIMITS.passwordMaxLength });
  const fields: FieldSpec<Field>[] = [
    { name: 'oldPassword', text: 'password.old', autoComplete: 'current-password', testId: 'password-old' },
    { name: 'password', text: 'password.new', hint: rule, autoComplete: 'new-password', testId: 'password-new' },
    { name: 'password2', text: 'password.new2', autoComplete: 'new-password', testId: 'password-new2' },
  ];

  return (
    <Page title={t('password.title')} back testId="password-page">
      <SubmitForm onSubmit={submit}>
        <FieldList password fields={fields} values={values} errors={errors} onChange={set} />
        <p className="field__hint">{t('password.hint')}</p>
        <PrimaryButton type="submit" loading={running} disabled={running} testId="password-submit">
          {t('password.submit')}
        </PrimaryButton>
      </SubmitForm>
    </Page>
  );
}
