/**
 * Deposits and withdrawals always concern the real account (whatever mode the user is in), so their keys carry no
 * mode. Every funding query starts with 'funding': one invalidation refreshes them all. Balances are the Assets
 * screens' ['wallets', …] queries: a withdrawal freezes money, so it invalidates those too (by key, not by import).
 */
export const fundingKeys = {
  all: ['funding'] as const,
  rechargeOptions: ['funding', 'bbRecharge'] as const,
  chainAddress: (currency: string, chain: string) => ['funding', 'chainAddress', currency, chain] as const,
  deposits: ['funding', 'czRec'] as const,
  payment: ['funding', 'payment'] as const,
  withdrawals: ['funding', 'tbRec'] as const,
  addresses: ['funding', 'addresses'] as const,
  bank: ['funding', 'bank'] as const,
};

/** The Assets screens' balance queries (features/wallets/hooks/query-keys.ts `walletKeys.all`). */
export const WALLETS_KEY = ['wallets'] as const;
