import { ApiError } from '@/lib/request';
import { useMoneyCall } from '@/lib/use-money-call';
import { usePagedList } from '@/lib/use-paged-list';
import { useAccountMode } from '@/shared/account-mode';
import { useLanguageDocument, useLiveEvents, usePolledList, useProductSettings } from '@/shared/trading-queries';
import type { AccountMode, ApiBody, PerpOrder, PerpPosition, PerpTrade, PositionOrdersData } from '@nexa/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { perpetualApi } from '../api/perpetual-api';
import { type PerpEvent, type PerpEventHandlers, subscribePerpEvents } from './perp-events';
import { storePosition } from './position-cache';
import { perpKeys, staticPerpKeys } from './query-keys';

/** Without push events positions (PnL, ratio) and open orders are read this often. */
export const POLL_MS = 3_000;
/** With push events, a slower safety read in case one was lost. */
const LIVE_POLL_MS = 10_000;

/** The account mode the server acts on; every query is keyed by it. */
export const useMode = useAccountMode;

/** A product's perpetual settings (contract size, max leverage, fee rate) from product/getProductInfo. */
export function useProductInfo(symbol: string | undefined) {
  return useProductSettings(symbol, staticPerpKeys.product, perpetualApi.productInfo, 5 * 60_000);
}

/** After money moved: balances on every screen and the perpetual lists read again. */
export function refreshAfterMoney(client: QueryClient, mode: AccountMode): void {
  void client.invalidateQueries({ queryKey: perpKeys.mode(mode) });
  void client.invalidateQueries({ queryKey: perpKeys.wallets });
}

function applyEvent(client: QueryClient, event: PerpEvent): void {
  switch (event.kind) {
    case 'position': {
      const known = client
        .getQueryData<PositionOrdersData>(perpKeys.positions(event.position.mode))
        ?.list.some((p) => p.id === event.position.id);
      storePosition(client, event.position);
      // A new position, or margin moved: the account figures come with the list.
      if (!known) void client.invalidateQueries({ queryKey: perpKeys.positions(event.position.mode) });
      return;
    }
    case 'order':
    case 'trade': {
      // A fill, a cancel, a TP/SL or a liquidation: money moved and the lists changed.
      const m = event.kind === 'order' ? event.order.mode : event.trade.mode;
      refreshAfterMoney(client, m);
      return;
    }
  }
}

/** After missed events: every perpetual list and every balance. */
const RESYNC_KEYS = [perpKeys.all, perpKeys.wallets];

function subscribe(client: QueryClient, handlers: Omit<PerpEventHandlers, 'onEvent'>): () => void {
  return subscribePerpEvents({ ...handlers, onEvent: (event) => applyEvent(client, event) });
}

/**
 * Listens to the user's perpetual events while mounted and keeps the caches in step. Returns whether events are
 * flowing; while not, the lists poll faster.
 */
export function usePerpEvents(): boolean {
  return useLiveEvents(subscribe, RESYNC_KEYS);
}

/**
 * Open positions and the perpetual account (Sustainable/PositionOrders), read every few seconds as the net
 * under the push events (every 3 s without them).
 */
export function usePositions(live: boolean) {
  return usePolledList({
    key: perpKeys.positions,
    read: (signal, quiet) => perpetualApi.positions(signal, quiet),
    rows: (data) => data.list,
    // A position gone since the last read was closed by TP/SL or liquidation: its history is news.
    onGone: (_, client, mode) => {
      void client.invalidateQueries({ queryKey: perpKeys.history(mode) });
      void client.invalidateQueries({ queryKey: perpKeys.trades(mode) });
      void client.invalidateQueries({ queryKey: perpKeys.wallets });
    },
    every: live ? LIVE_POLL_MS : POLL_MS,
  });
}

/** Pending limit orders (Sustainable/currentEntrust). */
export function useCurrentOrders(live: boolean) {
  return usePolledList({
    key: perpKeys.current,
    read: (signal, quiet) => perpetualApi.currentOrders(signal, quiet).then((data) => data.list),
    rows: (list) => list,
    // An order gone since the last read was filled (a new position) or cancelled.
    onGone: (_, client, mode) => refreshAfterMoney(client, mode),
    every: live ? LIVE_POLL_MS : POLL_MS,
  });
}

export interface PerpFilter {
  symbol?: string;
}

/** Finished orders (filled, cancelled, rejected), page by page (Sustainable/historyEntrust). */
export function useHistoryOrders(filter: PerpFilter) {
  const mode = useMode();
  return usePagedList<PerpOrder>(perpKeys.historyFiltered(mode, filter), (page, pageSize, signal) =>
    perpetualApi.historyOrders({ ...filter, page, pageSize }, signal),
  );
}

/** Fills: opens, closes, TP, SL and liquidations, page by page (Sustainable/historyTrades). */
export function useHistoryTrades(filter: PerpFilter) {
  const mode = useMode();
  return usePagedList<PerpTrade>(perpKeys.tradesFiltered(mode, filter), (page, pageSize, signal) =>
    perpetualApi.historyTrades({ ...filter, page, pageSize }, signal),
  );
}

/**
 * A perpetual money call (lib/use-money-call.ts): a retry of the same action after the answer was lost (timeout,
 * network) sends the same requestId, so the server applies it once, and a lost answer is looked up, so the user
 * is told what actually happened. Money figures are read again after it; `onSuccess` stores the answer.
 */
function useKeyedMutation<I, O>(
  scope: string,
  fingerprint: (input: I, mode: AccountMode) => string,
  call: (input: I, requestId: string) => Promise<O>,
  onSuccess?: (answer: O, client: QueryClient, mode: AccountMode) => void,
  onSettledLater?: (input: I, applied: boolean) => void,
) {
  const mode = useMode();
  const client = useQueryClient();
  return useMoneyCall<I, O>(scope, call, (input) => fingerprint(input, mode), [], {
    onSettledLater,
    onSuccess: (answer) => {
      onSuccess?.(answer, client, mode);
      refreshAfterMoney(client, mode);
    },
    onError: (error) => {
      // A refusal may mean the position changed meanwhile (closed by TP/SL): show what is true now.
      if (!(error instanceof ApiError && error.isTransport)) refreshAfterMoney(client, mode);
    },
  });
}

export type CreateOrderInput = Omit<ApiBody<'Sustainable/createOrder'>, 'requestId'>;

const orderFingerprint = (i: CreateOrderInput) =>
  `${i.symbol}:${i.side}:${i.type}:${i.price ?? ''}:${i.quantity}:${String(i.leverage)}:${i.tpPrice ?? ''}:${i.slPrice ?? ''}`;

/** Whether two order inputs are the same action (the same order tried again). */
export const sameOrder = (a: CreateOrderInput, b: CreateOrderInput) => orderFingerprint(a) === orderFingerprint(b);

/**
 * Opens (market) or places (limit) an order. `onSettledLater`: the outcome of an order whose answer was lost is
 * known now (looked up when the connection came back).
 */
export function useCreateOrder(onSettledLater?: (input: CreateOrderInput, applied: boolean) => void) {
  return useKeyedMutation<CreateOrderInput, PerpOrder>(
    'Sustainable/createOrder',
    (i, mode) => `${mode}:${orderFingerprint(i)}`,
    (i, requestId) => perpetualApi.create({ ...i, requestId }),
    undefined,
    onSettledLater,
  );
}

export function useAddMargin() {
  return useKeyedMutation<{ positionId: string; amount: string }, PerpPosition>(
    'Sustainable/addMargin',
    (i, mode) => `${mode}:${i.positionId}:${i.amount}`,
    (i, requestId) => perpetualApi.addMargin({ ...i, requestId }),
  );
}

export function useClosePosition() {
  return useKeyedMutation<{ positionId: string; quantity?: string }, PerpTrade>(
    'Sustainable/closePosition',
    (i, mode) => `${mode}:${i.positionId}:${i.quantity ?? 'all'}`,
    (i, requestId) => perpetualApi.close({ ...i, requestId }),
  );
}

export function useCloseAll(onSettledLater?: () => void) {
  return useKeyedMutation<{ symbol?: string }, { closed: PerpTrade[] }>(
    'Sustainable/closeAllPosition',
    (i, mode) => `${mode}:${i.symbol ?? 'all'}`,
    (i, requestId) => perpetualApi.closeAll({ ...i, requestId }),
    undefined,
    onSettledLater,
  );
}

/** Sets or clears (blank) a position's take-profit and stop-loss. */
export function useSetTakeStop() {
  return useKeyedMutation<{ positionId: string; tpPrice: string; slPrice: string }, PerpPosition>(
    'Sustainable/setTakeStopPrice',
    (i, mode) => `${mode}:${i.positionId}:${i.tpPrice}:${i.slPrice}`,
    (i, requestId) => perpetualApi.setTakeStop({ ...i, requestId }),
    (position, client) => storePosition(client, position),
  );
}

/** Cancels a pending limit order: its held margin and fee come back. */
export function useCancelOrder() {
  return useKeyedMutation<string, PerpOrder>(
    'Sustainable/cancelDeliveryOrder',
    (orderId, mode) => `${mode}:${orderId}`,
    (orderId, requestId) => perpetualApi.cancel({ orderId, requestId }),
    (order, client, mode) =>
      client.setQueryData<PerpOrder[]>(perpKeys.current(mode), (list) => list?.filter((o) => o.id !== order.id)),
  );
}

/** The perpetual rules in the interface language (Sustainable/deliveryDesc). */
export function useRules() {
  return useLanguageDocument(staticPerpKeys.rules, perpetualApi.rules);
}
