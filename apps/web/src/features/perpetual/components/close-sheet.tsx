import { StaleBadge, staleClass, useLivePriceGuard } from '@/components/ui/stale';
import { sanitizeAmountInput } from '@/lib/decimal';
import { formatAmount, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useTicker } from '@/lib/use-market';
import { useTranslation } from 'react-i18next';
import { useClosePosition, useProductInfo } from '../hooks/use-perpetual';
import { LOTS_MAX_DIGITS, checkLots, closePreview, liveCloseLotsProblem, toneOf } from '../model/perp-model';
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
    // More lots than are open is said as typed, as adding margin says more than is available.
    live: (value) => liveCloseLotsProblem(value, position.quantity),
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
  const feeRate = useProductInfo(position.symbol).data?.perpetual.feeRate;
  // What the close books at the price shown (PnL, fee, PnL − fee): nothing for lots it would refuse.
  const estimate = closePreview(position, lots.value, mark, feeRate);
  const usdt = (value: string | undefined, testId: string, signed = true) => (
    <>
      <Figure className={`${signed ? `tone-${toneOf(value)}` : ''}${staleClass(freshness)}`.trim()} testId={testId}>
        {value ? (signed ? formatSigned(formatAmount(value, 2, false)) : formatAmount(value)) : '--'}
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
          <Figure className={staleClass(freshness).trim()} testId="perp-close-price">
            {formatPrice(mark, precision)}
          </Figure>{' '}
          <StaleBadge freshness={freshness} />
        </>
      ),
    },
    { label: t('perpetual.closeSheet.estPnl'), value: usdt(estimate?.pnl, 'perp-close-estimate') },
    { label: t('perpetual.closeSheet.fee'), value: usdt(estimate?.fee, 'perp-close-fee', false) },
    { label: t('perpetual.closeSheet.estNet'), value: usdt(estimate?.net, 'perp-close-net') },
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
        disabled: lots.problem !== null,
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
 * across a retry). Shows what closing the lots books at the live price: the PnL, the closing fee and what is left
 * of the PnL after it.
 */
export const CloseSheet = positionSheet('close', CloseForm);
