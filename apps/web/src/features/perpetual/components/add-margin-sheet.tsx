import { sanitizeAmountInput } from '@/lib/decimal';
import { formatAmount } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { Usdt } from '@/shared/trading-bits';
import { useTranslation } from 'react-i18next';
import { useAddMargin } from '../hooks/use-perpetual';
import { USDT_DECIMALS, checkAddMargin, liquidationAfterAdding, liveAddMarginProblem } from '../model/perp-model';
import { Figure, useProblemText } from './bits';
import { NumberField } from './order-fields';
import { PositionForm, type PositionFormProps, positionSheet, useSheetValue } from './sheet';

function AddMarginForm(props: PositionFormProps & { available: string | undefined }) {
  const { position, precision, available } = props;
  const { t } = useTranslation();
  const problemText = useProblemText();
  const add = useAddMargin();
  const amount = useSheetValue({
    initial: '',
    check: (value) => checkAddMargin(value, available),
    // More than is available is said as typed, as Convert and Transfer do.
    live: (value) => liveAddMarginProblem(value, available),
    call: (value) => add.mutateAsync({ positionId: position.id, amount: value }),
    done: t('perpetual.marginSheet.done'),
    onDone: props.onDone,
  });
  const { side, entryPrice, margin, quantity, contractSize } = position;
  // No "after" for an amount that cannot be added.
  const liqAfter = liquidationAfterAdding(
    side,
    entryPrice,
    margin,
    amount.value,
    quantity,
    contractSize,
    precision,
    available,
  );

  const liquidation = (
    <>
      <Figure>{formatPrice(position.liquidationPrice, precision)}</Figure>
      {liqAfter ? (
        <Figure className="perp-after" testId="perp-margin-liq-after">
          → {formatPrice(liqAfter, precision)}
        </Figure>
      ) : null}
    </>
  );
  const facts = [
    { label: t('perpetual.margin'), value: <Usdt>{formatAmount(margin)}</Usdt> },
    { label: t('perpetual.liquidationPrice'), value: liquidation },
  ];
  const availableHint = (
    <>
      {t('perpetual.available')} <Figure>{available !== undefined ? formatAmount(available) : '--'}</Figure>
    </>
  );
  return (
    <PositionForm
      {...props}
      facts={facts}
      pending={add.isPending}
      submit={{ onClick: amount.submit, disabled: amount.problem !== null }}
    >
      <NumberField
        id="perp-margin-amount"
        label={t('perpetual.marginSheet.amount')}
        hint={availableHint}
        value={amount.value}
        onChange={(v) => amount.change(sanitizeAmountInput(v, USDT_DECIMALS))}
        error={amount.problem ? problemText('amount', amount.problem) : null}
        unit="USDT"
        // Without a known balance, Max only clears the problem shown.
        action={{
          label: t('perpetual.max'),
          onClick: () => amount.change(available || amount.value),
          testId: 'perp-margin-max',
        }}
      />
    </PositionForm>
  );
}

/**
 * Adds margin to one position from the available margin (Sustainable/addMargin, with a requestId kept across a
 * retry): the margin ratio rises and the liquidation price moves away, shown before confirming.
 */
export const AddMarginSheet = positionSheet<{ available: string | undefined }>('margin', AddMarginForm);
