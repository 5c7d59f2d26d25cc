/**
 * The pure rules of the deposit and withdrawal screens: what is checked before anything is sent, and the amounts
 * shown (fee, what is frozen, the most that can be withdrawn). Amounts stay decimal strings, computed on their
 * digits with bigint (never a JS number), like lib/decimal.ts.
 */
import { compareDecimal, isPositiveAmount } from '@/lib/decimal';
import { CHAIN_ADDRESS_FORMATS, type Chain, UPLOAD_LIMITS } from '@nexa/contract';

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
  'withdrawalPassword',
  'passwordSixDigits',
  'oldPassword',
  'newPassword',
  'password2',
  'passwordMismatch',
  'bankName',
  'cardNumber',
  'cardNumberInvalid',
  'userName',
  'selectCurrency',
  'selectChain',
  'selectMethod',
] as const;
export type FundingError = (typeof FUNDING_ERRORS)[number];

export function isFundingError(value: string): value is FundingError {
  return (FUNDING_ERRORS as readonly string[]).includes(value);
}

// ── decimals ─────────────────────────────────────────────────────────────────────────────────────────────────

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A non-negative decimal string as units of 10^-scale, cut (not rounded) to `scale`; null when malformed. */
export function toUnits(value: string, scale: number): bigint | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const frac = (match[2] ?? '').padEnd(scale, '0').slice(0, scale);
  return BigInt(`${match[1]}${frac}`);
}

export function fromUnits(units: bigint, scale: number): string {
  const digits = units.toString().padStart(scale + 1, '0');
  if (scale === 0) return digits;
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** `percent` ("1", "0.5") as a fraction num/den. */
function percentFraction(percent: string): { num: bigint; den: bigint } | null {
  const match = DECIMAL.exec(percent.trim());
  if (!match) return null;
  const frac = match[2] ?? '';
  return { num: BigInt(`${match[1]}${frac}`), den: 100n * 10n ** BigInt(frac.length) };
}

/**
 * The withdrawal fee of `amount`: amount × percent / 100 at the currency's `scale`, rounded up (a fee never rounds
 * in the user's favour below the platform's percentage; the server's figure on the record is the one that counts).
 */
export function feeOf(amount: string, percent: string, scale: number): string | null {
  const units = toUnits(amount, scale);
  const p = percentFraction(percent);
  if (units === null || p === null) return null;
  const product = units * p.num;
  const fee = product / p.den + (product % p.den === 0n ? 0n : 1n);
  return fromUnits(fee, scale);
}

/** amount + fee: what is frozen while the withdrawal is reviewed. */
export function totalOf(amount: string, percent: string, scale: number): string | null {
  const units = toUnits(amount, scale);
  const fee = feeOf(amount, percent, scale);
  if (units === null || fee === null) return null;
  return fromUnits(units + (toUnits(fee, scale) ?? 0n), scale);
}

/** The largest amount whose amount + fee fits in `available` ("All"); "0" when nothing fits. */
export function maxWithdrawable(available: string, percent: string, scale: number): string {
  const avail = toUnits(available, scale);
  const p = percentFraction(percent);
  if (avail === null || p === null || avail <= 0n) return fromUnits(0n, scale);
  // amount ≤ available / (1 + p): start there and step down while the rounded-up fee overshoots.
  let amount = (avail * p.den) / (p.den + p.num);
  while (amount > 0n) {
    const fee = toUnits(feeOf(fromUnits(amount, scale), percent, scale) ?? '0', scale) ?? 0n;
    if (amount + fee <= avail) break;
    amount -= 1n;
  }
  return fromUnits(amount, scale);
}

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

/** Card numbers are typed with spaces or dashes; the server keeps 8–30 digits. */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function checkCardNumber(value: string): FundingError | null {
  const digits = normalizeCardNumber(value.trim());
  if (digits === '') return 'cardNumber';
  if (!/^\d{8,30}$/.test(digits)) return 'cardNumberInvalid';
  return null;
}

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
  if (!(UPLOAD_LIMITS.mimeTypes as readonly string[]).includes(file.type)) return 'fileType';
  if (file.size > UPLOAD_LIMITS.maxBytes) return 'fileSize';
  return null;
}

/** `UPLOAD_LIMITS.maxBytes` in whole megabytes, for the hint ("at most 5 MB"). */
export const MAX_UPLOAD_MB = Math.floor(UPLOAD_LIMITS.maxBytes / (1024 * 1024));
