import { useSession } from '@/lib/session-store';
import type { AccountMode } from '@nexa/contract';

/** The account mode the server acts on for this user (spec §4), as last reported by login, getUserinfo or a switch. */
export function useAccountMode(): AccountMode {
  return useSession((s) => s.user?.mode ?? 'real');
}

export function useDenominationCode(): string {
  return useSession((s) => s.denomination);
}

export function useHideAmounts(): [boolean, (hide: boolean) => void] {
  return [useSession((s) => s.hideAmounts), useSession((s) => s.setHideAmounts)];
}
