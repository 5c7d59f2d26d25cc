import { useAccountMode } from '@/shared/account-mode';
import { fetchWalletMoney, walletKeys } from '@/shared/api/wallets';
import type { Chain, Currency } from '@nexa/contract';
import { useQuery } from '@tanstack/react-query';
import { fundingApi } from '../api/funding-api';
import { fundingKeys } from './query-keys';

export function useRechargeOptions() {
  return useQuery({
    queryKey: fundingKeys.rechargeOptions,
    queryFn: ({ signal }) => fundingApi.rechargeOptions(signal),
  });
}

export function useChainAddress(currency: Currency | null, chain: Chain | null) {
  return useQuery({
    queryKey: fundingKeys.chainAddress(currency ?? '', chain ?? ''),
    enabled: currency !== null && chain !== null,
    queryFn: ({ signal }) => fundingApi.chainAddress(currency as Currency, chain as Chain, signal),
  });
}

/** Limits, fee, today's count and what the user has in place (password, verification, bindings). */
export function usePayment() {
  return useQuery({
    queryKey: fundingKeys.payment,
    queryFn: ({ signal }) => fundingApi.payment(signal),
    staleTime: 0,
  });
}

export function useAddresses() {
  return useQuery({ queryKey: fundingKeys.addresses, queryFn: ({ signal }) => fundingApi.addresses(signal) });
}

export function useBankCard() {
  return useQuery({ queryKey: fundingKeys.bank, queryFn: ({ signal }) => fundingApi.bank(signal) });
}

/**
 * The spot wallet withdrawals leave. index/money answers for the account the user is in; withdrawals always leave
 * the real account, so in demo mode there is nothing to read (the page says so and the server checks the balance).
 */
export function useRealSpot() {
  const mode = useAccountMode();
  const query = useQuery({
    queryKey: walletKeys.money(mode, 'spot', 'USD'),
    enabled: mode === 'real',
    queryFn: ({ signal }) => fetchWalletMoney('spot', 'USD', signal),
    staleTime: 0,
  });
  return { mode, query };
}
