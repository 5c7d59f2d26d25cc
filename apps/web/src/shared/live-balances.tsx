import { noteUserChannelLive, resetUserChannelState } from '@/lib/balances-freshness';
import { request } from '@/lib/http';
import { hasStoredMoneyCalls } from '@/lib/pending-money-calls';
import { getSession, useSession } from '@/lib/session-store';
import { subscribeUserEvents } from '@/lib/user-events';
import { adoptAccountMode, cancelModeReads } from '@/shared/account-mode';
import { walletKeys } from '@/shared/api/wallets';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Balance events come in bursts (a transfer moves two wallets, a settlement many): one refetch per burst. */
const COALESCE_MS = 150;

/**
 * The server answers again (the socket's user channel is confirmed, first or after a drop): what failed to load
 * while it was unreachable is read again — a page reloaded while the server was down kept "Failed to load" though
 * the browser never went offline (TanStack's refetch on reconnect follows the browser's online event only) — and the
 * money calls whose answer was lost are looked up (the same: no online event when only the server was away).
 */
function serverAnswersAgain(client: QueryClient) {
  void client.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  // Only when some are kept: the lookup's module brings the whole call registry, which the home page never needs
  // (issue 18 §2: ~120 ms at 4x right after the page loaded).
  if (hasStoredMoneyCalls(typeof sessionStorage === 'undefined' ? null : sessionStorage)) {
    void import('@/lib/use-money-call').then((m) => m.resolvePendingMoneyCalls());
  }
}

/**
 * Every balance on every screen follows the server's `wallet.balance` events (transfers, deposits approved,
 * withdrawals decided, settlements, fees, margin): the wallets' queries of that account mode are read again, so
 * Assets and every "available" figure update without a reload. A switch of the account mode on another device
 * (`user.mode`) is followed too: every screen then shows the mode the server acts on. Rendered once, inside the query
 * provider, while signed in (loaded then: the user socket and its frame schemas are not part of the first route).
 */
export default function LiveBalances() {
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  useEffect(() => {
    resetUserChannelState();
    if (!token) return;
    const modes = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = (mode?: string) => {
      modes.add(mode ?? '*');
      clearTimeout(timer);
      timer = setTimeout(() => {
        const all = modes.has('*');
        for (const m of all ? [undefined] : modes) {
          void client.invalidateQueries({ queryKey: m ? [...walletKeys.all, m] : walletKeys.all });
        }
        modes.clear();
      }, COALESCE_MS);
    };
    const stop = subscribeUserEvents(
      {
        onEvent: (event) => {
          if (event.type === 'wallet.balance') refresh(event.mode);
          if (event.type === 'user.mode') {
            const user = getSession().user;
            if (!user || user.mode === event.mode) return; // this device made the switch, or already follows it
            void cancelModeReads(client, user.mode).then(() => adoptAccountMode(client, { ...user, mode: event.mode }));
          }
        },
        // Events may have been missed: the balances, and the user (a mode switched meanwhile), are read again.
        onResync: () => {
          refresh();
          void client.invalidateQueries({ queryKey: ['user'] });
        },
        // Turned live: the balances are read again from here on. Screens read them when the socket reopened (its
        // resync), but that read can end before the confirmation comes (a slow link): it would then predate the
        // channel's return and the balances would say "as of" until the next event. Coalesced with the resync's.
        onLive: (live) => {
          if (!noteUserChannelLive(live, Date.now())) return;
          refresh();
          serverAnswersAgain(client);
        },
        // The session was revoked (logged out from another device, password changed) or expired: ask the server,
        // whose 401 ends it here too and opens the login page, instead of showing its screens until the next call
        // (a tab on Assets makes none: it stayed there).
        onUnauthorized: () => void request('user/getUserinfo', {}).catch(() => undefined),
      },
      // Mounted once signed in, after the screens first read balances and messages.
      { catchUp: true },
    );
    return () => {
      clearTimeout(timer);
      stop();
      resetUserChannelState();
    };
  }, [token, client]);
  return null;
}
