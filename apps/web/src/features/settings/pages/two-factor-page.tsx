import { Page } from '@/components/ui/page';
import { PasswordField } from '@/components/ui/password-field';
import { DangerButton, PrimaryButton } from '@/components/ui/primary-button';
import { SubmitForm } from '@/components/ui/submit-form';
import { useGoBack } from '@/components/ui/use-go-back';
import { copyText } from '@/lib/clipboard';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { fetchSecurityOverview, securityKeys } from '@/shared/api/security';
import { QrCode } from '@/shared/qr-code';
import { TotpField, totpComplete } from '@/shared/totp-field';
import type { TotpSetupData } from '@nexa/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { securityApi } from '../api/security-api';
import '../components/security.css';

/** Two-factor authentication: enrol (QR code, manual key, confirm with a code, recovery codes once) or turn off. */
export default function TwoFactorPage() {
  const { t } = useTranslation();
  const overview = useQuery({
    queryKey: securityKeys.overview,
    queryFn: ({ signal }) => fetchSecurityOverview(signal),
  });
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const on = overview.data?.twoFactorEnabled;
  return (
    <Page title={t('security.twoFactor.title')} back testId="two-factor-page">
      <div className="stack">
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} />
        ) : on === undefined ? null : on ? (
          <TurnOff left={overview.data?.recoveryCodesLeft ?? 0} />
        ) : (
          <Enrol onDone={setRecoveryCodes} />
        )}
      </div>
    </Page>
  );
}

function Enrol({ onDone }: { onDone: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const start = useSingleFlight(async () => setSetup(await securityApi.totpSetup()));
  const ready = totpComplete(code) && password !== '';
  const confirm = useSingleFlight(async () => {
    if (!ready) return;
    // Refused (a wrong code or password, told by a toast): the code is asked again, it may have gone stale meanwhile.
    const res = await securityApi.totpEnable(code, password).catch(() => null);
    if (!res) return setCode('');
    await client.invalidateQueries({ queryKey: securityKeys.overview });
    onDone(res.recoveryCodes);
  });
  if (!setup) {
    return (
      <div className="sec-card">
        <p>{t('security.twoFactor.intro')}</p>
        <PrimaryButton onClick={() => void start.run()} loading={start.running} testId="2fa-start">
          {t('security.twoFactor.start')}
        </PrimaryButton>
      </div>
    );
  }
  return (
    <SubmitForm onSubmit={confirm.run}>
      <div className="sec-card">
        <p>{t('security.twoFactor.scan')}</p>
        <div className="sec-qr">
          <QrCode text={setup.uri} label={t('security.twoFactor.qrLabel')} testId="2fa-qr" />
        </div>
        <p className="field__hint">{t('security.twoFactor.manual')}</p>
        <button
          type="button"
          className="sec-key"
          onClick={() => void copyText(setup.secret).then(() => Toast.show(t('common.copied')))}
          data-testid="2fa-key"
        >
          {setup.secret}
        </button>
      </div>
      <TotpField value={code} onChange={setCode} testId="2fa-code" />
      <p className="field__hint">{t('security.twoFactor.passwordHint')}</p>
      <PasswordField
        label={t('auth.password')}
        placeholder={t('auth.passwordPlaceholder')}
        autoComplete="current-password"
        maxLength={256}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        testId="2fa-password"
      />
      <PrimaryButton type="submit" loading={confirm.running} disabled={!ready} testId="2fa-enable">
        {t('security.twoFactor.enable')}
      </PrimaryButton>
    </SubmitForm>
  );
}

/** The recovery codes, shown once; "I've saved them" ends the setup on the security page. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const done = useGoBack(ROUTES.security);
  return (
    <>
      <div className="sec-card" data-testid="2fa-recovery">
        <strong>{t('security.twoFactor.enabled')}</strong>
        <p>{t('security.twoFactor.recoveryIntro')}</p>
        <ul className="sec-codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Button block onClick={() => void copyText(codes.join('\n')).then(() => Toast.show(t('common.copied')))}>
          {t('security.twoFactor.copyCodes')}
        </Button>
      </div>
      <PrimaryButton onClick={done} testId="2fa-done">
        {t('security.twoFactor.savedCodes')}
      </PrimaryButton>
    </>
  );
}

function TurnOff({ left }: { left: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const off = useSingleFlight(async () => {
    if (!totpComplete(code, true)) return;
    const done = await securityApi.totpDisable(code).then(
      () => true,
      () => false,
    );
    setCode('');
    if (!done) return;
    Toast.show({ icon: 'success', content: t('security.twoFactor.disabled') });
    await client.invalidateQueries({ queryKey: securityKeys.overview });
  });
  return (
    <SubmitForm onSubmit={off.run}>
      <div className="sec-card">
        <strong className="sec-ok" data-testid="2fa-on">
          {t('security.twoFactor.enabled')}
        </strong>
        <p className="field__hint">{t('security.twoFactor.recoveryLeft', { count: left })}</p>
        <p>{t('security.twoFactor.disableIntro')}</p>
      </div>
      <TotpField value={code} onChange={setCode} recovery testId="2fa-disable-code" />
      <DangerButton type="submit" loading={off.running} disabled={!totpComplete(code, true)} testId="2fa-disable">
        {t('security.twoFactor.disable')}
      </DangerButton>
    </SubmitForm>
  );
}
