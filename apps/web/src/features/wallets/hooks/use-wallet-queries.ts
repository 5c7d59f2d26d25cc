import { ApiError } from '@/lib/request';
import { DEFAULT_DENOMINATION, getSession } from '@/lib/session-store';
import { useAccountMode, useDenominationCode } from '@/shared/account-mode';
import type { AccountMode, Wallet } from '@nexa/contract';
import { useQuery } from '@tanstack/react-query';
import { walletsApi } from '../api/wallets-api';
import { staticKeys, walletKeys } from './query-keys';

const STATIC_STALE_MS = 10 * 60 * 1000;

/**
 * The server answers in the mode it holds for the user. If that is not the mode this device thought (switched on
 * another device), adopt it: the query keys change and the screens read again in the right mode.
 */
function adoptMode(mode: AccountMode): void {
  const session = getSession();
  if (session.user && session.user.mode !== mode) session.setUser({ ...session.user, mode });
}

/** A denomination the server no longer offers falls back to the default instead of failing for good. */
function dropUnknownDenomination(error: unknown, denomination: string): void {
  if (
    error instanceof ApiError &&
    denomination !== DEFAULT_DENOMINATION &&
    error.fields.some((f) => f.field === 'denomination')
  ) {
    getSession().setDenomination(DEFAULT_DENOMINATION);
  }
}

/** Total assets, today's earnings and every wallet, in the chosen denomination (index/property). */
export function useProperty() {
  const mode = useAccountMode();
  const denomination = useDenominationCode();
  return useQuery({
    queryKey: walletKeys.property(mode, denomination),
    queryFn: async ({ signal }) => {
      try {
        const data = await walletsApi.property(denomination, signal);
        adoptMode(data.mode);
        return data;
      } catch (error) {
        dropUnknownDenomination(error, denomination);
        throw error;
      }
    },
  });
}

/** One wallet with its currencies (index/money). */
export function useWalletMoney(wallet: Wallet | null) {
  const mode = useAccountMode();
  const denomination = useDenominationCode();
  return useQuery({
    queryKey: walletKeys.money(mode, wallet ?? 'spot', denomination),
    enabled: wallet !== null,
    queryFn: async ({ signal }) => {
      try {
        const data = await walletsApi.money(wallet ?? 'spot', denomination, signal);
        adoptMode(data.mode);
        return data;
      } catch (error) {
        dropUnknownDenomination(error, denomination);
        throw error;
      }
    },
  });
}

/** Which currencies each wallet holds (index/transferType). */
export function useTransferTypes() {
  return useQuery({
    queryKey: staticKeys.transferTypes,
    queryFn: ({ signal }) => walletsApi.transferTypes(signal),
    staleTime: STATIC_STALE_MS,
  });
}

export interface DenominationInfo {
  code: string;
  symbol: string;
  /** Units per USD. */
  rate: string;
}

/** The denominations on offer (index/denominations), USD first. */
export function useDenominations() {
  return useQuery({
    queryKey: staticKeys.denominations,
    queryFn: ({ signal }) => walletsApi.denominations(signal),
    staleTime: STATIC_STALE_MS,
    select: (data) => data.list,
  });
}

/** The chosen denomination with its symbol; until the list arrives, the code stands in for the symbol. */
export function useDenomination(): DenominationInfo {
  const code = useDenominationCode();
  const { data } = useDenominations();
  const found = data?.find((d) => d.code === code);
  if (found) return found;
  return {
    code,
    symbol: code === DEFAULT_DENOMINATION ? '$' : `${code} `,
    rate: code === DEFAULT_DENOMINATION ? '1' : '',
  };
}

/** Change types and wallets the account change log can be filtered by (order/getMoneyLogsOptions). */
export function useMoneyLogOptions() {
  return useQuery({
    queryKey: staticKeys.moneyLogOptions,
    queryFn: ({ signal }) => walletsApi.moneyLogOptions(signal),
    staleTime: STATIC_STALE_MS,
  });
}
