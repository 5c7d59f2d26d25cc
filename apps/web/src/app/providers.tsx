import { useAntdLocale } from '@/i18n/antd-locale';
import { afterLoadIdle } from '@/lib/async';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { applyTheme } from '@/lib/theme';
import { resetUserEventSeq } from '@/lib/user-event-cursor';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';

// The live balances and the message centre's live updates follow the user socket, whose frame schemas (zod) are
// not part of the first route's JavaScript: loaded once signed in, after the first screen has loaded (its frames
// reach most of the contract's schemas, which the first screen's content should not wait for). A chunk that cannot
// be downloaded leaves the screens without live updates (they still read on open and on pull), never the whole app
// without a tree.
const nothing = { default: () => null };
const LiveBalances = lazy(() => import('@/shared/live-balances').catch(() => nothing));
const LiveMessages = lazy(() => import('@/shared/live-messages').catch(() => nothing));

/**
 * A new session (sign-in, sign-out) numbers the user channel's events afresh, before any screen subscribes to it:
 * rendered first, so its effect runs before the screens' (React runs a parent's children's effects in order).
 */
function UserEventCursor() {
  const token = useSession((s) => s.token);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of token is the trigger, not an input.
  useEffect(() => resetUserEventSeq(), [token]);
  return null;
}

/** Server state, antd-mobile's locale, and the theme on <html>. */
export function Providers({ children }: { children: ReactNode }) {
  const theme = useSession((s) => s.theme);
  const signedIn = useSession((s) => s.token !== null);
  const locale = useAntdLocale();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterLoadIdle(() => setLoaded(true)), []);
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <QueryClientProvider client={queryClient}>
      <UserEventCursor />
      {signedIn && loaded ? (
        <Suspense fallback={null}>
          <LiveBalances />
          <LiveMessages />
        </Suspense>
      ) : null}
      <ConfigProvider locale={locale}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
