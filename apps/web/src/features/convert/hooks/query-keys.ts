import type { AccountMode, Currency } from '@nexa/contract';

/**
 * Balances and records live under ['wallets', mode, …] like every other query of the user's money (apps/web
 * README, Assets): a convert invalidates ['wallets'], so the Assets screens read again too, and a mode switch
 * reads fresh data.
 */
export const convertKeys = {
  wallets: ['wallets'] as const,
  records: (mode: AccountMode) => ['wallets', mode, 'sdRec'] as const,
  coins: ['convert', 'coins'] as const,
  quote: (mode: AccountMode, from: Currency, to: Currency, amount: string) =>
    ['convert', 'quote', mode, from, to, amount] as const,
};
