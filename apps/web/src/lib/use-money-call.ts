import { ApiError } from '@/lib/request';
import { RequestIdKeeper } from '@/lib/request-id';
import type { MoneyCallOutcomeData } from '@nexa/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import i18n from 'i18next';
import { useState } from 'react';
import { request } from './http';

/** The code of a money call that, looked up after its answer was lost, never applied (nothing moved). */
export const CLIENT_NOT_APPLIED = -3;

/**
 * After a transport failure the outcome of a money call is unknown: ask the server what became of its requestId.
 * Applied: the answer it gave. Not applied: nothing moved, and that requestId can no longer apply. The lookup failing
 * too (still offline): the original error, so a retry by the user sends the same requestId.
 */
export async function settleUnknownOutcome<R>(
  error: unknown,
  requestId: string,
  lookup: (requestId: string) => Promise<MoneyCallOutcomeData>,
): Promise<R> {
  if (!(error instanceof ApiError && error.isTransport)) throw error;
  let outcome: MoneyCallOutcomeData;
  try {
    outcome = await lookup(requestId);
  } catch {
    throw error;
  }
  if (outcome.status === 'applied') return outcome.response as R;
  const notApplied = new ApiError(CLIENT_NOT_APPLIED, i18n.t('errors.notApplied'));
  Toast.show({ content: notApplied.msg });
  throw notApplied;
}

const lookupOutcome = (requestId: string) =>
  request('index/moneyCallOutcome', { requestId }, { silent: true }) as Promise<MoneyCallOutcomeData>;

/**
 * A call that moves money (a transfer, a demo claim, a deposit or withdrawal submit). Each user action gets a
 * requestId. It is never retried without the user: when the answer is lost (timeout, dropped connection) the call's
 * outcome is looked up and the user told what actually happened; while that cannot be known (offline), the same
 * action tried again sends the same requestId, so the server applies it once. After a success the queries under
 * `refresh` are read again.
 */
export function useMoneyCall<V, R>(
  call: (vars: V, requestId: string) => Promise<R>,
  fingerprint: (vars: V) => string,
  refresh: readonly QueryKey[],
) {
  const [keeper] = useState(() => new RequestIdKeeper());
  const queryClient = useQueryClient();
  return useMutation<R, unknown, V>({
    mutationFn: async (vars) => {
      const requestId = keeper.idFor(fingerprint(vars));
      try {
        return await call(vars, requestId);
      } catch (error) {
        return settleUnknownOutcome<R>(error, requestId, lookupOutcome);
      }
    },
    onSuccess: async () => {
      keeper.settle(false);
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      // Still unknown (offline): the same action keeps its requestId. Known (refused, or not applied): a new one.
      keeper.settle(error instanceof ApiError && error.isTransport);
    },
  });
}
