/**
 * Market data hooks shared by the Home, Markets, Futures and Perpetual screens: the product catalogue
 * (product/getProductList, which also seeds the ticker store) and one product's live ticker.
 *
 * The `tickers` channel is subscribed while at least one component reads a ticker, once for the whole app;
 * each row reads its own symbol from the store, so a tick re-renders that row and nothing else.
 */
import type { ProductSummary, Ticker } from '@nexa/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { request } from './http';
import { marketSocket } from './market-socket';
import { tickerStore } from './ticker-store';

export const marketKeys = {
  products: ['market', 'products'] as const,
};

/** The catalogue changes when operators edit it, rarely: read again after 5 minutes at the earliest. */
const CATALOGUE_STALE_MS = 5 * 60_000;

/** Every enabled product with its 24h figures (44 on a fresh server), in the operators' order. */
export function useProducts() {
  return useQuery<ProductSummary[]>({
    queryKey: marketKeys.products,
    queryFn: async ({ signal }) => {
      const data = await request('product/getProductList', {}, { method: 'GET', signal });
      tickerStore.put(data.list);
      return data.list;
    },
    staleTime: CATALOGUE_STALE_MS,
  });
}

let feedReaders = 0;
let stopFeed: (() => void) | null = null;

/** Keeps the `tickers` channel feeding the store until the returned function is called (once per reader). */
export function holdTickerFeed(): () => void {
  feedReaders += 1;
  stopFeed ??= marketSocket().subscribe('tickers', (list) => tickerStore.put(list));
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    feedReaders -= 1;
    if (feedReaders === 0) {
      stopFeed?.();
      stopFeed = null;
    }
  };
}

/** A store subscription that also keeps the `tickers` channel open while anyone reads. */
function subscribeTicker(symbol: string, listener: () => void): () => void {
  const off = tickerStore.subscribe(symbol, listener);
  const release = holdTickerFeed();
  return () => {
    off();
    release();
  };
}

const noSubscription = () => () => undefined;

/**
 * `symbol`'s live ticker (undefined until REST or the socket brought one). With `follow` false (a row off screen)
 * it keeps the channel open but does not re-render on ticks: it shows the latest price again once followed.
 */
export function useTicker(symbol: string | null | undefined, follow = true): Ticker | undefined {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!symbol) return noSubscription();
      return follow ? subscribeTicker(symbol, listener) : holdTickerFeed();
    },
    [symbol, follow],
  );
  const get = () => (symbol ? tickerStore.get(symbol) : undefined);
  return useSyncExternalStore(subscribe, get, get);
}
