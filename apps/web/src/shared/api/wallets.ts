import { request } from '@/lib/http';
import type { AccountMode, Wallet } from '@nexa/contract';

/**
 * Every query of the user's money starts with 'wallets' and the account mode it was read in: switching between
 * real and demo reads fresh data, and one invalidation of ['wallets'] refreshes every balance and record list.
 * One key per server resource: a wallet's balances (index/money) are cached once whichever screen reads them
 * (assets, convert, delivery, withdrawal), so a change seen on one screen is seen on all.
 */
export const walletKeys = {
  all: ['wallets'] as const,
  property: (mode: AccountMode, denomination: string) => ['wallets', mode, 'property', denomination] as const,
  money: (mode: AccountMode, wallet: Wallet, denomination: string) =>
    ['wallets', mode, 'money', wallet, denomination] as const,
  transfers: (mode: AccountMode) => ['wallets', mode, 'zyRec'] as const,
  moneyLogs: (mode: AccountMode, filter: object) => ['wallets', mode, 'moneyLogs', filter] as const,
  walletMoneyLogs: (mode: AccountMode, wallet: Wallet) => ['wallets', mode, 'userMoneyLog', wallet] as const,
  demoClaims: (mode: AccountMode, sinceMs: number) => ['wallets', mode, 'demoClaims', sinceMs] as const,
};

/** One wallet of the current account mode with its currencies (spec §7 index/money; the server's default is USD). */
export function fetchWalletMoney(wallet: Wallet, denomination: string, signal?: AbortSignal) {
  return request('index/money', { wallet, denomination }, { method: 'GET', signal });
}
