import { z } from 'zod';
import { checkBankAccount, normalizeBankAccount } from './bank-account.js';
import { EpochMs, Page, freeText, optionalBlank, pageOf } from './common.js';
import { def } from './define.js';
import { OptionalTotpCode } from './security.js';
import { Amount, Currency, RequestId } from './wallets.js';

/** Review status of deposits and withdrawals (spec §4): under review, approved, failed. */
export const ReviewStatus = z.enum(['review', 'approved', 'failed']);
export type ReviewStatus = z.infer<typeof ReviewStatus>;

/** Chains the platform takes deposits on and pays withdrawals to. */
export const CHAINS = ['TRC20', 'ERC20', 'BEP20', 'BTC'] as const;
export const Chain = z.enum(CHAINS);
export type Chain = z.infer<typeof Chain>;

/** Address format per chain; the client checks as the server does. */
export const CHAIN_ADDRESS_FORMATS: Record<Chain, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
  BTC: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
};

export function isChainAddress(chain: Chain, address: string): boolean {
  return CHAIN_ADDRESS_FORMATS[chain].test(address);
}

/** A stored upload's name: random, no path. */
export const UploadName = z
  .string()
  .trim()
  .regex(/^[a-f0-9]{32}\.(png|jpg|webp|gif)$/);
export const UploadData = z.object({
  name: UploadName,
  /** GET with the TOKEN header (owner) — the web app fetches it as a blob. */
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type UploadData = z.infer<typeof UploadData>;

/** Withdrawal password: six digits, entered twice. */
export const WithdrawalPassword = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

// ── Deposits ────────────────────────────────────────────────────────────────────────────────────────────────

export const RechargeOptionsData = z.object({
  list: z.array(
    z.object({
      currency: Currency,
      /** `configured: false`: the platform has no address on this chain yet; deposits there are refused. */
      chains: z.array(z.object({ chain: Chain, minAmount: z.string(), configured: z.boolean() })),
    }),
  ),
});
export type RechargeOptionsData = z.infer<typeof RechargeOptionsData>;

export const ChainAddressBody = z.object({ currency: Currency, chain: Chain });
export const ChainAddressData = z.object({
  currency: Currency,
  chain: Chain,
  address: z.string(),
  minAmount: z.string(),
});
export type ChainAddressData = z.infer<typeof ChainAddressData>;

export const CzSubmitBody = z.object({
  currency: Currency,
  chain: Chain,
  amount: Amount,
  /** An upload of this user (`common/upload` → name). */
  screenshot: UploadName,
  requestId: RequestId,
});
export type CzSubmitBody = z.infer<typeof CzSubmitBody>;

/** Spec §3 deposit record. Deposits always credit the real account's spot wallet. */
export const DepositRecord = z.object({
  id: z.string(),
  orderNo: z.string(),
  currency: Currency,
  chain: Chain,
  address: z.string(),
  amount: z.string(),
  screenshot: z.string(),
  screenshotUrl: z.string(),
  status: ReviewStatus,
  reason: z.string().nullable(),
  createdAt: EpochMs,
  reviewedAt: EpochMs.nullable(),
});
export type DepositRecord = z.infer<typeof DepositRecord>;

export const RecordsBody = Page;
export const CzRecData = pageOf(DepositRecord);
export type CzRecData = z.infer<typeof CzRecData>;

// ── Withdrawal bindings and password ─────────────────────────────────────────────────────────────────────────

/** What the user calls a bound address ("Ledger", "Binance"), required when binding. */
export const ADDRESS_LABEL_MAX = 30;
export const AddressLabel = freeText(ADDRESS_LABEL_MAX, { min: 1 });
export const SaveUserAddressBody = z
  .object({ chain: Chain, address: freeText(128, { min: 1 }), label: AddressLabel, totpCode: OptionalTotpCode })
  .superRefine((v, ctx) => {
    if (!isChainAddress(v.chain, v.address)) ctx.addIssue({ code: 'custom', path: ['address'], message: 'invalid' });
  });
export type SaveUserAddressBody = z.infer<typeof SaveUserAddressBody>;
/**
 * A bound address. A newly bound or replaced one can be withdrawn to only from `usableAt` (a delay the platform
 * configures); `label` is null for addresses bound before labels existed.
 */
export const WithdrawalAddress = z.object({
  chain: Chain,
  address: z.string(),
  label: z.string().nullable(),
  updatedAt: EpochMs,
  usableAt: EpochMs,
});
export type WithdrawalAddress = z.infer<typeof WithdrawalAddress>;
export const UserAddressData = z.object({ list: z.array(WithdrawalAddress) });
export type UserAddressData = z.infer<typeof UserAddressData>;

export const SaveUserBankBody = z.object({
  bankName: freeText(100, { min: 1 }),
  /** A card number (Luhn) or an IBAN (mod 97), spaces allowed; stored normalised (see bank-account.ts). */
  cardNumber: z
    .string()
    .max(64)
    .superRefine((v, ctx) => {
      const check = checkBankAccount(v);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.problem === 'required' ? 'required' : 'invalid' });
    })
    .transform(normalizeBankAccount),
  userName: freeText(100, { min: 1 }),
  totpCode: OptionalTotpCode,
});
export type SaveUserBankBody = z.infer<typeof SaveUserBankBody>;
/** The bound card; the number is masked to its last four digits outside the user's own input. */
export const BankCard = z.object({
  bankName: z.string(),
  cardNumber: z.string(),
  userName: z.string(),
  updatedAt: EpochMs,
});
export type BankCard = z.infer<typeof BankCard>;
export const UserBankData = BankCard.nullable();

/** Set (first time: no `oldPassword`) or change (then `oldPassword` is required) the withdrawal password. */
export const WithdrawalPasswordBody = z
  .object({
    oldPassword: optionalBlank(z.string().max(64)),
    password: WithdrawalPassword,
    password2: z.string(),
    totpCode: OptionalTotpCode,
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password2) ctx.addIssue({ code: 'custom', path: ['password2'], message: 'mismatch' });
  });
export type WithdrawalPasswordBody = z.infer<typeof WithdrawalPasswordBody>;

// ── Withdrawals ──────────────────────────────────────────────────────────────────────────────────────────────

export const WithdrawalMethod = z.enum(['crypto', 'bank']);
export type WithdrawalMethod = z.infer<typeof WithdrawalMethod>;

/** `index/payment`: what a withdrawal may be, and what the user has in place for one (spec §9). */
export const PaymentData = z.object({
  methods: z.array(WithdrawalMethod),
  /** Crypto: currencies and their chains. Bank: paid out from `bankCurrency`. */
  currencies: z.array(z.object({ currency: Currency, chains: z.array(Chain) })),
  bankCurrency: Currency,
  /** Per withdrawal, in USD. */
  minUsd: z.string(),
  maxUsd: z.string(),
  /** Percent of the amount, e.g. "1" = 1 %. */
  feePercent: z.string(),
  dailyLimit: z.number().int(),
  usedToday: z.number().int(),
  hasWithdrawalPassword: z.boolean(),
  identityVerified: z.boolean(),
  bankBound: z.boolean(),
  boundChains: z.array(Chain),
  /** An operator has paused this user's withdrawals (support's freeze): a submission is refused until lifted. */
  withdrawalsFrozen: z.boolean(),
});
export type PaymentData = z.infer<typeof PaymentData>;

export const TbSubmitBody = z
  .object({
    method: WithdrawalMethod,
    currency: Currency,
    /** Crypto only: the chain of a bound address. */
    chain: optionalBlank(Chain),
    /** Crypto only, optional: when given it must be the bound address of `chain`. */
    address: optionalBlank(freeText(128)),
    amount: Amount,
    withdrawalPassword: z.string().max(64),
    /** Required when the user has 2FA on. */
    totpCode: OptionalTotpCode,
    requestId: RequestId,
  })
  .superRefine((v, ctx) => {
    if (v.method === 'crypto' && !v.chain) ctx.addIssue({ code: 'custom', path: ['chain'], message: 'required' });
    if (v.withdrawalPassword.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['withdrawalPassword'], message: 'required' });
  });
export type TbSubmitBody = z.infer<typeof TbSubmitBody>;

/** Spec §3 withdrawal record. Withdrawals always leave the real account's spot wallet; amount + fee is frozen. */
export const WithdrawalRecord = z.object({
  id: z.string(),
  orderNo: z.string(),
  method: WithdrawalMethod,
  currency: Currency,
  chain: Chain.nullable(),
  address: z.string().nullable(),
  bankName: z.string().nullable(),
  /** Masked. */
  cardNumber: z.string().nullable(),
  userName: z.string().nullable(),
  /** What reaches the user. */
  amount: z.string(),
  fee: z.string(),
  /** amount + fee: what was frozen, and what leaves on approval. */
  total: z.string(),
  status: ReviewStatus,
  reason: z.string().nullable(),
  createdAt: EpochMs,
  reviewedAt: EpochMs.nullable(),
});
export type WithdrawalRecord = z.infer<typeof WithdrawalRecord>;
export const TbRecData = pageOf(WithdrawalRecord);
export type TbRecData = z.infer<typeof TbRecData>;

export const fundingApi = {
  'index/bbRecharge': def(true, true, z.object({}).passthrough(), RechargeOptionsData),
  'index/chainAddress': def(true, true, ChainAddressBody, ChainAddressData),
  'index/czSubmit': def(false, true, CzSubmitBody, DepositRecord),
  'index/czRec': def(true, true, RecordsBody, CzRecData),
  'user/saveUserAddress': def(false, true, SaveUserAddressBody, WithdrawalAddress),
  'user/getUserAddress': def(true, true, z.object({}).passthrough(), UserAddressData),
  'user/saveUserBank': def(false, true, SaveUserBankBody, BankCard),
  'user/getUserBank': def(true, true, z.object({}).passthrough(), UserBankData),
  'index/withdrawalPassword': def(false, true, WithdrawalPasswordBody, z.null()),
  'index/payment': def(true, true, z.object({}).passthrough(), PaymentData),
  'index/tbSubmit': def(false, true, TbSubmitBody, WithdrawalRecord),
  'index/tbRec': def(true, true, RecordsBody, TbRecData),
} as const;
