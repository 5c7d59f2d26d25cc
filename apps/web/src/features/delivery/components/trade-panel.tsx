import { ErrorState } from '@/components/ui/error-state';
import { sanitizeAmountInput } from '@/lib/decimal';
import { formatAmount, formatDecimal } from '@/lib/format';
import type { DeliveryPeriod, Direction, ProductSummary } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDeliveryBalance, useMode, usePeriods } from '../hooks/use-delivery-queries';
import {
  type AmountProblem,
  QUICK_AMOUNTS,
  STAKE_DECIMALS,
  checkAmount,
  expectedProfit,
  fitsBounds,
  maxStakeFor,
  yieldPercent,
} from '../model';
import { FUTURES_PATHS } from '../paths';
import { Figure, ModeBadge, usePeriodName } from './bits';

export interface OrderDraft {
  product: ProductSummary;
  period: DeliveryPeriod;
  direction: Direction;
  amount: string;
}

/**
 * The order entry of the Futures tab (spec §2): the period row with each period's yield, the amount with quick
 * amounts, the delivery wallet's available balance, the expected profit and the stake bounds; Rise (call) and
 * Fall (put) check the amount and hand the draft to the confirm sheet.
 */
export function TradePanel({
  product,
  busy,
  onOrder,
}: {
  product: ProductSummary | undefined;
  busy: boolean;
  onOrder: (draft: OrderDraft) => void;
}) {
  const { t } = useTranslation();
  const mode = useMode();
  const periodName = usePeriodName();
  const periods = usePeriods(product?.symbol);
  const { query: balance, available } = useDeliveryBalance();
  const [chosenSeconds, setChosenSeconds] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);

  const list = periods.data ?? [];
  // The chosen period, or the product's first when it has no such period (another product was picked).
  const period = list.find((p) => p.seconds === chosenSeconds) ?? list[0];
  const profit = period ? expectedProfit(amount, period.yield) : null;

  const problemText = (p: AmountProblem): string => {
    switch (p.kind) {
      case 'empty':
        return t('delivery.errors.empty');
      case 'notPositive':
        return t('delivery.errors.notPositive');
      case 'belowMin':
        return t('delivery.errors.belowMin', { min: formatDecimal(p.min) });
      case 'aboveMax':
        return t('delivery.errors.aboveMax', { max: formatDecimal(p.max) });
      case 'insufficient':
        return t('delivery.errors.insufficient');
    }
  };

  const changeAmount = (value: string) => {
    setAmount(sanitizeAmountInput(value, STAKE_DECIMALS));
    setProblem(null);
  };

  const submit = (direction: Direction) => {
    if (!product || !period) return;
    const found = checkAmount(amount, period, available);
    setProblem(found);
    if (found) return;
    onOrder({ product, period, direction, amount });
  };

  const max = period ? maxStakeFor(period, available) : null;

  return (
    <section className="trade-panel" aria-label={t('delivery.panel')} data-testid="futures-panel">
      <div className="trade-panel__head">
        <h2 className="trade-panel__title">{t('delivery.period')}</h2>
        <ModeBadge mode={mode} />
      </div>

      {periods.isError && !periods.data ? (
        <ErrorState onRetry={() => void periods.refetch()} />
      ) : periods.isPending || !product ? (
        <div className="period-row" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} animated className="period-chip period-chip--skeleton" />
          ))}
        </div>
      ) : (
        <fieldset className="period-row">
          <legend className="fut-sr-only">{t('delivery.period')}</legend>
          {list.map((p) => {
            const selected = p.seconds === period?.seconds;
            return (
              <button
                key={p.seconds}
                type="button"
                aria-pressed={selected}
                className={`period-chip${selected ? ' period-chip--on' : ''}`}
                onClick={() => {
                  setChosenSeconds(p.seconds);
                  setProblem(null);
                }}
                data-testid={`futures-period-${p.seconds}`}
              >
                <span className="period-chip__time">{periodName(p.seconds)}</span>
                <span className="period-chip__sep"> · </span>
                <Figure className="period-chip__yield">{yieldPercent(p.yield)}%</Figure>
              </button>
            );
          })}
        </fieldset>
      )}

      <div className={`amount-box${problem ? ' amount-box--error' : ''}`}>
        <label className="amount-box__label" htmlFor="futures-amount">
          {t('delivery.amount')}
        </label>
        <div className="amount-box__control">
          <input
            id="futures-amount"
            className="amount-box__input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={
              period
                ? t('delivery.amountPlaceholder', {
                    min: formatDecimal(period.minStake),
                    max: formatDecimal(period.maxStake),
                  })
                : ''
            }
            value={amount}
            onChange={(e) => changeAmount(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'futures-amount-error' : undefined}
            data-testid="futures-amount"
          />
          <span className="amount-box__unit">USDT</span>
        </div>
        {problem ? (
          <p className="amount-box__error" id="futures-amount-error" data-testid="futures-amount-error">
            {problemText(problem)}
          </p>
        ) : null}
        <div className="quick-amounts">
          {period ? (
            <>
              <button
                type="button"
                className="quick-chip"
                onClick={() => changeAmount(period.minStake)}
                data-testid="futures-quick-min"
              >
                {t('delivery.quickMin')}
              </button>
              {QUICK_AMOUNTS.map((q) => (
                <button
                  key={q}
                  type="button"
                  className={`quick-chip${amount === q ? ' quick-chip--on' : ''}`}
                  disabled={!fitsBounds(q, period)}
                  onClick={() => changeAmount(q)}
                  data-testid={`futures-quick-${q}`}
                >
                  <Figure>{q}</Figure>
                </button>
              ))}
              <button
                type="button"
                className="quick-chip"
                onClick={() => max && changeAmount(max)}
                data-testid="futures-quick-max"
              >
                {t('delivery.quickMax')}
              </button>
            </>
          ) : null}
        </div>
      </div>

      <dl className="trade-facts">
        <div>
          <dt>{t('delivery.available')}</dt>
          <dd>
            <Figure testId="futures-available">
              {available !== undefined ? formatDecimal(available) : balance.isError ? '--' : '…'}
            </Figure>{' '}
            USDT
            <Link
              to={`${FUTURES_PATHS.fundTransfer}?from=spot&to=delivery`}
              className="trade-facts__transfer"
              aria-label={t('delivery.transfer')}
              data-testid="futures-transfer"
            >
              <AddCircleOutline />
              <span>{t('delivery.transfer')}</span>
            </Link>
          </dd>
        </div>
        <div>
          <dt>{t('delivery.expected')}</dt>
          <dd className={profit ? 'tone-up' : undefined}>
            <Figure testId="futures-expected">{profit ? `+${formatAmount(profit)}` : '--'}</Figure> USDT
          </dd>
        </div>
        {period ? (
          <div className="trade-facts__hint" data-testid="futures-bounds">
            <dt>{t('delivery.perOrder')}</dt>
            <dd>
              <Figure>
                {formatDecimal(period.minStake)} – {formatDecimal(period.maxStake)}
              </Figure>{' '}
              USDT
            </dd>
          </div>
        ) : null}
      </dl>

      <div className="trade-actions">
        <button
          type="button"
          className="trade-button trade-button--call"
          disabled={!period || busy}
          onClick={() => submit('call')}
          data-testid="futures-call"
        >
          <span className="trade-button__main">
            <span aria-hidden="true">▲</span> {t('delivery.rise')}
          </span>
          <span className="trade-button__sub">{t('delivery.call')}</span>
        </button>
        <button
          type="button"
          className="trade-button trade-button--put"
          disabled={!period || busy}
          onClick={() => submit('put')}
          data-testid="futures-put"
        >
          <span className="trade-button__main">
            <span aria-hidden="true">▼</span> {t('delivery.fall')}
          </span>
          <span className="trade-button__sub">{t('delivery.put')}</span>
        </button>
      </div>
    </section>
  );
}
