import { signOf } from '@/lib/decimal';
import { useSession } from '@/lib/session-store';
import { useMoneyCall } from '@/lib/use-money-call';
import { useSecondFactor } from '@/shared/totp-field';
import { CURRENCIES, type Chain, type Currency, type TbSubmitBody, type WithdrawalMethod } from '@nexa/contract';
import { useEffect, useState } from 'react';
import { fundingApi } from '../api/funding-api';
import {
  type FundingError,
  checkWithdrawalAmount,
  checkWithdrawalPassword,
  feeOf,
  maxWithdrawable,
  totalOf,
} from '../model';
import { browserSessionStorage, clearDraft, loadDraft, saveDraft } from '../withdrawal-draft';
import { WALLETS_KEY, fundingKeys } from './query-keys';
import { useAddresses, useBankCard, usePayment, useRealSpot } from './use-funding-queries';

export type WithdrawalInput = Omit<TbSubmitBody, 'requestId'>;
export type WithdrawalErrors = Partial<Record<'method' | 'currency' | 'chain' | 'amount' | 'password', FundingError>>;

/**
 * The withdrawal form's state and what follows from it: the method, currency and chain in force (the first one
 * offered until the user picks), the bound address, the balance, fee and total, and the checks before a submit.
 * Method, currency, chain and amount outlive a detour to set up what is missing (kept per user for this tab).
 */
export function useWithdrawalForm() {
  const payment = usePayment();
  const addresses = useAddresses();
  const bank = useBankCard();
  const { mode, query: spot } = useRealSpot();
  const uid = useSession((s) => s.user?.uid);

  const [draft] = useState(() => loadDraft(browserSessionStorage(), uid));
  const [method, setMethod] = useState<WithdrawalMethod>(draft.method);
  const [currency, setCurrency] = useState<Currency | null>(draft.currency);
  const [chain, setChain] = useState<Chain | null>(draft.chain);
  const [amount, setAmount] = useState(draft.amount);
  const [password, setPassword] = useState('');
  // Sent when the user has 2FA on (the server then requires it).
  const totp = useSecondFactor();
  const [errors, setErrors] = useState<WithdrawalErrors>({});

  useEffect(() => {
    saveDraft(browserSessionStorage(), uid, { method, currency, chain, amount });
  }, [uid, method, currency, chain, amount]);
  /** After a submitted withdrawal the next one starts empty. */
  const forgetDraft = () => clearDraft(browserSessionStorage(), uid);

  const submitWithdrawal = useMoneyCall(
    'index/tbSubmit',
    (input: WithdrawalInput, requestId: string) => fundingApi.submitWithdrawal({ ...input, requestId }),
    (input) => `${input.method}:${input.currency}:${input.chain ?? ''}:${input.amount}`,
    [fundingKeys.all, WALLETS_KEY],
  );

  const p = payment.data;
  const methods = p?.methods ?? [];
  const activeMethod: WithdrawalMethod | undefined = methods.includes(method) ? method : methods[0];
  const cryptoCurrencies = p?.currencies ?? [];
  const cryptoEntry = cryptoCurrencies.find((c) => c.currency === currency) ?? cryptoCurrencies[0];
  const activeCurrency: Currency | undefined = activeMethod === 'bank' ? p?.bankCurrency : cryptoEntry?.currency;
  const chains = cryptoEntry?.chains ?? [];
  const activeChain: Chain | undefined = chains.find((c) => c === chain) ?? chains[0];
  const boundAddress = addresses.data?.list.find((a) => a.chain === activeChain);
  const scale = activeCurrency ? CURRENCIES[activeCurrency].scale : 2;
  const feePercent = p?.feePercent ?? '0';

  // Withdrawals leave the real account's spot wallet: in demo mode that balance cannot be read (see useRealSpot).
  const available =
    mode === 'real' && spot.data?.mode === 'real' && activeCurrency
      ? (spot.data.currencies.find((c) => c.currency === activeCurrency)?.available ?? '0')
      : undefined;
  const amountOk = checkWithdrawalAmount(amount, undefined, feePercent, scale) === null;
  const fee = amountOk ? feeOf(amount, feePercent, scale) : null;
  const total = amountOk ? totalOf(amount, feePercent, scale) : null;

  const clear = (field: keyof WithdrawalErrors) => setErrors((e) => ({ ...e, [field]: undefined }));
  /** Typing the amount or the password: the new value, its error cleared. */
  const type = (field: 'amount' | 'password', value: string) => {
    ({ amount: setAmount, password: setPassword })[field](value);
    clear(field);
  };

  const fillAll = () => {
    if (available === undefined || signOf(available) <= 0) return;
    setAmount(maxWithdrawable(available, feePercent, scale));
    clear('amount');
  };

  const validate = (): WithdrawalErrors => {
    const found: WithdrawalErrors = {};
    if (!activeMethod) found.method = 'selectMethod';
    if (!activeCurrency) found.currency = 'selectCurrency';
    if (activeMethod === 'crypto' && !activeChain) found.chain = 'selectChain';
    const limits = p && {
      minUsd: p.minUsd,
      maxUsd: p.maxUsd,
      stable: activeCurrency ? CURRENCIES[activeCurrency].stable : false,
    };
    const amountProblem = checkWithdrawalAmount(amount, available, feePercent, scale, limits);
    if (amountProblem) found.amount = amountProblem;
    const passwordProblem = checkWithdrawalPassword(password);
    if (passwordProblem) found.password = passwordProblem;
    return found;
  };

  /** The checked input to send, or null (the errors are then on screen). */
  const checkedInput = (): WithdrawalInput | null => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !activeMethod || !activeCurrency) return null;
    return {
      method: activeMethod,
      currency: activeCurrency,
      chain: activeMethod === 'crypto' ? activeChain : undefined,
      address: activeMethod === 'crypto' ? boundAddress?.address : undefined,
      amount,
      withdrawalPassword: password,
      totpCode: totp.body(),
    };
  };

  return {
    payment,
    addresses,
    bank,
    mode,
    submitWithdrawal,
    methods,
    activeMethod,
    cryptoCurrencies,
    activeCurrency,
    chains,
    activeChain,
    boundAddress,
    scale,
    feePercent,
    available,
    amountOk,
    fee,
    total,
    amount,
    password,
    totp,
    errors,
    set: { method: setMethod, currency: setCurrency, chain: setChain, amount: setAmount, password: setPassword },
    setErrors,
    clear,
    type,
    fillAll,
    checkedInput,
    forgetDraft,
  };
}

export type WithdrawalForm = ReturnType<typeof useWithdrawalForm>;
