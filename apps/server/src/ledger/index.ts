export {
  type AccountRef,
  type BatchOp,
  type Entry,
  ensureSystemAccounts,
  InsufficientFunds,
  Ledger,
  type Posted,
  SYSTEM_ACCOUNTS,
  SYSTEM_SHARDS,
  type SystemAccount,
  type SystemCode,
  type UserAccount,
} from './ledger.js';
// Money is the platform's one decimal, from @nexa/rules; re-exported so ledger callers keep one import.
export { fitsScale, format2, formatAmount, Money, money, scaleOf, ZERO } from '@nexa/rules';
