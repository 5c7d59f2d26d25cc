/**
 * Whether the live data on screen is current (lib/market-ws-freshness.ts): `live`, `stale` (the channel went
 * silent) or `reconnecting` (the connection is down). Price displays grey themselves when it is not `live`, and
 * money actions that quote a live price (market orders, close, convert) refuse to confirm on a stale one.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { marketSocket } from './market-socket';
import { holdTickerFeed } from './use-market';
import type { Freshness, MarketChannel } from './ws-client';

export type { Freshness } from './ws-client';

const live = (): Freshness => 'live';

/** The freshness of `channel`, re-rendering when it changes. */
export function useChannelFreshness(channel: MarketChannel): Freshness {
  const subscribe = useCallback((onChange: () => void) => marketSocket().onFreshness(onChange), []);
  const read = useCallback(() => marketSocket().freshness(channel), [channel]);
  return useSyncExternalStore(subscribe, read, live);
}

/** The freshness of live prices now, outside rendering (a money action about to confirm). */
export function priceFreshnessNow(): Freshness {
  return marketSocket().freshness('tickers');
}

/**
 * The freshness of live prices (the `tickers` channel), kept subscribed while the caller is on screen, so a page
 * that shows no ticker itself (convert) still knows whether prices are current.
 */
export function usePriceFreshness(): Freshness {
  useEffect(() => holdTickerFeed(), []);
  return useChannelFreshness('tickers');
}
