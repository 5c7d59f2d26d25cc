import { PrimaryButton } from '@/components/ui/primary-button';
import { SubmitForm } from '@/components/ui/submit-form';
import { ROUTES } from '@/lib/routes';
import { getSession } from '@/lib/session-store';
import { useSingleFlight } from '@/lib/use-single-flight';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { authApi, identityBody } from '../api/auth-api';
import { AuthScreen } from '../components/auth-screen';
import { CodeAndPasswords } from '../components/code-and-passwords';
import { IdentityFields } from '../components/identity-fields';
import { useCodeForm } from '../hooks/use-code-form';
import { validateReset } from '../validation';

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Start from whoever last logged in on this device, without the password.
  const [remembered] = useState(() => getSession().loginInf);
  const form = useCodeForm('reset', remembered ?? undefined);
  const { identity, code, password, password2 } = form;

  const { run: submit, running } = useSingleFlight(() =>
    form.attempt(validateReset({ ...identity, code, password, password2 }), async () => {
      await authApi.resetPassword({ ...identityBody(identity), code, password, password2 });
      // Remembered for the next login form.
      form.rememberIdentity();
      Toast.show({ icon: 'success', content: t('auth.reset.success'), duration: 2000 });
      navigate(ROUTES.login, { replace: true });
    }),
  );

  return (
    <AuthScreen testId="forget" back title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <SubmitForm className="auth__form" onSubmit={submit}>
        <IdentityFields form={form} testIdPrefix="forget" />
        <CodeAndPasswords form={form} prefix="forget" passwordLabel={t('auth.newPassword')} />
        <PrimaryButton type="submit" loading={running} disabled={running} testId="forget-submit">
          {t('auth.reset.submit')}
        </PrimaryButton>
      </SubmitForm>
    </AuthScreen>
  );
}
