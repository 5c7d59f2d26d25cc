import { useSession } from '@/lib/session-store';
import type { AccountMode } from '@nexa/contract';

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
