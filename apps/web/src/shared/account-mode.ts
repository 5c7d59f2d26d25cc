import { getSession, useSession } from '@/lib/session-store';
import { userInfoKey } from '@/lib/user-query';
import { walletKeys } from '@/shared/api/wallets';
import type { AccountMode, User } from '@nexa/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The account mode the server acts on for this user (spec §4), as last reported by login, getUserinfo or a switch.
 * One hook for every screen that reads or keys data by mode (assets, convert, funding, delivery, perpetual).
 */
export function useAccountMode(): AccountMode {
  return useSession((s) => s.user?.mode ?? 'real');
}

/** The currency totals are shown in (settings, Assets). */
export function useDenominationCode(): string {
  return useSession((s) => s.denomination);
}

/** Whether the Assets screens mask amounts, and the setter the eye button uses. */
export function useHideAmounts(): [boolean, (hide: boolean) => void] {
  return [useSession((s) => s.hideAmounts), useSession((s) => s.setHideAmounts)];
}

/**
 * Makes `user`'s mode this device's, once the server acts on it (a switch made here, or one made on another device
 * and told by the socket's `user.mode` event): the stored user takes it, which every mode-keyed query carries, so the
 * screens read the new mode's data; cached wallet figures are marked stale, so returning to a mode shows its last
 * figures while they are read again. Callers cancel the old mode's reads still under way first (one could answer in
 * the new mode under the old mode's key, or bring the old user back); nothing here cancels, since the new mode's
 * reads may already have started (a cancelled first read is not retried, and its screen stays loading).
 */
export async function adoptAccountMode(client: QueryClient, user: User): Promise<void> {
  const session = getSession();
  session.setUser(user);
  client.setQueryData(userInfoKey(session.token), user);
  // Not refetched here: the keys still on screen are the old mode's, and the server now answers in the new one.
  await client.invalidateQueries({ queryKey: walletKeys.all, refetchType: 'none' });
}

/** The reads a switch away from `mode` makes wrong: the user's, and the wallets' of that mode. */
export async function cancelModeReads(client: QueryClient, mode: AccountMode): Promise<void> {
  await client.cancelQueries({ queryKey: ['user'] });
  await client.cancelQueries({ queryKey: [...walletKeys.all, mode] });
}
