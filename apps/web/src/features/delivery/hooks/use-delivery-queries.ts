import { useMoneyCall } from '@/lib/use-money-call';
import { useAccountMode } from '@/shared/account-mode';
import { fetchWalletMoney, walletKeys } from '@/shared/api/wallets';
import { findInPages, retryUnlessNotFound } from '@/shared/record-lookup';
import { useLanguageDocument, useLiveEvents, usePolledList, useProductSettings } from '@/shared/trading-queries';
import type { AccountMode, DeliveryOrder } from '@nexa/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateOrderInput, deliveryApi } from '../api/delivery-api';
import { applyOrderEvent, isActive, isFinal, newerOrder } from '../model';
import { type OrderEventHandlers, orderEventSource } from './order-events';
import { futuresKeys, staticFuturesKeys } from './query-keys';
import { noteServerTime } from './server-clock';

/** Periods and yields change when operators edit a product: rarely. */
const PERIODS_STALE_MS = 5 * 60_000;
/** While a confirm sheet is open, how often its period's bounds are read again. */
const PERIODS_LIVE_MS = 3_000;
/** Without push events the open orders are read this often (the brief's fallback). */
export const POLL_MS = 2_000;
/** With push events, a slow safety read in case one was lost. */
const LIVE_SAFETY_POLL_MS = 30_000;
/** After expiry, how often a tracked order is read until its result is in. */
const SETTLE_POLL_MS = 1_000;
/** With events the result normally arrives by push; polling only covers a lost event. */
const SETTLE_POLL_LIVE_MS = 3_000;

/** The account mode the server acts on (spec §4); every order query is keyed by it. */
export const useMode = useAccountMode;

const readPeriods = (symbol: string, signal: AbortSignal) => deliveryApi.periods(symbol, signal).then((d) => d.list);

/** A product's delivery periods with their yields and stake bounds (index/timeList). */
export function usePeriods(symbol: string | undefined) {
  return useProductSettings(symbol, staticFuturesKeys.periods, readPeriods, PERIODS_STALE_MS);
}

/**
 * A product's periods as they are now, while a confirm sheet for `symbol` is open (undefined: closed): read on
 * opening and every few seconds after, since no event tells of an operator's change to a period's bounds, and the
 * server checks the stake against the bounds it has then. The same cache as `usePeriods`: the order entry follows.
 */
export function useLivePeriods(symbol: string | undefined) {
  return useQuery({
    queryKey: staticFuturesKeys.periods(symbol ?? ''),
    enabled: Boolean(symbol),
    queryFn: ({ signal }) => readPeriods(symbol ?? '', signal),
    staleTime: 0,
    refetchInterval: PERIODS_LIVE_MS,
  });
}

/** The delivery wallet's available USDT (index/money {wallet: 'delivery'}). */
export function useDeliveryBalance() {
  const mode = useMode();
  const query = useQuery({
    queryKey: walletKeys.money(mode, 'delivery', 'USD'),
    queryFn: ({ signal }) => fetchWalletMoney('delivery', 'USD', signal),
  });
  const available = query.data?.currencies.find((c) => c.currency === 'USDT')?.available;
  return { query, available };
}

/** After money moved (an order placed or settled): every balance on every screen reads again. */
function refreshMoney(client: QueryClient, mode: AccountMode): void {
  void client.invalidateQueries({ queryKey: futuresKeys.wallets });
  void client.invalidateQueries({ queryKey: futuresKeys.history(mode) });
}

/** Puts what is known about `order` into every cache that shows it. */
export function storeOrder(client: QueryClient, order: DeliveryOrder): void {
  client.setQueryData<DeliveryOrder>(futuresKeys.order(order.mode, order.id), (held) => newerOrder(held, order));
  client.setQueryData<DeliveryOrder[]>(futuresKeys.active(order.mode), (list) =>
    list ? applyOrderEvent(list, order) : list,
  );
}

/** Pushed orders go into every cache that shows them; created, settled or cancelled, the balance changed. */
function subscribeOrders(client: QueryClient, handlers: Omit<OrderEventHandlers, 'onOrder'>): () => void {
  return orderEventSource().subscribe({
    ...handlers,
    onOrder: (order) => {
      storeOrder(client, order);
      refreshMoney(client, order.mode);
    },
  });
}

/** After missed events: every delivery list and every balance. */
const RESYNC_KEYS = [futuresKeys.all, futuresKeys.wallets];

/**
 * Listens to the user's order events while mounted and keeps the caches in step: the open-order list, the order
 * itself, and (when money moved) balances and history. Returns whether events are flowing; while not, the
 * screens poll.
 */
export function useOrderEvents(): boolean {
  return useLiveEvents(subscribeOrders, RESYNC_KEYS);
}

/** Open and scheduled orders of the current mode; polled when no events arrive. */
export function useActiveOrders(live: boolean) {
  return usePolledList({
    key: futuresKeys.active,
    read: (signal, quiet) => deliveryApi.active(signal, quiet).then((data) => data.list),
    rows: (list) => list,
    onRead: (list, client) => {
      for (const order of list) storeOrder(client, order);
    },
    // Settled (or cancelled) since the last read: their results and the balance are news.
    onGone: (gone, client, mode) => {
      refreshMoney(client, mode);
      for (const o of gone) void client.invalidateQueries({ queryKey: futuresKeys.order(mode, o.id) });
    },
    every: live ? LIVE_SAFETY_POLL_MS : POLL_MS,
  });
}

/**
 * One order by id. The API has no "order by id" call: an open order is in order/deliveryOrders; a settled one
 * is found in order/historyOrders, which lists by creation time, newest first. order/getOrderCountdown gives its
 * expiry, and an order is created before it expires, so reading history up to the expiry finds it on the first page
 * (unless 100 orders were created within its period).
 */
export async function fetchOrder(id: string, signal?: AbortSignal): Promise<DeliveryOrder> {
  const sentAt = Date.now();
  const countdown = await deliveryApi.countdown(id, signal, true);
  noteServerTime(countdown.now, sentAt, Date.now());
  if (isActive(countdown.status)) {
    const { list } = await deliveryApi.active(signal, true);
    const found = list.find((o) => o.id === id);
    if (found) return found;
    // Settled between the two calls: it is in the history now.
  }
  return findInPages(
    (page, pageSize) => deliveryApi.history({ end: countdown.expiresAt + 1, page, pageSize }, signal, true),
    id,
  );
}

/**
 * One order, kept current: events update it in place; from its expiry on it is also read every second (every
 * 3 s with events) until the result is in. `nowMs` is on the server's clock; the caller's tick re-evaluates it.
 */
export function useOrder(id: string | null, live: boolean, nowMs: number, initial?: DeliveryOrder) {
  const mode = useMode();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: futuresKeys.order(mode, id ?? ''),
    enabled: id !== null && id !== '',
    queryFn: async ({ signal }) => {
      const order = await fetchOrder(id ?? '', signal);
      const held = client.getQueryData<DeliveryOrder>(futuresKeys.order(mode, order.id));
      client.setQueryData<DeliveryOrder[]>(futuresKeys.active(order.mode), (list) =>
        list ? applyOrderEvent(list, order) : list,
      );
      // Polling saw it settle before any event did: the balance and the history are news.
      if (held && isActive(held.status) && isFinal(order.status)) refreshMoney(client, order.mode);
      return newerOrder(held, order);
    },
    initialData: initial && initial.id === id ? initial : undefined,
    staleTime: 5_000,
    retry: retryUnlessNotFound,
    refetchInterval: (q) => {
      const order = q.state.data;
      if (!order || isFinal(order.status)) return false;
      // A scheduled order opens at its own time: without events, look every 2 s.
      if (order.status === 'scheduled') return live ? false : POLL_MS;
      // An open order changes only at expiry; then its result is awaited (events first, polling as the net).
      if (nowMs < order.expiresAt) return false;
      return live ? SETTLE_POLL_LIVE_MS : SETTLE_POLL_MS;
    },
  });
  return query;
}

export interface HistoryFilter {
  symbol?: string;
  start?: number;
  end?: number;
}

/**
 * Places a delivery order (a money call, lib/use-money-call.ts): a retry after a lost answer reuses the requestId,
 * so it is placed once, and an answer lost on the way back is looked up, so the user sees the order that was placed.
 * `onSettledLater`: the outcome of an order whose answer and lookup were lost is known now (the connection is back).
 */
export function useCreateOrder(onSettledLater?: (input: CreateOrderInput, applied: boolean) => void) {
  const mode = useMode();
  const client = useQueryClient();
  return useMoneyCall<CreateOrderInput, DeliveryOrder>(
    'order/createDeliveryOrder',
    async (input, requestId) => {
      const sentAt = Date.now();
      const order = await deliveryApi.create(input, requestId);
      // Only a direct answer tells the server's time now (a looked-up one was stored when it was placed).
      noteServerTime(order.createdAt, sentAt, Date.now());
      return order;
    },
    (input) => `${mode}:${input.symbol}:${input.direction}:${input.seconds}:${input.amount}`,
    [],
    {
      onSuccess: (order) => {
        storeOrder(client, order);
        refreshMoney(client, order.mode);
      },
      onSettledLater,
    },
  );
}

/** Whether two order inputs are the same action (the same order confirmed again). */
export const sameOrder = (a: CreateOrderInput, b: CreateOrderInput) =>
  a.symbol === b.symbol && a.direction === b.direction && a.seconds === b.seconds && a.amount === b.amount;

/** Cancels an order that has not opened yet (scheduled); its stake comes back. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation<DeliveryOrder, unknown, string>({
    mutationFn: (id) => deliveryApi.cancel(id),
    onSuccess: (order) => {
      storeOrder(client, order);
      refreshMoney(client, order.mode);
    },
  });
}

/** The delivery rules in the interface language (order/deliveryDesc). */
export function useRules() {
  return useLanguageDocument(staticFuturesKeys.rules, deliveryApi.rules);
}
