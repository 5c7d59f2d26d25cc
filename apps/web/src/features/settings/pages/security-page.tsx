import { MenuList } from '@/components/ui/menu-list';
import { Page } from '@/components/ui/page';
import { ROUTES } from '@/lib/routes';
import { fetchSecurityOverview, securityKeys } from '@/shared/api/security';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** The security centre (mine → settings → Security): 2FA, sessions and devices, login history, anti-phishing code. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const overview = useQuery({
    queryKey: securityKeys.overview,
    queryFn: ({ signal }) => fetchSecurityOverview(signal),
  });
  const o = overview.data;
  const state = (on: boolean) => (
    <span className={on ? 'sec-state sec-state--on' : 'sec-state'}>{t(on ? 'security.on' : 'security.off')}</span>
  );
  return (
    <Page title={t('security.title')} back testId="security-page">
      <div className="stack">
        <p className="field__hint">{t('security.intro')}</p>
        <MenuList
          items={[
            {
              label: t('security.twoFactor.title'),
              to: ROUTES.twoFactor,
              extra: o ? state(o.twoFactorEnabled) : null,
              testId: 'security-2fa',
            },
            { label: t('security.sessions.title'), to: ROUTES.sessions, testId: 'security-sessions' },
            { label: t('security.history.title'), to: ROUTES.loginHistory, testId: 'security-history' },
            {
              label: t('security.phishing.title'),
              to: ROUTES.antiPhishing,
              extra: o ? (
                <span className="list-extra" data-testid="security-phishing-value">
                  {o.antiPhishing ?? t('security.phishing.notSet')}
                </span>
              ) : null,
              testId: 'security-phishing',
            },
          ]}
        />
      </div>
    </Page>
  );
}
