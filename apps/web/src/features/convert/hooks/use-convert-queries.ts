import { useAccountMode } from '@/shared/account-mode';
import { fetchWalletMoney, walletKeys } from '@/shared/api/wallets';
import type { Currency } from '@nexa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { convertApi } from '../api/convert-api';
import { QUOTE_REFRESH_MS } from '../model';
import { convertKeys } from './query-keys';

/** The currencies that convert, their scale, and the slippage bounds (index/coin). */
export function useCoins() {
  return useQuery({
    queryKey: convertKeys.coins,
    queryFn: ({ signal }) => convertApi.coins(signal),
    staleTime: 60_000,
  });
}

/** The spot wallet of the current mode: what is available to convert. */
export function useSpotBalances() {
  const mode = useAccountMode();
  return useQuery({
    queryKey: walletKeys.money(mode, 'spot', 'USD'),
    queryFn: ({ signal }) => fetchWalletMoney('spot', 'USD', signal),
  });
}

/**
 * The live quote for `amount` (index/sdQuote), read again every few seconds while the page is open. The previous
 * quote stays on screen while the next one loads; the page only shows a receive amount for the amount it was
 * quoted for. A quote no one shows is dropped at once (`gcTime` 0): coming back to an amount typed earlier (or to
 * the empty field after a convert) showed that amount's old quote, 20 s stale, as the current rate.
 */
export function useQuote(from: Currency, to: Currency, amount: string) {
  const mode = useAccountMode();
  return useQuery({
    queryKey: convertKeys.quote(mode, from, to, amount),
    queryFn: ({ signal }) => convertApi.quote({ fromCurrency: from, toCurrency: to, amount }, { signal, silent: true }),
    enabled: from !== to,
    refetchInterval: QUOTE_REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    gcTime: 0,
    retry: false,
  });
}
