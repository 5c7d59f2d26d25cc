import { useAntdLocale } from '@/i18n/antd-locale';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { applyTheme } from '@/lib/theme';
import { LiveBalances } from '@/shared/live-balances';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { type ReactNode, Suspense, lazy, useEffect } from 'react';

// The message centre's live updates: not part of the first route's JavaScript.
const LiveMessages = lazy(() => import('@/shared/live-messages'));

/** Server state, antd-mobile's locale, and the theme on <html>. */
export function Providers({ children }: { children: ReactNode }) {
  const theme = useSession((s) => s.theme);
  const locale = useAntdLocale();
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveBalances />
      <Suspense fallback={null}>
        <LiveMessages />
      </Suspense>
      <ConfigProvider {...(locale ? { locale } : {})}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
