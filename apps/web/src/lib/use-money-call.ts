import { ApiError } from '@/lib/request';
import { RequestIdKeeper } from '@/lib/request-id';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A call that moves money (a transfer, a demo claim, a deposit or withdrawal submit). Each user action gets a
 * requestId; when the network failed before an answer came, retrying the same action (same fingerprint) sends the
 * same requestId, so the server applies it once. After a success the queries under `refresh` are read again.
 */
export function useMoneyCall<V, R>(
  call: (vars: V, requestId: string) => Promise<R>,
  fingerprint: (vars: V) => string,
  refresh: readonly QueryKey[],
) {
  const [keeper] = useState(() => new RequestIdKeeper());
  const queryClient = useQueryClient();
  return useMutation<R, unknown, V>({
    mutationFn: (vars) => call(vars, keeper.idFor(fingerprint(vars))),
    onSuccess: async () => {
      keeper.settle(false);
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      keeper.settle(error instanceof ApiError && error.isTransport);
    },
  });
}
