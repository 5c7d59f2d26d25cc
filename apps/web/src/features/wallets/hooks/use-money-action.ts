import { ApiError } from '@/lib/request';
import { RequestIdKeeper } from '@/lib/request-id';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { walletKeys } from './query-keys';

/**
 * A call that moves money (transfer, demo claim). Each user action gets a requestId; when the network failed
 * before an answer came, retrying the same action (same fingerprint) sends the same requestId, so the server
 * applies it once. After a success every balance and record list is read again.
 */
export function useMoneyAction<V, R>(
  call: (vars: V, requestId: string) => Promise<R>,
  fingerprint: (vars: V) => string,
) {
  const [keeper] = useState(() => new RequestIdKeeper());
  const queryClient = useQueryClient();
  return useMutation<R, unknown, V>({
    mutationFn: (vars) => call(vars, keeper.idFor(fingerprint(vars))),
    onSuccess: async () => {
      keeper.settle(false);
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
    onError: (error) => {
      keeper.settle(error instanceof ApiError && error.isTransport);
    },
  });
}
