import { StaleBadge, staleClass, useLivePriceGuard } from '@/components/ui/stale';
import { sanitizeAmountInput } from '@/lib/decimal';
import { formatAmount, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useTicker } from '@/lib/use-market';
import { useTranslation } from 'react-i18next';
import { useClosePosition } from '../hooks/use-perpetual';
import { LOTS_MAX_DIGITS, checkLots, toneOf, unrealizedPnl } from '../model/perp-model';
import { Figure, useProblemText } from './bits';
import { NumberField } from './order-fields';
import { PositionForm, type PositionFormProps, positionSheet, useSheetValue } from './sheet';

function CloseForm(props: PositionFormProps) {
  const { position, precision } = props;
  const { t } = useTranslation();
  const problemText = useProblemText();
  const close = useClosePosition();
  const ticker = useTicker(position.symbol);
  const lots = useSheetValue({
    initial: position.quantity,
    check: (value) => checkLots(value, position.quantity),
    // All of it: no quantity.
    call: (value) =>
      close.mutateAsync({
        positionId: position.id,
        quantity: BigInt(value) === BigInt(position.quantity) ? undefined : value,
      }),
    // Part of it: how many lots closed and how many stay open, not "position closed".
    done: (value) =>
      BigInt(value) === BigInt(position.quantity)
        ? t('perpetual.closeSheet.done')
        : t('perpetual.closeSheet.donePartial', {
            n: value,
            left: (BigInt(position.quantity) - BigInt(value)).toString(),
          }),
    onDone: props.onDone,
  });
  const { freshness, ensureLive } = useLivePriceGuard();
  const mark = ticker?.price ?? position.markPrice;
  const estimate = /^\d+$/.test(lots.value)
    ? unrealizedPnl(position.side, position.entryPrice, mark, lots.value, position.contractSize)
    : null;
  const pnl = (
    <>
      <Figure className={`tone-${toneOf(estimate)}${staleClass(freshness)}`} testId="perp-close-estimate">
        {estimate ? formatSigned(formatAmount(estimate, 2, false)) : '--'}
      </Figure>{' '}
      USDT
    </>
  );

  const facts = [
    { label: t('perpetual.entryPrice'), value: <Figure>{formatPrice(position.entryPrice, precision)}</Figure> },
    {
      label: t('perpetual.marketPrice'),
      value: (
        <>
          <Figure className={staleClass(freshness).trim()}>{formatPrice(mark, precision)}</Figure>{' '}
          <StaleBadge freshness={freshness} />
        </>
      ),
    },
    { label: t('perpetual.closeSheet.estPnl'), value: pnl },
  ];
  return (
    <PositionForm
      {...props}
      facts={facts}
      pending={close.isPending}
      submit={{
        label: t('perpetual.closeSheet.submit'),
        // Closed at the market price: never on one that stopped moving.
        onClick: () => (ensureLive() ? lots.submit() : undefined),
      }}
    >
      <NumberField
        id="perp-close-quantity"
        label={t('perpetual.closeSheet.quantity')}
        hint={t('perpetual.closeSheet.open', { n: position.quantity })}
        numeric
        value={lots.value}
        onChange={(v) => lots.change(sanitizeAmountInput(v, 0, LOTS_MAX_DIGITS))}
        error={lots.problem ? problemText('lots', lots.problem) : null}
        unit={t('perpetual.lotsUnit')}
        action={{
          label: t('perpetual.all'),
          onClick: () => lots.change(position.quantity),
          testId: 'perp-close-all-lots',
        }}
      />
    </PositionForm>
  );
}

/**
 * Closes one position at the market price, all of it or some lots (Sustainable/closePosition, requestId kept
 * across a retry). Shows the estimated PnL of the lots being closed at the live price.
 */
export const CloseSheet = positionSheet('close', CloseForm);
