import type { AccountMode } from '@nexa/contract';

/**
 * Every query of the user's perpetual positions, orders and trades carries the account mode it was read in, so
 * switching between real and demo reads fresh data (trading calls act on the current mode). After money moved
 * the Assets screens' 'wallets' prefix is invalidated too.
 */
export const perpKeys = {
  all: ['perpetual'] as const,
  mode: (mode: AccountMode) => ['perpetual', mode] as const,
  positions: (mode: AccountMode) => ['perpetual', mode, 'positions'] as const,
  current: (mode: AccountMode) => ['perpetual', mode, 'current'] as const,
  history: (mode: AccountMode) => ['perpetual', mode, 'history'] as const,
  historyFiltered: (mode: AccountMode, filter: object) => ['perpetual', mode, 'history', filter] as const,
  trades: (mode: AccountMode) => ['perpetual', mode, 'trades'] as const,
  tradesFiltered: (mode: AccountMode, filter: object) => ['perpetual', mode, 'trades', filter] as const,
  wallets: ['wallets'] as const,
};

/** What does not depend on the user. */
export const staticPerpKeys = {
  product: (symbol: string) => ['perpetual-product', symbol] as const,
  rules: (lang: string) => ['perpetual-rules', lang] as const,
};
