import { compareDecimal, isPositiveAmount, signOf } from '@/lib/decimal';
import { useMoneyCall } from '@/lib/use-money-call';
import { useAccountMode } from '@/shared/account-mode';
import type { Currency, TransferRecord, Wallet } from '@nexa/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { walletsApi } from '../api/wallets-api';
import { isWallet, otherWallet, transferCurrencies } from '../model';
import { walletKeys } from './query-keys';
import { useProperty, useTransferTypes, useWalletMoney } from './use-wallet-queries';

export interface TransferInput {
  from: Wallet;
  to: Wallet;
  currency: Currency;
  amount: string;
}

/**
 * The transfer form: the two wallets (from the link's ?from= and ?to= at first, never the same one), the currency
 * both wallets hold, the amount and its check against what the source wallet has available.
 */
export function useTransferForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = useAccountMode();
  const [from, setFrom] = useState<Wallet>(() => {
    const p = params.get('from');
    return isWallet(p) ? p : 'spot';
  });
  const [to, setTo] = useState<Wallet>(() => {
    const p = params.get('to');
    return isWallet(p) && p !== from ? p : otherWallet(from);
  });
  const [currency, setCurrency] = useState<Currency>('USDT');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TransferRecord | null>(null);

  const types = useTransferTypes();
  const property = useProperty();
  const source = useWalletMoney(from);
  const currencies = transferCurrencies(types.data, from, to);
  const active: Currency = currencies.includes(currency) ? currency : (currencies[0] ?? currency);
  const available = source.data?.currencies.find((c) => c.currency === active)?.available;

  const transfer = useMoneyCall(
    'index/zySubmit',
    (input: TransferInput, requestId: string) => walletsApi.transfer({ ...input, requestId }),
    (input) => `${mode}:${input.from}>${input.to}:${input.currency}:${input.amount}`,
    [walletKeys.all],
    {
      // Also for a transfer whose lost answer is found applied later: the form no longer offers to send it again.
      onSuccess: (record) => {
        setResult(record);
        setAmount('');
      },
    },
  );

  const chooseFrom = (wallet: Wallet) => {
    if (wallet === to) setTo(from);
    setFrom(wallet);
    setError(null);
  };
  const chooseTo = (wallet: Wallet) => {
    if (wallet === from) setFrom(to);
    setTo(wallet);
    setError(null);
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    setError(null);
  };
  const chooseCurrency = (c: Currency) => {
    setCurrency(c);
    setAmount('');
    setError(null);
  };
  const typeAmount = (value: string) => {
    setAmount(value);
    setError(null);
  };
  const fillAll = () => {
    if (available && signOf(available) > 0) typeAmount(available);
  };

  const validate = (): string | null => {
    if (currencies.length === 0) return t('transfer.noCurrency');
    if (amount === '') return t('validation.amount');
    if (!isPositiveAmount(amount)) return t('transfer.amountPositive');
    if (available !== undefined && compareDecimal(amount, available) > 0) return t('transfer.insufficient');
    return null;
  };

  /** The checked input to send, or null (the error is then on screen). */
  const checkedInput = (): TransferInput | null => {
    const problem = validate();
    setError(problem);
    return problem ? null : { from, to, currency: active, amount };
  };

  return {
    types,
    property,
    /** The source wallet's read (its available figure). */
    source,
    transfer,
    from,
    to,
    currencies,
    active,
    available,
    amount,
    error,
    result,
    chooseFrom,
    chooseTo,
    swap,
    chooseCurrency,
    typeAmount,
    fillAll,
    checkedInput,
    setAmount,
    setResult,
  };
}

export type TransferForm = ReturnType<typeof useTransferForm>;
