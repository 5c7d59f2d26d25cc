export {
  type AccountRef,
  type BatchOp,
  type Entry,
  InsufficientFunds,
  Ledger,
  type Posted,
  SYSTEM_ACCOUNTS,
  type SystemAccount,
  type SystemCode,
  type UserAccount,
} from './ledger.js';
export { fitsScale, format2, formatAmount, Money, money, scaleOf, ZERO } from './money.js';
