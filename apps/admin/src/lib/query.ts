import { QueryClient, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, type Body, type CallName, type Data, api } from './api';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

/**
 * A read call as a query; its key is the call and its body. `keepPrevious` keeps the rows on screen while the next
 * page or filter loads (lists only: a detail keyed by id must never show another record meanwhile).
 */
export function useCall<P extends CallName>(
  path: P,
  body: Body<P> = {} as Body<P>,
  opts: { enabled?: boolean; refetchMs?: number; keepPrevious?: boolean } = {},
) {
  return useQuery<Data<P>, Error>({
    queryKey: [path, body],
    queryFn: () => api(path, body),
    enabled: opts.enabled ?? true,
    ...(opts.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(opts.refetchMs ? { refetchInterval: opts.refetchMs } : {}),
  });
}

/**
 * A change as a mutation: the server's message on failure (in the operator's language, a 403 included), a
 * success toast, and the listed queries refreshed once the call has settled, whatever its outcome: a refusal such as
 * "already reviewed" or "changed meanwhile", or no answer at all, means the screen's lists may be stale too.
 */
export function useAction<P extends CallName>(
  path: P,
  opts: {
    success?: string;
    invalidate?: CallName[];
    /** The form marks the fields the server names: the notice points at them instead of naming a field path. */
    fieldsOnForm?: boolean;
  } = {},
) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useMutation<Data<P>, Error, Body<P>>({
    mutationFn: (body) => api(path, body),
    onSuccess: () => {
      if (opts.success) void message.success(opts.success);
    },
    onError: (err) =>
      void message.error(
        opts.fieldsOnForm && err instanceof ApiError && err.fields.length > 0 ? t('form.checkFields') : err.message,
      ),
    onSettled: () => refresh(client, opts.invalidate),
  });
}

/** Refetches the queries of `calls` (every body): awaited, so a mutation stays pending until the lists are fresh. */
export const refresh = (client: QueryClient, calls: CallName[] = []) =>
  Promise.all(calls.map((k) => client.invalidateQueries({ queryKey: [k] })));
