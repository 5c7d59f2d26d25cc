import { ApiError } from '@/lib/request';
import { useMoneyCall } from '@/lib/use-money-call';
import { usePagedList } from '@/lib/use-paged-list';
import { subscribeUserEvents } from '@/lib/user-events';
import { useAccountMode } from '@/shared/account-mode';
import { fetchWalletMoney, walletKeys } from '@/shared/api/wallets';
import { type LiveHandlers, useLiveEvents } from '@/shared/trading-queries';
import { Code, type CopyRecord, type FollowPlan } from '@nexa/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type CreatePlanInput, copyApi, copyKeys } from '../api/copy-api';

/** Every copy list, figure and balance reads again: after money moved or an event said something changed. */
function refreshCopy(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: copyKeys.all });
  void client.invalidateQueries({ queryKey: copyKeys.wallets });
}

/**
 * The copy-trading events of the `user` channel (invited, a follower confirmed or withdrew, placed, settled,
 * cancelled): the plan itself is stored at once, and the lists and balances read again.
 */
function subscribeCopy(client: QueryClient, handlers: LiveHandlers): () => void {
  return subscribeUserEvents({
    onEvent: (event) => {
      if (!event.type.startsWith('copy.')) return;
      if ('plan' in event) client.setQueryData(copyKeys.plan(event.plan.mode, event.plan.id), event.plan);
      refreshCopy(client);
    },
    onResync: handlers.onResync,
    onLive: handlers.onLive,
  });
}

const RESYNC_KEYS = [copyKeys.all, copyKeys.wallets];

/** Listens to the copy events while mounted; returns whether they flow (while not, the lists poll). */
export function useCopyEvents(): boolean {
  return useLiveEvents(subscribeCopy, RESYNC_KEYS);
}

/** Without events the lists are read this often; with them a slow safety read. */
const POLL_MS = 5_000;
const LIVE_POLL_MS = 30_000;
/** While a plan on screen awaits its placement or result (its time has come), read every 3 s whatever the events. */
const DUE_POLL_MS = 3_000;

/** Whether a plan's order time has passed and its result is not in yet. */
const awaiting = (plan: FollowPlan, now: number) =>
  plan.result === null && plan.refundReason === null && plan.status !== 'cancelled' && plan.orderTime <= now;

function usePolledPages<T extends { id: string }>(
  key: readonly unknown[],
  read: (
    page: number,
    pageSize: number,
    signal: AbortSignal,
  ) => Promise<{ list: T[]; total: number; page: number; pageSize: number }>,
  live: boolean,
  planOf: (row: T) => FollowPlan,
) {
  const paged = usePagedList(key, read);
  const client = useQueryClient();
  const { refetch } = paged.query;
  const due = paged.items.some((row) => awaiting(planOf(row), Date.now()));
  useEffect(() => {
    const timer = setInterval(() => void refetch(), due ? DUE_POLL_MS : live ? LIVE_POLL_MS : POLL_MS);
    return () => clearInterval(timer);
  }, [refetch, live, due]);
  // A result that came in by reading the list: the figures that count results read again.
  const results = paged.items.map((row) => `${planOf(row).id}:${planOf(row).result}`).join(',');
  useEffect(() => {
    if (results) void client.invalidateQueries({ queryKey: copyKeys.all, predicate: isFigure });
  }, [results, client]);
  return paged;
}

/** Win rates and leader profiles (not the lists). */
const isFigure = (q: { queryKey: readonly unknown[] }) => q.queryKey[2] === 'win-rate' || q.queryKey[2] === 'leader';

/** Invitation rows carry the plan's id as theirs (one invitation per plan and user). */
const withId = (r: CopyRecord) => ({ ...r, id: r.plan.id });
export type CopyRow = ReturnType<typeof withId>;

/** My copy limits and usage, and the profit-share cap operators set now. */
export function useCopySettings() {
  const mode = useAccountMode();
  return useQuery({ queryKey: copyKeys.settings(mode), queryFn: ({ signal }) => copyApi.settings(signal) });
}

/** Plans I am invited to, with my state (Invited me). */
export function useInvited(live: boolean) {
  const mode = useAccountMode();
  return usePolledPages(
    copyKeys.invited(mode),
    (page, size, signal) => copyApi.invited(page, size, signal).then((d) => ({ ...d, list: d.list.map(withId) })),
    live,
    (r) => r.plan,
  );
}

/** My copies (copy history). */
export function useCopies(live: boolean) {
  const mode = useAccountMode();
  return usePolledPages(
    copyKeys.copies(mode),
    (page, size, signal) => copyApi.copies(page, size, signal).then((d) => ({ ...d, list: d.list.map(withId) })),
    live,
    (r) => r.plan,
  );
}

/** My published plans (publish history). */
export function usePublished(live: boolean) {
  const mode = useAccountMode();
  return usePolledPages(
    copyKeys.published(mode),
    (page, size, signal) => copyApi.published(page, size, signal),
    live,
    (p) => p,
  );
}

/** One plan by id, kept current by events. */
export function usePlan(id: string, initial?: FollowPlan) {
  const mode = useAccountMode();
  return useQuery({
    queryKey: copyKeys.plan(mode, id),
    queryFn: ({ signal }) => copyApi.plan(id, signal),
    initialData: initial,
    enabled: id !== '',
  });
}

/** A leader's win rate (mine without uid). */
export function useWinRate(uid?: number) {
  const mode = useAccountMode();
  return useQuery({ queryKey: copyKeys.winRate(mode, uid), queryFn: ({ signal }) => copyApi.winRate(uid, signal) });
}

/** A leader's profile: windows, streak, recent plans. */
export function useLeaderProfile(uid: number | null) {
  const mode = useAccountMode();
  return useQuery({
    queryKey: copyKeys.leader(mode, uid ?? 0),
    queryFn: ({ signal }) => copyApi.leader(uid ?? 0, signal),
    enabled: uid !== null,
    // Nobody has this UID: asking again cannot change that (the page says so instead of "try again").
    retry: (count, error) => count < 2 && !isUnknownUid(error),
  });
}

/** The copy-trading wallet's available USDT: what a percentage condition is taken from and the stake is held from. */
export function useCopyBalance() {
  const mode = useAccountMode();
  const query = useQuery({
    queryKey: walletKeys.money(mode, 'copy', 'USD'),
    queryFn: ({ signal }) => fetchWalletMoney('copy', 'USD', signal),
  });
  return { query, available: query.data?.currencies.find((c) => c.currency === 'USDT')?.available };
}

/** The delivery wallet's available USDT: where the leader's own stake is held from. */
export function useDeliveryWalletBalance() {
  const mode = useAccountMode();
  const query = useQuery({
    queryKey: walletKeys.money(mode, 'delivery', 'USD'),
    queryFn: ({ signal }) => fetchWalletMoney('delivery', 'USD', signal),
  });
  return { query, available: query.data?.currencies.find((c) => c.currency === 'USDT')?.available };
}

/** Publishes a plan (a money call: the leader's stake is held from the delivery wallet). */
export function useCreatePlan() {
  const mode = useAccountMode();
  const client = useQueryClient();
  return useMoneyCall<CreatePlanInput, FollowPlan>(
    'order/createOrder',
    (input, requestId) => copyApi.createPlan(input, requestId),
    // The order time is left out: a relative one ("in 2 minutes") moves between attempts, and a retry of the same
    // plan must reuse the requestId (it resends what the first attempt sent).
    (input) => `${mode}:${JSON.stringify({ ...input, orderTime: undefined })}`,
    [],
    { onSuccess: () => refreshCopy(client) },
  );
}

type PlanCall = 'confirm' | 'withdraw';

/** Confirms a copy (the computed stake held from the copy-trading wallet) or withdraws it (released). */
export function useCopyCall(kind: PlanCall) {
  const mode = useAccountMode();
  const client = useQueryClient();
  return useMoneyCall<string, CopyRecord>(
    kind === 'confirm' ? 'order/checkFollowOrder' : 'order/cancelFollow',
    (planId, requestId) =>
      kind === 'confirm' ? copyApi.confirm(planId, requestId) : copyApi.withdraw(planId, requestId),
    (planId) => `${mode}:${kind}:${planId}`,
    [],
    { onSuccess: () => refreshCopy(client) },
  );
}

/** The leader cancels an open plan: every hold released. */
export function useCancelPlan() {
  const mode = useAccountMode();
  const client = useQueryClient();
  return useMoneyCall<string, FollowPlan>(
    'order/cancelPlan',
    (planId, requestId) => copyApi.cancelPlan(planId, requestId),
    (planId) => `${mode}:cancel-plan:${planId}`,
    [],
    { onSuccess: () => refreshCopy(client) },
  );
}

/** Invites more users to an open plan (moves no money). */
export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, uids }: { planId: string; uids: number[] }) => copyApi.invite(planId, uids),
    onSuccess: () => refreshCopy(client),
  });
}

/** The nickname of a uid, to show back before inviting. */
/** The server's answer for a UID nobody has (the user look-up and the leader profile refuse the `uid` field). */
export function isUnknownUid(error: unknown): boolean {
  return error instanceof ApiError && error.code === Code.INVALID && error.fields.some((f) => f.field === 'uid');
}

export function lookupUid(client: QueryClient, uid: number) {
  return client.fetchQuery({
    queryKey: copyKeys.uid(uid),
    queryFn: ({ signal }) => copyApi.lookupUid(uid, signal),
    staleTime: 60_000,
  });
}
