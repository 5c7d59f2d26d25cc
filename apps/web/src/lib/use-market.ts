/**
 * Market data hooks shared by the Home, Markets, Futures and Perpetual screens: the product catalogue
 * (product/getProductList, which also seeds the ticker store) and one product's live ticker.
 *
 * The `tickers` channel is subscribed while at least one component reads a ticker, once for the whole app;
 * each row reads its own symbol from the store, so a tick re-renders that row and nothing else.
 */
import type { ProductSummary, Ticker } from '@nexa/contract';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState } from 'react';
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

/**
 * `symbol`'s live ticker (undefined until REST or the socket brought one). With `follow` false (a row off screen)
 * it keeps the channel open but does not re-render on ticks: it shows the latest price again once followed.
 *
 * A tick re-renders its readers in a transition, not synchronously (`useSyncExternalStore` would): a tick of every
 * product re-renders every row on screen, and as one blocking task that was 20–30 ms on this host, ~100 ms at the
 * 4× slowdown Lighthouse assumes for a phone — once a second, so the page never went quiet. A transition renders
 * the rows in slices that yield to input. Every render reads the store, as before: a row scrolled back to shows the
 * newest price in the same render that starts following (so it does not flash for a move the user did not see),
 * and rows rendered in one slice may show a price one tick apart until the next tick's render.
 */
export function useTicker(symbol: string | null | undefined, follow = true): Ticker | undefined {
  const [, setTicks] = useState(0);
  const ticker = symbol ? tickerStore.get(symbol) : undefined;
  const rendered = useRef(ticker);
  rendered.current = ticker;
  useEffect(() => {
    if (!symbol) return;
    if (!follow) return holdTickerFeed();
    const rerender = () => startTransition(() => setTicks((n) => n + 1));
    const off = subscribeTicker(symbol, rerender);
    // A tick between the render and this subscription shows now, not a tick later.
    if (tickerStore.get(symbol) !== rendered.current) rerender();
    return off;
  }, [symbol, follow]);
  return ticker;
}
