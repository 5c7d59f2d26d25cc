import { useLivePriceGuard } from '@/components/ui/stale';
import { useMoneyCall } from '@/lib/use-money-call';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { ConvertRecord, SdQuoteData } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { convertApi } from '../api/convert-api';
import { confirmConvert } from '../components/convert-confirm';
import { type ConvertOrder, checkAmount, checkSlippage, minimumReceived } from '../model';
import { convertKeys } from './query-keys';
import type { ConvertForm } from './use-convert-form';

/**
 * What the screen says while a confirmed convert is on its way: `sent` (waiting for the answer), or `balancesMoved`:
 * the balances of its currencies changed meanwhile (the user socket tells of a convert the server has booked before
 * its answer reaches a slow phone), so the figures moved are explained until the answer says what was filled.
 */
export type ConvertWorking = 'sent' | 'balancesMoved' | null;

/**
 * The submit: check the form, fetch a fresh quote for exactly this amount, have the user confirm it, then send it
 * with the slippage allowed around that rate, as a money call (lib/use-money-call.ts): a lost answer is looked up;
 * while its outcome is unknown, the same convert tried again resends the first submission exactly (same requestId,
 * same quoted rate) even if the quote moved meanwhile. Balances and the quote are read again whatever the outcome.
 */
export function useConvertSubmit(form: ConvertForm) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const convert = useMoneyCall<ConvertOrder, ConvertRecord>(
    'index/sdSubmit',
    (order, requestId) => convertApi.submit({ ...order, requestId }),
    (o) => `${form.mode}:${o.fromCurrency}>${o.toCurrency}:${o.amount}:${o.slippage}`,
    [],
  );
  const [result, setResult] = useState<ConvertRecord | null>(null);
  const { ensureLive } = useLivePriceGuard();
  const { from, to, amount, slippage } = form;

  // The available figures of both currencies when the convert was sent: a change while it is on its way is the
  // server booking it (or another movement of the same wallet), said beside the spinning button.
  const sentWith = useRef<string | null>(null);
  const balances = `${form.availableOf(from) ?? ''}|${form.availableOf(to) ?? ''}`;
  const [balancesMoved, setBalancesMoved] = useState(false);
  useEffect(() => {
    if (!convert.isPending) {
      sentWith.current = null;
      setBalancesMoved(false);
      return;
    }
    if (sentWith.current === null) sentWith.current = balances;
    else if (sentWith.current !== balances) setBalancesMoved(true);
  }, [convert.isPending, balances]);
  const working: ConvertWorking = convert.isPending ? (balancesMoved ? 'balancesMoved' : 'sent') : null;

  const { run, running } = useSingleFlight(async () => {
    // Both sides must be currencies the server converts (spec §5 "select currency").
    const listed = form.coins.data ? form.currencies.includes(from) && form.currencies.includes(to) : true;
    const problem = listed ? checkAmount(amount, form.available) : 'convert.selectCurrency';
    const slippageProblem = checkSlippage(slippage);
    form.setAmountError(problem);
    form.setSlippageError(slippageProblem);
    if (problem || slippageProblem) return;
    // The rate follows the live market: not while prices have stopped moving (checked again after confirming).
    if (!ensureLive()) return;

    // The rate the user confirms is a fresh one, for exactly this amount.
    let fresh: SdQuoteData;
    try {
      fresh = await convertApi.quote({ fromCurrency: from, toCurrency: to, amount });
    } catch {
      return; // toasted by the request helper
    }
    const worst = minimumReceived(fresh.receive, slippage, form.scaleOf(to));
    if (!(await confirmConvert(t, { amount, from, to, slippage, worst }, fresh, form.scaleOf)) || !ensureLive()) return;
    try {
      const record = await convert.mutateAsync({
        fromCurrency: from,
        toCurrency: to,
        amount,
        slippage,
        rate: fresh.rate,
      });
      setResult(record);
      form.resetInput();
      Toast.show({ icon: 'success', content: t('convert.success'), duration: 2000 });
    } catch {
      // Told already: the server's reason (outside the slippage, balance…), the network failure, or "not applied".
    } finally {
      await Promise.all([queryClient.invalidateQueries({ queryKey: convertKeys.wallets }), form.quote.refetch()]);
    }
  });
  return { submit: run, running, result, working };
}
