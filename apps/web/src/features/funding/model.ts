/**
 * The pure rules of the deposit and withdrawal screens: what is checked before anything is sent, and the amounts
 * shown (fee, what is frozen, the most that can be withdrawn). Amounts stay decimal strings; the arithmetic is
 * @nexa/rules', the same the server charges with.
 */
import { checkImageFile as checkImage } from '@/lib/form-rules';
import {
  ADDRESS_LABEL_MAX,
  type BankAccountProblem,
  CHAIN_ADDRESS_FORMATS,
  type Chain,
  type PaymentData,
  UPLOAD_LIMITS,
  type WithdrawalMethod,
  checkBankAccount,
  hasControlChars,
  normalizeBankAccount,
} from '@nexa/contract';
import {
  compareDecimal,
  isPositiveAmount,
  maxWithdrawable,
  withdrawalFeePreview,
  withdrawalTotalPreview,
} from '@nexa/rules';

/** Keys under `funding.errors` (what the user is told), so the rules stay testable without i18n. */
export const FUNDING_ERRORS = [
  'rechargeAmount',
  'withdrawalAmount',
  'amountPositive',
  'belowMin',
  'belowMinUsd',
  'aboveMaxUsd',
  'insufficient',
  'screenshot',
  'fileType',
  'fileSize',
  'uploading',
  'uploadFailed',
  'address',
  'addressInvalid',
  'label',
  'labelTooLong',
  'labelInvalid',
  'withdrawalPassword',
  'passwordSixDigits',
  'oldPassword',
  'newPassword',
  'password2',
  'passwordMismatch',
  'bankName',
  'cardNumber',
  'bankAccountCharacters',
  'ibanCountry',
  'ibanLength',
  'ibanChecksum',
  'cardLength',
  'cardChecksum',
  'userName',
  'selectCurrency',
  'selectChain',
  'selectMethod',
] as const;
export type FundingError = (typeof FUNDING_ERRORS)[number];

export function isFundingError(value: string): value is FundingError {
  return (FUNDING_ERRORS as readonly string[]).includes(value);
}

// ── amounts: the server's withdrawal fee rule (@nexa/rules), on what the form holds ─────────────────────────────

/** The withdrawal fee of `amount` at the currency's `scale`, rounded up: the figure the server will freeze. */
export const feeOf = withdrawalFeePreview;
/** amount + fee: what is frozen while the withdrawal is reviewed. */
export const totalOf = withdrawalTotalPreview;
export { maxWithdrawable };

// ── form checks ──────────────────────────────────────────────────────────────────────────────────────────────

/** Deposit amount: entered, above zero, at least the chain's minimum. */
export function checkDepositAmount(amount: string, minAmount: string | undefined): FundingError | null {
  if (amount.trim() === '') return 'rechargeAmount';
  if (!isPositiveAmount(amount)) return 'amountPositive';
  if (minAmount && compareDecimal(amount, minAmount) < 0) return 'belowMin';
  return null;
}

/** Per-withdrawal limits in USD (index/payment); checked here for stablecoins, which count at par. */
export interface UsdLimits {
  minUsd: string;
  maxUsd: string;
  /** The currency is a stablecoin: its amount is its USD value. Others are valued by the server at market. */
  stable: boolean;
}

/**
 * Withdrawal amount: entered, above zero, within the USD limits (stablecoins), and amount + fee within the
 * available balance when it is known (in the demo account the real balance is not readable: the server checks).
 */
export function checkWithdrawalAmount(
  amount: string,
  available: string | undefined,
  percent: string,
  scale: number,
  limits?: UsdLimits,
): FundingError | null {
  if (amount.trim() === '') return 'withdrawalAmount';
  if (!isPositiveAmount(amount)) return 'amountPositive';
  if (limits?.stable) {
    if (compareDecimal(amount, limits.minUsd) < 0) return 'belowMinUsd';
    if (compareDecimal(amount, limits.maxUsd) > 0) return 'aboveMaxUsd';
  }
  const total = totalOf(amount, percent, scale);
  if (available !== undefined && total !== null && compareDecimal(total, available) > 0) return 'insufficient';
  return null;
}

export function isSixDigits(value: string): boolean {
  return /^\d{6}$/.test(value);
}

export function checkWithdrawalPassword(value: string): FundingError | null {
  if (value === '') return 'withdrawalPassword';
  if (!isSixDigits(value)) return 'passwordSixDigits';
  return null;
}

/** A wallet address for `chain`, checked with the same patterns the server uses. */
export function checkAddress(chain: Chain, address: string): FundingError | null {
  const value = address.trim();
  if (value === '') return 'address';
  if (!CHAIN_ADDRESS_FORMATS[chain].test(value)) return 'addressInvalid';
  return null;
}

/** What the user calls a bound address: required, at most 30 characters, no control characters (as the server). */
export function checkAddressLabel(label: string): FundingError | null {
  const value = label.trim();
  if (value === '') return 'label';
  if (value.length > ADDRESS_LABEL_MAX) return 'labelTooLong';
  if (hasControlChars(value)) return 'labelInvalid';
  return null;
}

/** The message for each refusal of the contract's bank-account rule (the server's schema applies the same one). */
const BANK_ACCOUNT_ERRORS: Record<BankAccountProblem, FundingError> = {
  required: 'cardNumber',
  characters: 'bankAccountCharacters',
  ibanCountry: 'ibanCountry',
  ibanLength: 'ibanLength',
  ibanChecksum: 'ibanChecksum',
  cardLength: 'cardLength',
  cardChecksum: 'cardChecksum',
};

/** A card number (Luhn, 12–19 digits) or an IBAN (mod 97, the country's length); spaces and dashes allowed. */
export function checkCardNumber(value: string): FundingError | null {
  const check = checkBankAccount(value);
  return check.ok ? null : BANK_ACCOUNT_ERRORS[check.problem];
}

/** What is sent: spaces and dashes removed, letters upper-cased (the server stores the same). */
export const normalizeCardNumber = normalizeBankAccount;

export interface PasswordForm {
  oldPassword: string;
  password: string;
  password2: string;
}

/** Set (no old one) or change (old one required) the six-digit withdrawal password, entered twice. */
export function checkPasswordForm(
  form: PasswordForm,
  hasPassword: boolean,
): Partial<Record<keyof PasswordForm, FundingError>> {
  const errors: Partial<Record<keyof PasswordForm, FundingError>> = {};
  if (hasPassword && form.oldPassword === '') errors.oldPassword = 'oldPassword';
  if (form.password === '') errors.password = 'newPassword';
  else if (!isSixDigits(form.password)) errors.password = 'passwordSixDigits';
  if (form.password2 === '') errors.password2 = 'password2';
  else if (form.password2 !== form.password) errors.password2 = 'passwordMismatch';
  return errors;
}

/** The screenshot, before it is sent: an image type the server takes, at most 5 MB. */
export function checkImageFile(file: { type: string; size: number }): FundingError | null {
  return checkImage(file, { type: 'fileType', size: 'fileSize' });
}

/** `UPLOAD_LIMITS.maxBytes` in whole megabytes, for the hint ("at most 5 MB"). */
export const MAX_UPLOAD_MB = Math.floor(UPLOAD_LIMITS.maxBytes / (1024 * 1024));

// ── withdrawal prerequisites ─────────────────────────────────────────────────────────────────────────────────

/** What a withdrawal needs in place besides the form; each has its message and the page that sets it up. */
export type WithdrawalPrerequisite = 'verification' | 'password' | 'address' | 'addressPending' | 'bank';

/**
 * What must be in place before a withdrawal can be confirmed (the server checks the same): a verified identity, a
 * withdrawal password, a card or an address bound for the chain, and that address past its waiting time
 * (`addressUsableAt`, from `user/getUserAddress`).
 */
export function missingPrerequisites(
  p: Pick<PaymentData, 'identityVerified' | 'hasWithdrawalPassword' | 'bankBound' | 'boundChains'>,
  method: WithdrawalMethod | undefined,
  chain: Chain | undefined,
  addressUsableAt?: number,
  now = Date.now(),
): WithdrawalPrerequisite[] {
  const missing: WithdrawalPrerequisite[] = [];
  if (!p.identityVerified) missing.push('verification');
  if (!p.hasWithdrawalPassword) missing.push('password');
  if (method === 'bank' && !p.bankBound) missing.push('bank');
  if (method === 'crypto' && chain && !p.boundChains.includes(chain)) missing.push('address');
  else if (method === 'crypto' && addressUsableAt !== undefined && addressUsableAt > now)
    missing.push('addressPending');
  return missing;
}
