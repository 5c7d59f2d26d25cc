import { TextField } from '@/components/ui/text-field';
import { CODE_RESEND_FALLBACK_SEC } from '@/lib/config';
import { ApiError } from '@/lib/request';
import { REDIRECT_PARAM, ROUTES, safeRedirect } from '@/lib/routes';
import { getSession } from '@/lib/session-store';
import { useSingleFlight } from '@/lib/use-single-flight';
import { Button, Toast } from 'antd-mobile';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authApi, identityBody } from '../api/auth-api';
import { AuthScreen } from '../components/auth-screen';
import { CodeField } from '../components/code-field';
import { IdentityFields } from '../components/identity-fields';
import { PasswordField } from '../components/password-field';
import { useIdentityForm } from '../hooks/use-identity';
import { useInviteCodeRequired } from '../hooks/use-invite-code-switch';
import { fieldErrorsFromServer, hasErrors, validateIdentity, validateRegister } from '../validation';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get(REDIRECT_PARAM);
  const inviteRequired = useInviteCodeRequired();
  const form = useIdentityForm();
  const { identity, errors, setErrors, clearError } = form;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  // An invitation link is `#/pages/userPages/register?code=ABC123`.
  const [inviteCode, setInviteCode] = useState(() => (params.get('code') ?? '').trim().toUpperCase());

  const sendCode = async (): Promise<number | null> => {
    const found = validateIdentity(identity);
    setErrors(found);
    if (hasErrors(found)) return null;
    try {
      const sent = await authApi.sendCode(identity, 'register');
      Toast.show({ content: t('auth.codeSent'), duration: 2000 });
      return sent.retryAfterSec > 0 ? sent.retryAfterSec : CODE_RESEND_FALLBACK_SEC;
    } catch (error) {
      if (error instanceof ApiError) setErrors(fieldErrorsFromServer(error.fields));
      return null;
    }
  };

  const { run: submit, running } = useSingleFlight(async () => {
    const found = validateRegister({ ...identity, code, password, password2, inviteCode }, inviteRequired);
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      const session = await authApi.register({
        ...identityBody(identity),
        code,
        password,
        password2,
        inviteCode: inviteCode.trim() || undefined,
      });
      const store = getSession();
      store.signIn(session);
      store.setLoginInf({
        type: identity.type,
        email: identity.email.trim(),
        areaCode: identity.areaCode,
        mobile: identity.mobile.trim(),
      });
      Toast.show({ content: t('auth.register.success'), duration: 2000 });
      navigate(safeRedirect(redirect), { replace: true });
    } catch (error) {
      if (error instanceof ApiError) setErrors(fieldErrorsFromServer(error.fields));
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <AuthScreen testId="register" back title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form className="auth__form" onSubmit={onSubmit} noValidate>
        <IdentityFields
          identity={identity}
          errors={errors}
          onChange={form.update}
          onTypeChange={form.setType}
          testIdPrefix="register"
        />
        <CodeField
          value={code}
          onChange={(v) => {
            setCode(v);
            clearError('code');
          }}
          error={errors.code ? t(errors.code) : null}
          onSend={sendCode}
          testIdPrefix="register"
        />
        <PasswordField
          label={t('auth.password')}
          placeholder={t('auth.newPasswordPlaceholder')}
          autoComplete="new-password"
          maxLength={64}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            clearError('password');
          }}
          error={errors.password ? t(errors.password) : null}
          testId="register-password"
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
          testId="register-password2"
        />
        <TextField
          label={t('auth.inviteCode')}
          hint={inviteRequired ? null : t('auth.optional')}
          placeholder={t('auth.invitePlaceholder')}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          value={inviteCode}
          onChange={(e) => {
            setInviteCode(e.target.value.toUpperCase());
            clearError('inviteCode');
          }}
          error={errors.inviteCode ? t(errors.inviteCode) : null}
          testId="register-invite"
        />
        <Button
          type="submit"
          color="primary"
          block
          size="large"
          className="primary-button"
          loading={running}
          disabled={running}
          data-testid="register-submit"
        >
          {t('auth.register.submit')}
        </Button>
        <p className="auth__switch">
          {t('auth.register.haveAccount')}{' '}
          <Link to={ROUTES.login} replace className="link link--strong" data-testid="register-login">
            {t('auth.register.toLogin')}
          </Link>
        </p>
      </form>
    </AuthScreen>
  );
}
