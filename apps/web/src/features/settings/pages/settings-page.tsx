import { MenuList } from '@/components/ui/menu-list';
import { Page } from '@/components/ui/page';
import { DangerButton } from '@/components/ui/primary-button';
import { APP_VERSION } from '@/lib/config';
import { readPreference, writePreference } from '@/lib/preferences';
import { queryClient } from '@/lib/query-client';
import { ROUTES } from '@/lib/routes';
import { getSession, useSession } from '@/lib/session-store';
import { Dialog } from '@/shared/dialog';
import { useLanguageItem } from '@/shared/language-item';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { settingsApi } from '../api/settings-api';

/**
 * Settings (spec §2): language, theme, denomination currency, version, log out; plus the perpetual close-all
 * confirmation, the only way back once its dialog's "don't remind me again" was ticked.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const theme = useSession((s) => s.theme);
  const setTheme = useSession((s) => s.setTheme);
  const denomination = useSession((s) => s.denomination);
  const language = useLanguageItem('settings-language');
  const [loggingOut, setLoggingOut] = useState(false);
  // On = the close-all dialog shows, the inverse of the stored "don't remind me again". `writePreference` answers
  // what is actually stored, so the switch never claims a choice that storage refused.
  const [confirmCloseAll, setConfirmCloseAll] = useState(() => !readPreference('closeAllNoRemind'));

  const logout = async () => {
    if (loggingOut) return;
    const confirmed = await Dialog.confirm({
      content: t('settings.logoutConfirm'),
      confirmText: <span data-testid="settings-logout-confirm">{t('settings.logout')}</span>,
      cancelText: <span data-testid="settings-logout-cancel">{t('common.cancel')}</span>,
    });
    if (!confirmed) return;
    setLoggingOut(true);
    // The app forgets the session first, then revokes its token: a read still on its way (or started meanwhile) with
    // the old token would otherwise meet the revoked one and say "session expired" on the login page.
    const token = getSession().token;
    navigate(ROUTES.login, { replace: true });
    getSession().clearSession();
    queryClient.clear();
    if (token) {
      // The server token expires on its own if this is lost.
      await settingsApi.logout(token).catch(() => {});
    }
  };

  return (
    <Page title={t('settings.title')} back testId="settings-page">
      <div className="stack">
        <MenuList
          items={[
            language,
            {
              label: t('settings.darkMode'),
              toggle: {
                on: theme === 'dark',
                onChange: (on) => setTheme(on ? 'dark' : 'light'),
                testId: 'settings-theme',
              },
            },
            {
              label: t('settings.currency'),
              to: ROUTES.denominationCurrency,
              value: denomination,
              testId: 'settings-currency',
            },
            {
              label: t('settings.confirmCloseAll'),
              toggle: {
                on: confirmCloseAll,
                onChange: (on) => setConfirmCloseAll(!writePreference('closeAllNoRemind', !on)),
                testId: 'settings-confirm-close-all',
              },
            },
            { label: t('password.title'), to: ROUTES.retrievePassword, testId: 'settings-password' },
            { label: t('security.title'), to: ROUTES.security, testId: 'settings-security' },
            {
              label: t('settings.responsibleTrading'),
              to: ROUTES.responsibleTrading,
              testId: 'settings-responsible-trading',
            },
            {
              label: t('settings.version'),
              extra: (
                <span className="list-extra" data-testid="settings-version">
                  v{APP_VERSION}
                </span>
              ),
            },
          ]}
        />
        <DangerButton onClick={() => void logout()} loading={loggingOut} disabled={loggingOut} testId="settings-logout">
          {t('settings.logout')}
        </DangerButton>
      </div>
    </Page>
  );
}
