import { sanitizeAmountInput } from '@/lib/decimal';
import { SideButtons } from '@/shared/trading-bits';
import type { DeliveryPeriod, Direction, ProductSummary } from '@nexa/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeliveryBalance, useMode, usePeriods } from '../hooks/use-delivery-queries';
import { type AmountProblem, STAKE_DECIMALS, checkAmount, expectedProfit, maxStakeFor } from '../model';
import { AmountBox } from './amount-box';
import { ModeBadge } from './bits';
import { PeriodRow } from './period-row';
import { TradeFacts } from './trade-facts';

/** Rise (call, green) or Fall (put, red). */
const DIRECTIONS: readonly Direction[] = ['call', 'put'];
const TRADE_BUTTONS = { row: 'trade-actions', block: 'trade-button', testIdPrefix: 'futures-' };

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
  const periods = usePeriods(product?.symbol);
  const { query: balance, available } = useDeliveryBalance();
  const [chosenSeconds, setChosenSeconds] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);

  const list = periods.data ?? [];
  // The chosen period, or the product's first when it has no such period (another product was picked).
  const period = list.find((p) => p.seconds === chosenSeconds) ?? list[0];
  // Only for a stake that could be placed: above the period's maximum or the balance, there is nothing to expect.
  const profit =
    period && checkAmount(amount, period, available) === null ? expectedProfit(amount, period.yield) : null;

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

      <PeriodRow
        periods={periods}
        loading={periods.isPending || !product}
        chosen={period}
        onChoose={(seconds) => {
          setChosenSeconds(seconds);
          setProblem(null);
        }}
      />
      <AmountBox period={period} amount={amount} max={max} problem={problem} onChange={changeAmount} />
      <TradeFacts available={available} balanceError={balance.isError} profit={profit} period={period} />

      <SideButtons look={TRADE_BUTTONS} sides={DIRECTIONS} disabled={!period || busy} onPick={submit}>
        {(direction) => (
          <>
            <span className="trade-button__main">
              <span aria-hidden="true">{direction === 'call' ? '▲' : '▼'}</span>{' '}
              {t(direction === 'call' ? 'delivery.rise' : 'delivery.fall')}
            </span>
            <span className="trade-button__sub">{t(`delivery.${direction}`)}</span>
          </>
        )}
      </SideButtons>
    </section>
  );
}
