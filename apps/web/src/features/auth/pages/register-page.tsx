import { PrimaryButton } from '@/components/ui/primary-button';
import { SubmitForm } from '@/components/ui/submit-form';
import { TextField } from '@/components/ui/text-field';
import { REDIRECT_PARAM, ROUTES, safeRedirect } from '@/lib/routes';
import { getSession } from '@/lib/session-store';
import { useSingleFlight } from '@/lib/use-single-flight';
import { REACH } from '@nexa/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authApi, identityBody } from '../api/auth-api';
import { AuthScreen } from '../components/auth-screen';
import { CodeAndPasswords } from '../components/code-and-passwords';
import { IdentityFields } from '../components/identity-fields';
import { useCodeForm } from '../hooks/use-code-form';
import { useInviteCodeRequired } from '../hooks/use-invite-code-switch';
import { validateRegister } from '../validation';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get(REDIRECT_PARAM);
  const inviteRequired = useInviteCodeRequired();
  const form = useCodeForm('register');
  const { identity, errors, clearError, code, password, password2 } = form;
  // An invitation link is `#/pages/userPages/register?code=ABC123`.
  const [inviteCode, setInviteCode] = useState(() => (params.get('code') ?? '').trim().toUpperCase());

  const { run: submit, running } = useSingleFlight(() =>
    form.attempt(validateRegister({ ...identity, code, password, password2, inviteCode }, inviteRequired), async () => {
      const session = await authApi.register({
        ...identityBody(identity),
        code,
        password,
        password2,
        inviteCode: inviteCode.trim() || undefined,
      });
      getSession().signIn(session);
      form.rememberIdentity();
      Toast.show({ content: t('auth.register.success'), duration: 2000 });
      navigate(safeRedirect(redirect), { replace: true });
    }),
  );

  return (
    <AuthScreen testId="register" back title={t('auth.register.title')} subtitle={t('auth.register.subtitle', REACH)}>
      <SubmitForm className="auth__form" onSubmit={submit}>
        <IdentityFields form={form} testIdPrefix="register" />
        <CodeAndPasswords form={form} prefix="register" passwordLabel={t('auth.password')} />
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
        <PrimaryButton type="submit" loading={running} disabled={running} testId="register-submit">
          {t('auth.register.submit')}
        </PrimaryButton>
        <p className="auth__switch">
          {t('auth.register.haveAccount')}{' '}
          <Link to={ROUTES.login} replace className="link link--strong" data-testid="register-login">
            {t('auth.register.toLogin')}
          </Link>
        </p>
      </SubmitForm>
    </AuthScreen>
  );
}
