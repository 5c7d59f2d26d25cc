import { sanitizeAmountInput } from '@/lib/decimal';
import { formatAmount } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddMargin } from '../hooks/use-perpetual';
import { USDT_DECIMALS, type ValueProblem, checkAddMargin, liquidationAfterAdding } from '../model/perp-model';
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
 * Adds margin to one position from the available margin (Sustainable/addMargin, with a requestId kept across a
 * retry): the margin ratio rises and the liquidation price moves away, shown before confirming.
 */
export function AddMarginSheet({
  position,
  pair,
  precision,
  available,
  onClose,
}: PositionSheetProps & { available: string | undefined }) {
  const { t } = useTranslation();
  return (
    <PositionSheet
      position={position}
      title={t('perpetual.marginSheet.title')}
      testId="perp-margin-sheet"
      onClose={onClose}
    >
      {(p) => (
        <AddMarginForm
          key={p.id}
          position={p}
          pair={pair}
          precision={precision}
          available={available}
          onDone={onClose}
        />
      )}
    </PositionSheet>
  );
}

function AddMarginForm({
  position,
  pair,
  precision,
  available,
  onDone,
}: PositionFormProps & { available: string | undefined }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const add = useAddMargin();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<ValueProblem | null>(null);
  const liqAfter = liquidationAfterAdding(
    position.side,
    position.entryPrice,
    position.margin,
    amount,
    position.quantity,
    position.contractSize,
    precision,
  );

  const submit = async () => {
    const found = checkAddMargin(amount, available);
    setProblem(found);
    if (found) return;
    await callAndClose(
      () => add.mutateAsync({ positionId: position.id, amount }),
      t('perpetual.marginSheet.done'),
      onDone,
    );
  };

  return (
    <>
      <Facts>
        <PairFact pair={pair} position={position} />
        <Fact label={t('perpetual.margin')}>
          <Figure>{formatAmount(position.margin)}</Figure> USDT
        </Fact>
        <Fact label={t('perpetual.liquidationPrice')}>
          <Figure>{formatPrice(position.liquidationPrice, precision)}</Figure>
          {liqAfter ? (
            <Figure className="perp-after" testId="perp-margin-liq-after">
              → {formatPrice(liqAfter, precision)}
            </Figure>
          ) : null}
        </Fact>
      </Facts>
      <div className="perp-sheet__form">
        <div className={`perp-field${problem ? ' perp-field--error' : ''}`}>
          <label className="perp-field__label" htmlFor="perp-margin-amount">
            {t('perpetual.marginSheet.amount')}
            <span className="perp-field__aside">
              {t('perpetual.available')} <Figure>{available !== undefined ? formatAmount(available) : '--'}</Figure>
            </span>
          </label>
          <div className="perp-field__control">
            <input
              id="perp-margin-amount"
              className="perp-field__input"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => {
                setAmount(sanitizeAmountInput(e.target.value, USDT_DECIMALS));
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'perp-margin-amount-error' : undefined}
              data-testid="perp-margin-amount"
            />
            <button
              type="button"
              className="perp-field__max"
              onClick={() => {
                if (available) setAmount(available);
                setProblem(null);
              }}
              data-testid="perp-margin-max"
            >
              {t('perpetual.max')}
            </button>
            <span className="perp-field__unit">USDT</span>
          </div>
          {problem ? <FieldError id="perp-margin-amount">{problemText('amount', problem)}</FieldError> : null}
        </div>
      </div>
      <SheetActions
        pending={add.isPending}
        cancel={{ label: t('common.cancel'), onClick: onDone }}
        confirm={{
          label: t('common.confirm'),
          tone: 'primary',
          onClick: () => void submit(),
          testId: 'perp-margin-submit',
        }}
      />
    </>
  );
}
