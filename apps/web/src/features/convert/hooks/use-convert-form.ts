import { compareDecimal, isPositiveAmount, sanitizeAmountInput, signOf } from '@/lib/decimal';
import { ApiError } from '@/lib/request';
import { useAccountMode } from '@/shared/account-mode';
import { CURRENCIES, CURRENCY_CODES, type Currency, SLIPPAGE_MAX_PERCENT, type SdQuoteData } from '@nexa/contract';
import { useState } from 'react';
import {
  type AmountError,
  QUOTE_DEBOUNCE_MS,
  type SlippageError,
  checkSlippage,
  liveAmountProblem,
  minimumReceived,
} from '../model';
import { useCoins, useQuote, useSpotBalances } from './use-convert-queries';
import { useDebounced } from './use-debounced';

const DEFAULT_SLIPPAGE = '0.5';

/**
 * The convert form: the two currencies (never the same), the amount and what is available of it, the slippage
 * (a preset or the user's own), and the live quote for the amount once typing settles.
 */
export function useConvertForm() {
  const mode = useAccountMode();
  const coins = useCoins();
  const spot = useSpotBalances();

  const [from, setFrom] = useState<Currency>('USDT');
  const [to, setTo] = useState<Currency>('BTC');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<AmountError | 'convert.selectCurrency' | null>(null);
  const [preset, setPreset] = useState<string | null>(null);
  const [custom, setCustom] = useState<string | null>(null);
  const [slippageError, setSlippageError] = useState<SlippageError | null>(null);

  const currencies: Currency[] = coins.data?.list.map((c) => c.currency) ?? CURRENCY_CODES;
  const scaleOf = (c: Currency) => coins.data?.list.find((x) => x.currency === c)?.scale ?? CURRENCIES[c].scale;
  const availableOf = (c: Currency) => spot.data?.currencies.find((x) => x.currency === c)?.available;
  const available = availableOf(from);
  const slippageMax = coins.data?.slippageMax ?? SLIPPAGE_MAX_PERCENT;
  const chosenPreset = preset ?? coins.data?.slippageDefault ?? DEFAULT_SLIPPAGE;
  const slippage = custom ?? chosenPreset;

  const settledAmount = useDebounced(amount, QUOTE_DEBOUNCE_MS);
  // Without an amount the quote of one unit gives the rate line.
  const quote = useQuote(from, to, isPositiveAmount(settledAmount) ? settledAmount : '1');
  const current: SdQuoteData | undefined =
    quote.data && quote.data.fromCurrency === from && quote.data.toCurrency === to ? quote.data : undefined;
  const hasAmount = isPositiveAmount(amount);
  const receive = current && hasAmount && compareDecimal(current.amount, amount) === 0 ? current.receive : undefined;
  const minimum = receive && !checkSlippage(slippage) ? minimumReceived(receive, slippage, scaleOf(to)) : null;
  const quoteError = quote.isError && quote.error instanceof ApiError ? quote.error.msg : null;

  const resetInput = () => {
    setAmount('');
    setAmountError(null);
  };
  const typeAmount = (raw: string) => {
    setAmount(sanitizeAmountInput(raw, scaleOf(from)));
    setAmountError(null);
  };

  return {
    mode,
    coins,
    quote,
    from,
    to,
    amount,
    // The submit's finding, else more than available as soon as it is typed.
    amountError: amountError ?? liveAmountProblem(amount, available),
    setAmountError,
    slippageError,
    setSlippageError,
    currencies,
    scaleOf,
    availableOf,
    available,
    slippageMax,
    chosenPreset,
    custom,
    slippage,
    current,
    hasAmount,
    receive,
    minimum,
    quoteError,
    resetInput,
    typeAmount,
    swap: () => {
      setFrom(to);
      setTo(from);
      resetInput();
    },
    chooseFrom: (c: Currency) => {
      if (c === to) setTo(from);
      setFrom(c);
      resetInput();
    },
    chooseTo: (c: Currency) => {
      if (c === from) setFrom(to);
      setTo(c);
    },
    fillMax: () => {
      if (available && signOf(available) > 0) typeAmount(available);
    },
    choosePreset: (value: string) => {
      setPreset(value);
      setCustom(null);
      setSlippageError(null);
    },
    typeSlippage: (value: string) => {
      setCustom(value);
      setSlippageError(null);
    },
  };
}

export type ConvertForm = ReturnType<typeof useConvertForm>;
