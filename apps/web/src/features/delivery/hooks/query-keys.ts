import type { AccountMode } from '@nexa/contract';

/**
 * Every query of the user's delivery orders carries the account mode it was read in: switching between real and
 * demo reads fresh data (ARCHITECTURE §6: trading calls act on the current mode). The delivery wallet's balance
 * sits under the Assets screens' 'wallets' prefix, so their invalidation (after a transfer, a demo claim) and ours
 * (after an order moved money) refresh both.
 */
export const futuresKeys = {
  all: ['delivery'] as const,
  mode: (mode: AccountMode) => ['delivery', mode] as const,
  active: (mode: AccountMode) => ['delivery', mode, 'active'] as const,
  history: (mode: AccountMode) => ['delivery', mode, 'history'] as const,
  historyFiltered: (mode: AccountMode, filter: object) => ['delivery', mode, 'history', filter] as const,
  order: (mode: AccountMode, id: string) => ['delivery', mode, 'order', id] as const,
  wallets: ['wallets'] as const,
};

/** Lists that do not depend on the user. */
export const staticFuturesKeys = {
  periods: (symbol: string) => ['delivery-periods', symbol] as const,
  rules: (lang: string) => ['delivery-rules', lang] as const,
};
