import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router-dom';
import { session } from './lib/api';
import { queryClient } from './lib/query';
import { LoginPage } from './pages/login-page';
import { Shell } from './shell';
import { consoleTheme } from './theme';

/** Providers, then either the login or the signed-in console. */
export function ConsoleApp() {
  const { i18n } = useTranslation();
  const token = useSyncExternalStore(session.subscribe, session.token);
  return (
    <ConfigProvider locale={i18n.language === 'zh' ? zhCN : enUS} theme={consoleTheme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <HashRouter>{token ? <Shell /> : <LoginPage />}</HashRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
