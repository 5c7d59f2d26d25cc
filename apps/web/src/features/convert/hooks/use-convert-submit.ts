import { useLivePriceGuard } from '@/components/ui/stale';
import { ApiError } from '@/lib/request';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { ConvertRecord, SdQuoteData } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { convertApi } from '../api/convert-api';
import { confirmConvert } from '../components/convert-confirm';
import { ConvertSubmission, checkAmount, checkSlippage, minimumReceived } from '../model';
import { convertKeys } from './query-keys';
import type { ConvertForm } from './use-convert-form';

/**
 * The submit: check the form, fetch a fresh quote for exactly this amount, have the user confirm it, then send it
 * with the slippage allowed around that rate (the same requestId again after a lost answer). Balances and the quote
 * are read again whatever the outcome.
 */
export function useConvertSubmit(form: ConvertForm) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [submission] = useState(() => new ConvertSubmission());
  const [result, setResult] = useState<ConvertRecord | null>(null);
  const { ensureLive } = useLivePriceGuard();
  const { from, to, amount, slippage } = form;

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
    if (!(await confirmConvert(t, { amount, from, to, slippage, worst }, fresh)) || !ensureLive()) return;
    const body = submission.bodyFor(form.mode, {
      fromCurrency: from,
      toCurrency: to,
      amount,
      slippage,
      rate: fresh.rate,
    });
    try {
      const record = await convertApi.submit(body);
      submission.settle(false);
      setResult(record);
      form.resetInput();
      Toast.show({ icon: 'success', content: t('convert.success'), duration: 2000 });
    } catch (error) {
      // The request helper toasted the server's reason (outside the slippage, balance…) or the network failure.
      submission.settle(error instanceof ApiError && error.isTransport);
    } finally {
      await Promise.all([queryClient.invalidateQueries({ queryKey: convertKeys.wallets }), form.quote.refetch()]);
    }
  });
  return { submit: run, running, result };
}
