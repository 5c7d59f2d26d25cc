import { z } from 'zod';
import { AccountMode, EpochMs, Page, pageOf } from './common.js';
import { def } from './define.js';
import { Amount, Currency, RequestId, Wallet } from './wallets.js';

/** Convert (spec §2 Convert, §9 slippage 0–5 %): between spot currencies of the current account, at market rates. */
export const SLIPPAGE_MAX_PERCENT = '5';

/** A percentage 0–5 with at most two decimals, e.g. "0.5". */
export const Slippage = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/)
  .refine((v) => Number.parseFloat(v) >= 0 && Number.parseFloat(v) <= 5, { message: 'invalid' });

export const CoinData = z.object({
  list: z.array(
    z.object({
      currency: Currency,
      /** Value of one unit in USDT, from the market's latest price (stablecoins 1). */
      rate: z.string(),
      scale: z.number().int(),
    }),
  ),
  slippageMax: z.string(),
  /** The default slippage the screen starts with. */
  slippageDefault: z.string(),
});
export type CoinData = z.infer<typeof CoinData>;

export const SdQuoteBody = z.object({ fromCurrency: Currency, toCurrency: Currency, amount: Amount });
export type SdQuoteBody = z.infer<typeof SdQuoteBody>;
export const SdQuoteData = z.object({
  fromCurrency: Currency,
  toCurrency: Currency,
  amount: z.string(),
  /** toCurrency received per one fromCurrency, now. */
  rate: z.string(),
  receive: z.string(),
  quotedAt: EpochMs,
});
export type SdQuoteData = z.infer<typeof SdQuoteData>;

export const SdSubmitBody = z.object({
  fromCurrency: Currency,
  toCurrency: Currency,
  amount: Amount,
  /** Percent, 0–5: the fill may be at most this much worse than `rate`. */
  slippage: Slippage,
  /** The rate the user saw (from `index/sdQuote`). */
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,18})?$/),
  requestId: RequestId,
});
export type SdSubmitBody = z.infer<typeof SdSubmitBody>;

/** Spec §3 convert record: both sides with balances before and after, the slippage and the price. */
export const ConvertRecord = z.object({
  id: z.string(),
  mode: AccountMode,
  currencyOut: Currency,
  walletOut: Wallet,
  amountOut: z.string(),
  beforeOut: z.string(),
  afterOut: z.string(),
  currencyIn: Currency,
  walletIn: Wallet,
  amountIn: z.string(),
  beforeIn: z.string(),
  afterIn: z.string(),
  /** The fill: currencyIn per one currencyOut. */
  rate: z.string(),
  /** The rate the user accepted, and the slippage allowed around it. */
  quotedRate: z.string(),
  slippage: z.string(),
  createdAt: EpochMs,
});
export type ConvertRecord = z.infer<typeof ConvertRecord>;
export const SdRecData = pageOf(ConvertRecord);
export type SdRecData = z.infer<typeof SdRecData>;

export const convertApi = {
  'index/coin': def(true, true, z.object({}).passthrough(), CoinData),
  'index/sdQuote': def(true, true, SdQuoteBody, SdQuoteData),
  'index/sdSubmit': def(false, true, SdSubmitBody, ConvertRecord),
  'index/sdRec': def(true, true, Page, SdRecData),
} as const;
