import { Page } from '@/components/ui/page';
import { PrimaryButton } from '@/components/ui/primary-button';
import { SubmitForm } from '@/components/ui/submit-form';
import { TextField } from '@/components/ui/text-field';
import { useGoBack } from '@/components/ui/use-go-back';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { fetchSecurityOverview, securityKeys } from '@/shared/api/security';
import { ANTI_PHISHING_LIMITS, hasControlChars } from '@nexa/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { securityApi } from '../api/security-api';

/** The anti-phishing code: a phrase every e-mail and SMS from Nexa starts with; shown here masked. */
export default function AntiPhishingPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const goBack = useGoBack(ROUTES.security);
  const overview = useQuery({
    queryKey: securityKeys.overview,
    queryFn: ({ signal }) => fetchSecurityOverview(signal),
  });
  const [phrase, setPhrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { min, max } = ANTI_PHISHING_LIMITS;
  const save = useSingleFlight(async () => {
    const v = phrase.trim();
    if ((v.length > 0 && v.length < min) || hasControlChars(v))
      return setError(t('security.phishing.rule', { min, max }));
    const saved = await securityApi.antiPhishing(v).catch(() => null);
    if (!saved) return;
    client.setQueryData(securityKeys.overview, saved);
    Toast.show({ icon: 'success', content: t(v ? 'security.phishing.saved' : 'security.phishing.cleared') });
    goBack();
  });
  const current = overview.data?.antiPhishing;
  return (
    <Page title={t('security.phishing.title')} back testId="anti-phishing-page">
      <SubmitForm onSubmit={save.run}>
        <p>{t('security.phishing.intro')}</p>
        <p className="field__hint" data-testid="phishing-current">
          {t('security.phishing.current')}: <bdi>{current ?? t('security.phishing.notSet')}</bdi>
        </p>
        <TextField
          label={t('security.phishing.label')}
          placeholder={t('security.phishing.placeholder')}
          hint={t('security.phishing.rule', { min, max })}
          maxLength={max}
          value={phrase}
          onChange={(e) => {
            setPhrase(e.target.value);
            setError(null);
          }}
          error={error}
          testId="phishing-input"
        />
        <PrimaryButton type="submit" loading={save.running} testId="phishing-save">
          {t(phrase.trim() || !current ? 'security.phishing.save' : 'security.phishing.clear')}
        </PrimaryButton>
      </SubmitForm>
    </Page>
  );
}
