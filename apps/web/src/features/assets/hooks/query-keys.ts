import type { AccountMode, Wallet } from '@nexa/contract';

/**
 * Every query of the user's money starts with 'wallets' and the account mode it was read in: switching between
 * real and demo reads fresh data, and one invalidation of ['wallets'] refreshes every balance and record list.
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

/** Lists that do not depend on the user's balances. */
export const staticKeys = {
  transferTypes: ['transferType'] as const,
  denominations: ['denominations'] as const,
  moneyLogOptions: ['moneyLogsOptions'] as const,
};
