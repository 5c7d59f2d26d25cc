import { z } from 'zod';
import { AccountMode, EpochMs, Page, pageOf } from './common.js';

/** Wallet types of spec §1, in the spec's order. */
export const WALLETS = ['spot', 'delivery', 'perpetual', 'copy'] as const;
export const Wallet = z.enum(WALLETS);
export type Wallet = z.infer<typeof Wallet>;

/**
 * Currencies the ledger keeps, with the decimals an amount may have. Contract wallets hold the quote currency
 * (USDT) only; spot holds every currency.
 */
export const CURRENCIES = {
  USDT: { scale: 2, stable: true },
  USDC: { scale: 2, stable: true },
  BTC: { scale: 8, stable: false },
  ETH: { scale: 8, stable: false },
} as const;
export type Currency = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];
export const Currency = z.enum(CURRENCY_CODES as [Currency, ...Currency[]]);
export const QUOTE_CURRENCY: Currency = 'USDT';

export function walletCurrencies(wallet: Wallet): readonly Currency[] {
  return wallet === 'spot' ? CURRENCY_CODES : [QUOTE_CURRENCY];
}

/** Largest amount any single call may move: far above any real balance, far below NUMERIC's range. */
export const MAX_AMOUNT_DIGITS = 15;

/** A positive decimal string; its scale is checked against the currency by the server. */
export const Amount = z
  .string()
  .trim()
  .regex(new RegExp(`^(0|[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}})(\\.\\d{1,18})?$`));
export type Amount = z.infer<typeof Amount>;

/** Client-generated idempotency key of a call that moves money. */
export const RequestId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/);

/**
 * What became of a money call whose answer never came (spec §8: a timeout). `applied`: it ran once, `response` is
 * the answer it gave; `not-applied`: nothing moved, and the requestId can no longer apply (ask the user again).
 */
export const MoneyCallOutcomeBody = z.object({ requestId: RequestId });
export const MoneyCallOutcomeData = z.discriminatedUnion('status', [
  z.object({ status: z.literal('applied'), scope: z.string(), response: z.unknown() }),
  z.object({ status: z.literal('not-applied') }),
]);
export type MoneyCallOutcomeData = z.infer<typeof MoneyCallOutcomeData>;

/** Account-change types (spec §3 account change record); later features add theirs. */
export const CHANGE_TYPES = [
  'transfer_out',
  'transfer_in',
  'demo_claim',
  'delivery_stake',
  'delivery_win',
  'delivery_profit',
  'delivery_loss',
  'delivery_refund',
  'deposit',
  'withdrawal_freeze',
  'withdrawal_paid',
  'withdrawal_refund',
  /** The withdrawal's fee: frozen with the request, paid with the approval (its own rows, apart from the amount). */
  'withdrawal_fee',
  'convert_out',
  'convert_in',
  'perp_margin',
  'perp_margin_add',
  'perp_fee',
  'perp_profit',
  'perp_loss',
  'perp_liquidation',
  /** A referral rebate paid from the `rebates` account (issue 15). */
  'rebate',
  /** Copy trading: a confirmed copy's stake held from the copy-trading wallet, and its release. */
  'copy_stake',
  'copy_refund',
  /** The leader's share of a follower's profit on a won copy (follower's side and leader's side). */
  'copy_profit_share',
  /** An operator's correction, approved by a second operator (issue 17, four eyes). */
  'adjustment',
] as const;
/**
 * Change types that count as trading earnings ("today's earnings", net of what trading cost): profits and losses,
 * the perpetual fees charged (a fee still held for a pending order nets to nothing: its hold and release are both
 * counted) and a copy's profit share (paid by the follower, received by the leader). Trading features add theirs.
 */
export const EARNING_CHANGE_TYPES: readonly string[] = [
  'delivery_profit',
  'delivery_loss',
  'perp_profit',
  'perp_loss',
  'perp_liquidation',
  'perp_fee',
  'copy_profit_share',
];
export const ChangeType = z.enum(CHANGE_TYPES);
export type ChangeType = z.infer<typeof ChangeType>;

/** Fiat denominations for showing totals (spec: denominated in US dollars by default). */
export const Denomination = z.string().regex(/^[A-Z]{3}$/);

export const CurrencyBalance = z.object({
  currency: Currency,
  available: z.string(),
  frozen: z.string(),
  /** available + frozen, in USDT. */
  valueUsdt: z.string(),
});
export type CurrencyBalance = z.infer<typeof CurrencyBalance>;

export const WalletBalance = z.object({
  wallet: Wallet,
  availableUsdt: z.string(),
  frozenUsdt: z.string(),
  valueUsdt: z.string(),
  /** valueUsdt in the chosen denomination. */
  value: z.string(),
  currencies: z.array(CurrencyBalance),
});
export type WalletBalance = z.infer<typeof WalletBalance>;

export const PropertyBody = z.object({ denomination: Denomination.default('USD') });
export const PropertyData = z.object({
  mode: AccountMode,
  denomination: z.string(),
  /** Units of the denomination per USDT. */
  rate: z.string(),
  totalUsdt: z.string(),
  total: z.string(),
  todayEarningsUsdt: z.string(),
  todayEarnings: z.string(),
  wallets: z.array(WalletBalance),
});
export type PropertyData = z.infer<typeof PropertyData>;

export const MoneyBody = z.object({ wallet: Wallet, denomination: Denomination.default('USD') });
export const MoneyData = WalletBalance.extend({ mode: AccountMode, denomination: z.string() });
export type MoneyData = z.infer<typeof MoneyData>;

export const TransferTypeData = z.object({
  wallets: z.array(z.object({ wallet: Wallet, currencies: z.array(Currency) })),
});
export type TransferTypeData = z.infer<typeof TransferTypeData>;

export const ZySubmitBody = z.object({
  from: Wallet,
  to: Wallet,
  currency: Currency,
  amount: Amount,
  requestId: RequestId,
});
export type ZySubmitBody = z.infer<typeof ZySubmitBody>;

/** Spec §3 transfer record: both sides with balances before and after. */
export const TransferRecord = z.object({
  id: z.string(),
  mode: AccountMode,
  amount: z.string(),
  currencyOut: Currency,
  walletOut: Wallet,
  beforeOut: z.string(),
  afterOut: z.string(),
  currencyIn: Currency,
  walletIn: Wallet,
  beforeIn: z.string(),
  afterIn: z.string(),
  createdAt: EpochMs,
});
export type TransferRecord = z.infer<typeof TransferRecord>;

export const ZyRecBody = Page;
export const ZyRecData = pageOf(TransferRecord);
export type ZyRecData = z.infer<typeof ZyRecData>;

export const ChangeUserBody = z.object({ mode: AccountMode });

export const DemoMoneyBody = z.object({ requestId: RequestId });

export const DemoMoneyData = z.object({
  currency: Currency,
  amount: z.string(),
  /** Start of the next calendar month (UTC), when the next claim is possible. */
  nextClaimAt: EpochMs,
});
export type DemoMoneyData = z.infer<typeof DemoMoneyData>;

export const MoneyLogsOptionsData = z.object({ types: z.array(ChangeType), wallets: z.array(Wallet) });
export type MoneyLogsOptionsData = z.infer<typeof MoneyLogsOptionsData>;

export const MoneyLog = z.object({
  id: z.string(),
  type: ChangeType,
  wallet: Wallet,
  currency: Currency,
  /** Signed change of the available balance. */
  amount: z.string(),
  balanceBefore: z.string(),
  balanceAfter: z.string(),
  /** Signed change of the frozen balance. */
  frozenChange: z.string(),
  ref: z.string(),
  createdAt: EpochMs,
});
export type MoneyLog = z.infer<typeof MoneyLog>;

const optionalTime = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().min(0).optional(),
);
export const MoneyLogsBody = Page.extend({
  type: z.preprocess((v) => (v === '' ? undefined : v), ChangeType.optional()),
  wallet: z.preprocess((v) => (v === '' ? undefined : v), Wallet.optional()),
  /** Epoch ms, inclusive. */
  start: optionalTime,
  /** Epoch ms, exclusive. */
  end: optionalTime,
});
export const MoneyLogsData = pageOf(MoneyLog);
export type MoneyLogsData = z.infer<typeof MoneyLogsData>;

export const UserMoneyLogBody = Page.extend({ wallet: Wallet });

export const DenominationsData = z.object({
  list: z.array(z.object({ code: z.string(), symbol: z.string(), rate: z.string() })),
});
export type DenominationsData = z.infer<typeof DenominationsData>;
