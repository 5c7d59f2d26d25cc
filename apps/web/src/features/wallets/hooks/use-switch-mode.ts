import { adoptAccountMode } from '@/shared/account-mode';
import type { AccountMode } from '@nexa/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletsApi } from '../api/wallets-api';
import { walletKeys } from './query-keys';

/**
 * Real ⇄ demo (spec §4, user/changeUser). The stored user takes the new mode, which every wallet query key
 * carries, so the screens read the new mode's balances; everything cached is marked stale, so returning to a mode
 * shows its last figures while they are read again. `pendingMode` lets the switch show the choice at once.
 */
export function useSwitchMode() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (mode: AccountMode) => {
      // A read already under way could answer in the new mode under the old mode's key, or bring the old
      // user back after the switch.
      await queryClient.cancelQueries({ queryKey: ['user'] });
      await queryClient.cancelQueries({ queryKey: walletKeys.all });
      return walletsApi.changeMode(mode);
    },
    onSuccess: (user) => adoptAccountMode(queryClient, user),
  });
  return {
    switchTo: (mode: AccountMode) => mutation.mutateAsync(mode),
    pendingMode: mutation.isPending ? mutation.variables : undefined,
    switching: mutation.isPending,
  };
}
