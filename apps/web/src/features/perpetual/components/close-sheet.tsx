import { StaleBadge, staleClass, useLivePriceGuard } from '@/components/ui/stale';
import { sanitizeAmountInput } from '@/lib/decimal';
import { formatAmount, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useTicker } from '@/lib/use-market';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClosePosition } from '../hooks/use-perpetual';
import { LOTS_MAX_DIGITS, type ValueProblem, checkLots, toneOf, unrealizedPnl } from '../model/perp-model';
import { FieldError, Figure, useProblemText } from './bits';
import {
  Fact,
  Facts,
  PairFact,
  type PositionFormProps,
  PositionSheet,
  type PositionSheetProps,
  SheetActions,
  callAndClose,
} from './sheet';

/**
 * Closes one position at the market price, all of it or some lots (Sustainable/closePosition, requestId kept
 * across a retry). Shows the estimated PnL of the lots being closed at the live price.
 */
export function CloseSheet({ position, pair, precision, onClose }: PositionSheetProps) {
  const { t } = useTranslation();
  return (
    <PositionSheet
      position={position}
      title={t('perpetual.closeSheet.title')}
      testId="perp-close-sheet"
      onClose={onClose}
    >
      {(p) => <CloseForm key={p.id} position={p} pair={pair} precision={precision} onDone={onClose} />}
    </PositionSheet>
  );
}

function CloseForm({ position, pair, precision, onDone }: PositionFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const close = useClosePosition();
  const ticker = useTicker(position.symbol);
  const { freshness, ensureLive } = useLivePriceGuard();
  const [lots, setLots] = useState(position.quantity);
  const [problem, setProblem] = useState<ValueProblem | null>(null);
  const mark = ticker?.price ?? position.markPrice;
  const estimate = /^\d+$/.test(lots)
    ? unrealizedPnl(position.side, position.entryPrice, mark, lots, position.contractSize)
    : null;

  const submit = async () => {
    // Closed at the market price: never on one that stopped moving.
    if (!ensureLive()) return;
    const found = checkLots(lots, position.quantity);
    setProblem(found);
    if (found) return;
    const all = BigInt(lots) === BigInt(position.quantity);
    await callAndClose(
      () => close.mutateAsync({ positionId: position.id, quantity: all ? undefined : lots }),
      t('perpetual.closeSheet.done'),
      onDone,
    );
  };

  return (
    <>
      <Facts>
        <PairFact pair={pair} position={position} />
        <Fact label={t('perpetual.entryPrice')}>
          <Figure>{formatPrice(position.entryPrice, precision)}</Figure>
        </Fact>
        <Fact label={t('perpetual.marketPrice')}>
          <Figure className={staleClass(freshness).trim()}>{formatPrice(mark, precision)}</Figure>{' '}
          <StaleBadge freshness={freshness} />
        </Fact>
        <Fact label={t('perpetual.closeSheet.estPnl')}>
          <Figure className={`tone-${toneOf(estimate)}${staleClass(freshness)}`} testId="perp-close-estimate">
            {estimate ? formatSigned(formatAmount(estimate, 2, false)) : '--'}
          </Figure>{' '}
          USDT
        </Fact>
      </Facts>
      <div className="perp-sheet__form">
        <div className={`perp-field${problem ? ' perp-field--error' : ''}`}>
          <label className="perp-field__label" htmlFor="perp-close-quantity">
            {t('perpetual.closeSheet.quantity')}
            <span className="perp-field__aside">{t('perpetual.closeSheet.open', { n: position.quantity })}</span>
          </label>
          <div className="perp-field__control">
            <input
              id="perp-close-quantity"
              className="perp-field__input"
              inputMode="numeric"
              autoComplete="off"
              value={lots}
              onChange={(e) => {
                setLots(sanitizeAmountInput(e.target.value, 0, LOTS_MAX_DIGITS));
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'perp-close-quantity-error' : undefined}
              data-testid="perp-close-quantity"
            />
            <button
              type="button"
              className="perp-field__max"
              onClick={() => {
                setLots(position.quantity);
                setProblem(null);
              }}
              data-testid="perp-close-all-lots"
            >
              {t('perpetual.all')}
            </button>
            <span className="perp-field__unit">{t('perpetual.lotsUnit')}</span>
          </div>
          {problem ? <FieldError id="perp-close-quantity">{problemText('lots', problem)}</FieldError> : null}
        </div>
      </div>
      <p className="callout callout--small tone--warning perp-note">{t('perpetual.closeSheet.note')}</p>
      <SheetActions
        pending={close.isPending}
        cancel={{ label: t('common.cancel'), onClick: onDone }}
        confirm={{
          label: t('perpetual.closeSheet.submit'),
          tone: 'primary',
          onClick: () => void submit(),
          testId: 'perp-close-submit',
        }}
      />
    </>
  );
}
