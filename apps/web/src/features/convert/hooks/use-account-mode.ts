import { useSession } from '@/lib/session-store';
import type { AccountMode } from '@nexa/contract';

/** The account mode the server acts on for this user (spec §4), as last reported by login or a switch. */
export function useAccountMode(): AccountMode {
  return useSession((s) => s.user?.mode ?? 'real');
}
