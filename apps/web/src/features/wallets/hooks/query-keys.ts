import { walletKeys } from '@/shared/api/wallets';

/** Re-exported: the Assets screens' keys now live beside the shared fetcher. */
export { walletKeys };

/** Lists that do not depend on the user's balances. */
export const staticKeys = {
  transferTypes: ['transferType'] as const,
  denominations: ['denominations'] as const,
  moneyLogOptions: ['moneyLogsOptions'] as const,
};
