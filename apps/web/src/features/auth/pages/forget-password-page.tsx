import { CODE_RESEND_FALLBACK_SEC } from '@/lib/config';
import { ApiError } from '@/lib/request';
import { ROUTES } from '@/lib/routes';
import { getSession } from '@/lib/session-store';
import { useSingleFlight } from '@/lib/use-single-flight';
import { Button, Toast } from 'antd-mobile';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { authApi, identityBody } from '../api/auth-api';
import { AuthScreen } from '../components/auth-screen';
import { CodeField } from '../components/code-field';
import { IdentityFields } from '../components/identity-fields';
import { PasswordField } from '../components/password-field';
import { useIdentityForm } from '../hooks/use-identity';
import { fieldErrorsFromServer, hasErrors, validateIdentity, validateReset } from '../validation';

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Start from whoever last logged in on this device, without the password.
  const [remembered] = useState(() => getSession().loginInf);
  const form = useIdentityForm(remembered ?? undefined);
  const { identity, errors, setErrors, clearError } = form;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');

  const sendCode = async (): Promise<number | null> => {
    const found = validateIdentity(identity);
    setErrors(found);
    if (hasErrors(found)) return null;
    try {
      const sent = await authApi.sendCode(identity, 'reset');
      Toast.show({ content: t('auth.codeSent'), duration: 2000 });
      return sent.retryAfterSec > 0 ? sent.retryAfterSec : CODE_RESEND_FALLBACK_SEC;
    } catch (error) {
      if (error instanceof ApiError) setErrors(fieldErrorsFromServer(error.fields));
      return null;
    }
  };

  const { run: submit, running } = useSingleFlight(async () => {
    const found = validateReset({ ...identity, code, password, password2 });
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await authApi.resetPassword({ ...identityBody(identity), code, password, password2 });
      // A remembered password is now wrong: forget it, keep the identity.
      const store = getSession();
      store.setLoginInf({
        type: identity.type,
        email: identity.email.trim(),
        areaCode: identity.areaCode,
        mobile: identity.mobile.trim(),
      });
      Toast.show({ icon: 'success', content: t('auth.reset.success'), duration: 2000 });
      navigate(ROUTES.login, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) setErrors(fieldErrorsFromServer(error.fields));
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <AuthScreen testId="forget" back title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <form className="auth__form" onSubmit={onSubmit} noValidate>
        <IdentityFields
          identity={identity}
          errors={errors}
          onChange={form.update}
          onTypeChange={form.setType}
          testIdPrefix="forget"
        />
        <CodeField
          value={code}
          onChange={(v) => {
            setCode(v);
            clearError('code');
          }}
          error={errors.code ? t(errors.code) : null}
          onSend={sendCode}
          testIdPrefix="forget"
        />
        <PasswordField
          label={t('auth.newPassword')}
          placeholder={t('auth.newPasswordPlaceholder')}
          autoComplete="new-password"
          maxLength={64}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            clearError('password');
          }}
          error={errors.password ? t(errors.password) : null}
          testId="forget-password"
        />
        <PasswordField
          label={t('auth.password2')}
          placeholder={t('auth.password2Placeholder')}
          autoComplete="new-password"
          maxLength={64}
          value={password2}
          onChange={(e) => {
            setPassword2(e.target.value);
            clearError('password2');
          }}
          error={errors.password2 ? t(errors.password2) : null}
          testId="forget-password2"
        />
        <Button
          type="submit"
          color="primary"
          block
          size="large"
          className="primary-button"
          loading={running}
          disabled={running}
          data-testid="forget-submit"
        >
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthScreen>
  );
}
