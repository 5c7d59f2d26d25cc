import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { compareDecimal, isPositiveAmount, sanitizeAmountInput, signOf } from '@/lib/decimal';
import { formatDecimal, isolateLtr } from '@/lib/format';
import { ApiError } from '@/lib/request';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import {
  CURRENCIES,
  CURRENCY_CODES,
  type ConvertRecord,
  type Currency,
  SLIPPAGE_MAX_PERCENT,
  type SdQuoteData,
} from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Toast } from 'antd-mobile';
import { DownOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { convertApi } from '../api/convert-api';
import { CoinMark } from '../components/coin-mark';
import '../components/convert.css';
import { Figure } from '@/components/ui/figure';
import { useAccountMode } from '@/shared/account-mode';
import { ConvertRecordRow } from '../components/convert-record-row';
import { CurrencySheet } from '../components/currency-sheet';
import { SlippagePicker } from '../components/slippage-picker';
import { convertKeys } from '../hooks/query-keys';
import { useCoins, useQuote, useSpotBalances } from '../hooks/use-convert-queries';
import { useDebounced } from '../hooks/use-debounced';
import {
  type AmountError,
  ConvertSubmission,
  QUOTE_DEBOUNCE_MS,
  type SlippageError,
  checkAmount,
  checkSlippage,
  formatRate,
  minimumReceived,
} from '../model';

const DEFAULT_SLIPPAGE = '0.5';

function SwapIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M7 4v16m0 0-3-3m3 3 3-3M17 20V4m0 0-3 3m3-3 3 3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Convert (spec §2): consume side (currency, amount, available in the current account's spot wallet, Max), get
 * side (currency, the live quote's receive amount), swap, slippage 0–5 % (§9), the current rate. The submit sends
 * the rate the user confirmed with the slippage allowed around it; the server fills at the best price within it
 * or refuses.
 */
export default function SpotGoodsPage() {
  const { t } = useTranslation();
  const mode = useAccountMode();
  const queryClient = useQueryClient();
  const coins = useCoins();
  const spot = useSpotBalances();

  const [from, setFrom] = useState<Currency>('USDT');
  const [to, setTo] = useState<Currency>('BTC');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<AmountError | 'convert.selectCurrency' | null>(null);
  const [preset, setPreset] = useState<string | null>(null);
  const [custom, setCustom] = useState<string | null>(null);
  const [slippageError, setSlippageError] = useState<SlippageError | null>(null);
  const [sheet, setSheet] = useState<'from' | 'to' | null>(null);
  const [result, setResult] = useState<ConvertRecord | null>(null);
  const [submission] = useState(() => new ConvertSubmission());

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
  const swap = () => {
    setFrom(to);
    setTo(from);
    resetInput();
  };
  const chooseFrom = (c: Currency) => {
    if (c === to) setTo(from);
    setFrom(c);
    resetInput();
  };
  const chooseTo = (c: Currency) => {
    if (c === from) setFrom(to);
    setTo(c);
  };
  const fillMax = () => {
    if (available && signOf(available) > 0) {
      setAmount(sanitizeAmountInput(available, scaleOf(from)));
      setAmountError(null);
    }
  };

  const { run: submit, running } = useSingleFlight(async () => {
    // Both sides must be currencies the server converts (spec §5 "select currency").
    const listed = coins.data ? currencies.includes(from) && currencies.includes(to) : true;
    const problem = listed ? checkAmount(amount, available) : 'convert.selectCurrency';
    const slippageProblem = checkSlippage(slippage);
    setAmountError(problem);
    setSlippageError(slippageProblem);
    if (problem || slippageProblem) return;

    // The rate the user confirms is a fresh one, for exactly this amount.
    let fresh: SdQuoteData;
    try {
      fresh = await convertApi.quote({ fromCurrency: from, toCurrency: to, amount });
    } catch {
      return; // toasted by the request helper
    }
    const worst = minimumReceived(fresh.receive, slippage, scaleOf(to));
    const confirmed = await Dialog.confirm({
      title: t('convert.confirmTitle'),
      content: (
        <dl className="cv-summary">
          <div>
            <dt>{t('convert.pay')}</dt>
            <dd>
              <Figure>{formatDecimal(amount)}</Figure> {from}
            </dd>
          </div>
          <div>
            <dt>{t('convert.receive')}</dt>
            <dd>
              ≈ <Figure>{formatDecimal(fresh.receive)}</Figure> {to}
            </dd>
          </div>
          <div>
            <dt>{t('convert.rate')}</dt>
            <dd>
              <Figure>
                1 {from} ≈ {formatRate(fresh.rate)} {to}
              </Figure>
            </dd>
          </div>
          <div>
            <dt>{t('convert.slippage')}</dt>
            <dd>
              <Figure>{slippage}%</Figure>
            </dd>
          </div>
          {worst ? (
            <div>
              <dt>{t('convert.minimum')}</dt>
              <dd>
                <Figure>{formatDecimal(worst)}</Figure> {to}
              </dd>
            </div>
          ) : null}
        </dl>
      ),
      confirmText: <span data-testid="convert-confirm">{t('common.confirm')}</span>,
      cancelText: <span data-testid="convert-cancel">{t('common.cancel')}</span>,
    });
    if (!confirmed) return;
    const body = submission.bodyFor(mode, { fromCurrency: from, toCurrency: to, amount, slippage, rate: fresh.rate });
    try {
      const record = await convertApi.submit(body);
      submission.settle(false);
      setResult(record);
      resetInput();
      Toast.show({ icon: 'success', content: t('convert.success'), duration: 2000 });
    } catch (error) {
      // The request helper toasted the server's reason (outside the slippage, balance…) or the network failure.
      submission.settle(error instanceof ApiError && error.isTransport);
    } finally {
      await Promise.all([queryClient.invalidateQueries({ queryKey: convertKeys.wallets }), quote.refetch()]);
    }
  });

  const sheetOptions = (side: 'from' | 'to') =>
    currencies.map((c) => {
      const balance = availableOf(c);
      return {
        currency: c,
        extra:
          side === 'from' && balance !== undefined ? (
            <span className="cv-sheet__extra">
              <Figure>{formatDecimal(balance)}</Figure>
            </span>
          ) : undefined,
      };
    });

  return (
    <Page
      title={t('convert.title')}
      back
      testId="convert-page"
      right={
        <Link
          to={ROUTES.spotGoodsRecord}
          className="icon-button"
          aria-label={t('convert.records')}
          data-testid="convert-records"
        >
          <UnorderedListOutline />
        </Link>
      }
    >
      {coins.isError && !coins.data ? (
        <ErrorState onRetry={() => void coins.refetch()} />
      ) : (
        <div className="stack">
          <div className="cv-account">
            <span className="cv-account__wallet">{t('convert.spotWallet')}</span>
            <span
              className={`mode-badge${mode === 'demo' ? ' mode-badge--demo' : ''}`}
              data-testid="convert-mode"
              data-mode={mode}
            >
              {t(`convert.mode.${mode}`)}
            </span>
          </div>

          <div className="cv-pair">
            <section className={`cv-card${amountError ? ' cv-card--error' : ''}`} aria-label={t('convert.from')}>
              <div className="cv-card__top">
                <span className="cv-card__label">{t('convert.from')}</span>
                <span className="cv-card__available">
                  {t('convert.available')}{' '}
                  <Figure testId="convert-available">
                    {available !== undefined ? formatDecimal(available) : '--'}
                  </Figure>{' '}
                  {from}
                </span>
              </div>
              <div className="cv-card__row">
                <button
                  type="button"
                  className="cv-currency"
                  onClick={() => setSheet('from')}
                  data-testid="convert-from"
                >
                  <CoinMark currency={from} large />
                  <span className="cv-currency__code">{from}</span>
                  <DownOutline className="cv-currency__chevron" />
                </button>
                <input
                  className="cv-card__input"
                  inputMode="decimal"
                  autoComplete="off"
                  dir="ltr"
                  placeholder={t('convert.amountPlaceholder')}
                  aria-label={t('convert.amount')}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={amountError ? 'convert-amount-error' : undefined}
                  value={amount}
                  onChange={(e) => {
                    setAmount(sanitizeAmountInput(e.target.value, scaleOf(from)));
                    setAmountError(null);
                  }}
                  data-testid="convert-amount"
                />
                <button type="button" className="cv-max" onClick={fillMax} data-testid="convert-max">
                  {t('convert.max')}
                </button>
              </div>
            </section>

            <button
              type="button"
              className="cv-swap"
              onClick={swap}
              aria-label={t('convert.swap')}
              data-testid="convert-swap"
            >
              <SwapIcon />
            </button>

            <section className="cv-card cv-card--to" aria-label={t('convert.to')}>
              <div className="cv-card__top">
                <span className="cv-card__label">{t('convert.to')}</span>
                <span className="cv-card__available">
                  {t('convert.available')}{' '}
                  <Figure testId="convert-to-available">
                    {availableOf(to) !== undefined ? formatDecimal(availableOf(to) ?? '0') : '--'}
                  </Figure>{' '}
                  {to}
                </span>
              </div>
              <div className="cv-card__row">
                <button type="button" className="cv-currency" onClick={() => setSheet('to')} data-testid="convert-to">
                  <CoinMark currency={to} large />
                  <span className="cv-currency__code">{to}</span>
                  <DownOutline className="cv-currency__chevron" />
                </button>
                <output
                  className={`cv-card__receive${receive ? '' : ' cv-card__receive--empty'}`}
                  aria-label={t('convert.receive')}
                  aria-busy={hasAmount && !receive}
                >
                  <Figure testId="convert-receive">
                    {receive ? formatDecimal(receive) : hasAmount && !quoteError ? '…' : '0'}
                  </Figure>
                </output>
              </div>
            </section>
          </div>
          {amountError ? (
            <p className="field__error cv-error" id="convert-amount-error" data-testid="convert-amount-error">
              {t(amountError)}
            </p>
          ) : null}

          <dl className="cv-details">
            <div>
              <dt>{t('convert.rate')}</dt>
              <dd>
                <span className={`cv-live${quote.isFetching ? ' cv-live--busy' : ''}`} aria-hidden="true" />
                <Figure testId="convert-rate">
                  {current ? `1 ${from} ≈ ${formatRate(current.rate)} ${to}` : '--'}
                </Figure>
              </dd>
            </div>
            <div>
              <dt>{t('convert.minimum')}</dt>
              <dd>
                <Figure testId="convert-minimum">{minimum ? `${formatDecimal(minimum)} ${to}` : '--'}</Figure>
              </dd>
            </div>
          </dl>
          {quoteError ? (
            <output className="cv-quote-error" data-testid="convert-quote-error">
              {quoteError}
            </output>
          ) : null}

          <SlippagePicker
            preset={chosenPreset}
            custom={custom}
            max={slippageMax}
            error={slippageError ? t(slippageError, { max: slippageMax }) : null}
            onPreset={(value) => {
              setPreset(value);
              setCustom(null);
              setSlippageError(null);
            }}
            onCustom={(value) => {
              setCustom(value);
              setSlippageError(null);
            }}
          />

          <Button
            block
            color="primary"
            size="large"
            className="primary-button"
            loading={running}
            disabled={running}
            onClick={() => void submit()}
            data-testid="convert-submit"
          >
            {t('convert.submit')}
          </Button>

          {result ? (
            <section className="cv-result" aria-live="polite" data-testid="convert-result">
              <h2 className="cv-result__title">
                <span className="cv-result__tick" aria-hidden="true">
                  ✓
                </span>
                {t('convert.success')}
              </h2>
              <p className="cv-result__text" data-testid="convert-result-text">
                {t('convert.filled', {
                  amount: isolateLtr(formatDecimal(result.amountIn)),
                  currency: result.currencyIn,
                  rate: isolateLtr(`1 ${result.currencyOut} = ${formatRate(result.rate)} ${result.currencyIn}`),
                })}
              </p>
              <ConvertRecordRow record={result} testId="convert-result-record" />
            </section>
          ) : null}

          <p className="cv-hint">{t('convert.hint')}</p>
        </div>
      )}

      <CurrencySheet
        visible={sheet === 'from'}
        title={t('convert.selectFrom')}
        options={sheetOptions('from')}
        value={from}
        onSelect={chooseFrom}
        onClose={() => setSheet(null)}
        testId="convert-from"
      />
      <CurrencySheet
        visible={sheet === 'to'}
        title={t('convert.selectTo')}
        options={sheetOptions('to')}
        value={to}
        onSelect={chooseTo}
        onClose={() => setSheet(null)}
        testId="convert-to"
      />
    </Page>
  );
}
