import { BrandMark, DownloadIcon, HeadsetIcon } from '@/components/ui/icons';
import { PasswordField } from '@/components/ui/password-field';
import { PrimaryButton } from '@/components/ui/primary-button';
import { SubmitForm } from '@/components/ui/submit-form';
import { TOAST_DURATION_MS } from '@/lib/config';
import { REDIRECT_PARAM, ROUTES, safeRedirect } from '@/lib/routes';
import { getSession } from '@/lib/session-store';
import { showToast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { TotpField, totpComplete } from '@/shared/totp-field';
import type { SessionData } from '@nexa/contract';
import { REACH } from '@nexa/contract';
import { Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authApi, identityBody } from '../api/auth-api';
import { AuthScreen } from '../components/auth-screen';
import { IdentityFields } from '../components/identity-fields';
import { useIdentityForm } from '../hooks/use-identity';

/**
 * The format checks build the contract's schemas with zod, which the page does not need until the user starts on the
 * form: fetched when a field takes focus or is touched (the user then types for seconds), and awaited on submit
 * (null if they cannot be downloaded). Loaded after the first paint instead, their evaluation was the login page's
 * longest task (~250 ms at Lighthouse's 4× CPU throttle).
 */
const loadChecks = () => import('../validation').catch(() => null);

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get(REDIRECT_PARAM);
  // Read once: the form starts from the remembered login, later edits are the user's.
  const [remembered] = useState(() => getSession().loginInf);
  const form = useIdentityForm(remembered ?? undefined);
  const { identity, errors, clearError } = form;
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  // With 2FA on, the password answers a challenge; the code step then finishes the login.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const signIn = (session: SessionData) => {
    getSession().signIn(session);
    if (remember) form.rememberIdentity();
    else getSession().setLoginInf(null);
    navigate(safeRedirect(redirect), { replace: true });
  };

  const engage = () => void loadChecks();
  const { run: submit, running } = useSingleFlight(async () => {
    const checks = await loadChecks();
    if (!checks) return showToast(t('errors.network'), TOAST_DURATION_MS);
    await form.attempt(checks.validateLogin({ ...identity, password }), async () => {
      const answer = await authApi.login({ ...identityBody(identity), password });
      if ('challenge' in answer) setChallenge(answer.challenge);
      else signIn(answer);
    });
  });
  const second = useSingleFlight(async () => {
    if (!challenge || !totpComplete(code, true)) return;
    const session = await authApi.login2fa(challenge, code).catch(() => null);
    if (session) signIn(session);
    else setCode('');
  });

  const keepRedirect = redirect ? `?${REDIRECT_PARAM}=${encodeURIComponent(redirect)}` : '';

  return (
    <AuthScreen
      testId="login"
      left={<BrandMark size={30} />}
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle', REACH)}
      notice={redirect ? t('common.pleaseLogin') : null}
    >
      {challenge ? (
        <SubmitForm className="auth__form" onSubmit={second.run}>
          <p className="auth__switch" data-testid="login-2fa-intro">
            {t('security.login.intro')}
          </p>
          <TotpField value={code} onChange={setCode} recovery testId="login-2fa-code" />
          <PrimaryButton
            type="submit"
            loading={second.running}
            disabled={!totpComplete(code, true)}
            testId="login-2fa-submit"
          >
            {t('auth.login.submit')}
          </PrimaryButton>
          <button type="button" className="link" onClick={() => setChallenge(null)} data-testid="login-2fa-back">
            {t('security.login.back')}
          </button>
        </SubmitForm>
      ) : (
        <SubmitForm className="auth__form" onSubmit={submit} onEngage={engage}>
          <IdentityFields form={form} testIdPrefix="login" />
          <PasswordField
            label={t('auth.password')}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            maxLength={256}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clearError('password');
            }}
            error={errors.password ? t(errors.password) : null}
            testId="login-password"
          />
          <div className="auth__row">
            <Checkbox
              className="auth__remember"
              checked={remember}
              onChange={setRemember}
              style={{ '--icon-size': '18px', '--font-size': '13px', '--gap': '8px' }}
              data-testid="login-remember"
            >
              {t('auth.rememberPassword')}
            </Checkbox>
            <Link to={ROUTES.forgetPassword} className="link" data-testid="login-forgot">
              {t('auth.login.forgot')}
            </Link>
          </div>
          <PrimaryButton type="submit" loading={running} disabled={running} testId="login-submit">
            {t('auth.login.submit')}
          </PrimaryButton>
          <p className="auth__switch">
            {t('auth.login.noAccount')}{' '}
            <Link to={`${ROUTES.register}${keepRedirect}`} className="link link--strong" data-testid="login-register">
              {t('auth.login.toRegister')}
            </Link>
          </p>
        </SubmitForm>
      )}
      <footer className="auth__footer">
        <Link to={ROUTES.download} className="auth__footer-link" data-testid="login-download">
          <DownloadIcon />
          {t('auth.login.download')}
        </Link>
        <span className="auth__footer-sep" aria-hidden="true" />
        <Link to={ROUTES.service} className="auth__footer-link" data-testid="login-support">
          <HeadsetIcon />
          {t('auth.login.support')}
        </Link>
      </footer>
    </AuthScreen>
  );
}

export default LoginPage;
