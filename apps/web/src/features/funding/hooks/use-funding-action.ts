import { ApiError } from '@/lib/request';
import { RequestIdKeeper } from '@/lib/request-id';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WALLETS_KEY, fundingKeys } from './query-keys';

/**
 * A deposit or withdrawal submit. Each form action gets a requestId; when the network failed before an answer came,
 * submitting the same form again (same fingerprint) sends the same requestId, so the server records it once.
 * After a success every funding list and every balance is read again (a withdrawal freezes funds).
 */
export function useFundingAction<V, R>(
  call: (vars: V, requestId: string) => Promise<R>,
  fingerprint: (vars: V) => string,
) {
  const [keeper] = useState(() => new RequestIdKeeper());
  const queryClient = useQueryClient();
  return useMutation<R, unknown, V>({
    mutationFn: (vars) => call(vars, keeper.idFor(fingerprint(vars))),
    onSuccess: async () => {
      keeper.settle(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: fundingKeys.all }),
        queryClient.invalidateQueries({ queryKey: WALLETS_KEY }),
      ]);
    },
    onError: (error) => {
      keeper.settle(error instanceof ApiError && error.isTransport);
    },
  });
}
