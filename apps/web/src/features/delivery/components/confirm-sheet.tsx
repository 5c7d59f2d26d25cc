import { useLivePriceGuard } from '@/components/ui/stale';
import { formatAmount } from '@/lib/format';
import { ConfirmDraftSheet, type ConfirmSheetProps, FactList } from '@/shared/sheet';
import { Usdt } from '@/shared/trading-bits';
import type { DeliveryPeriod } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { useDeliveryBalance, useLivePeriods } from '../hooks/use-delivery-queries';
import { checkDraft, expectedProfit } from '../model';
import { useProblemText } from './amount-box';
import { DirectionTag, PeriodYield } from './bits';
import type { OrderDraft } from './trade-panel';

/** The classes of the Futures sheets' two buttons. */
export const SHEET_ACTIONS = { row: 'confirm-sheet__actions', button: 'sheet-button' };

const CONFIRM_LOOK = {
  popupClassName: 'futures-sheet',
  className: 'confirm-sheet',
  actions: SHEET_ACTIONS,
  testIdPrefix: 'futures',
};

/**
 * The draft as it stands now, while the sheet is open: its period as last read (operators may change a period's
 * bounds or yield, or remove it, at any time; read again every few seconds) and what stops it from being placed
 * now (`checkDraft`: the period's bounds, and the delivery wallet's balance, which the live user socket keeps
 * current: an order placed on another device, a withdrawal, a transfer out). No problem while the draft's own call
 * is on its way: the stake it holds may already be out of the balance read then.
 */
function useDraftNow(draft: OrderDraft | null, pending: boolean) {
  const { available } = useDeliveryBalance();
  const periods = useLivePeriods(draft?.product.symbol);
  const problemText = useProblemText();
  if (!draft) return { period: null, problem: null };
  const list = periods.data;
  const period = list?.find((p) => p.seconds === draft.period.seconds) ?? draft.period;
  // Until the first read answers, the draft's own period (read when the draft was made) stands in.
  const found = pending ? null : checkDraft(draft.amount, draft.period.seconds, list ?? [draft.period], available);
  return { period, problem: found ? problemText(found) : null };
}

/** The facts of an order draft: product, direction, period with its yield, amount and the expected profit. */
function DraftFacts({ draft, period, problem }: { draft: OrderDraft; period: DeliveryPeriod; problem: string | null }) {
  const { t } = useTranslation();
  const profit = expectedProfit(draft.amount, period.yield);
  const rows = [
    { label: t('delivery.product'), value: <span dir="ltr">{`${draft.product.base}/${draft.product.quote}`}</span> },
    { label: t('delivery.direction'), value: <DirectionTag direction={draft.direction} /> },
    {
      label: t('delivery.period'),
      value: <PeriodYield seconds={period.seconds} yieldRate={period.yield} />,
    },
    { label: t('delivery.amount'), value: <Usdt>{formatAmount(draft.amount)}</Usdt> },
    {
      label: t('delivery.expected'),
      value: <Usdt>{profit ? `+${formatAmount(profit)}` : '--'}</Usdt>,
      valueClassName: 'tone-up',
    },
  ];
  return (
    <>
      <FactList className="fact-list summary-list" rows={rows} />
      {problem ? (
        <p
          className="callout callout--small tone--danger confirm-sheet__note"
          role="alert"
          data-testid="futures-confirm-problem"
        >
          {problem}
        </p>
      ) : null}
      <p className="callout callout--small tone--warning confirm-sheet__note">{t('delivery.confirm.note')}</p>
    </>
  );
}

/**
 * The last look before the stake is held: product, direction, period, amount and expected profit, and the rule
 * that decides the result. Confirm places the order (a retry after a network failure reuses its requestId).
 * While it is open the stake is checked again as the balance moves and as the period's bounds are read again: what
 * the server would refuse is said above the buttons, and Confirm waits until it is right again.
 */
export function ConfirmSheet(props: ConfirmSheetProps<OrderDraft>) {
  const { t } = useTranslation();
  const submit = t('delivery.confirm.submit');
  const { period, problem } = useDraftNow(props.draft, props.pending);
  const { ensureLive } = useLivePriceGuard();
  // The entry is the latest price when the order is accepted: never confirmed while prices have stopped moving.
  const onConfirm = () => (ensureLive() ? props.onConfirm() : undefined);
  return (
    <ConfirmDraftSheet
      {...props}
      onConfirm={onConfirm}
      look={CONFIRM_LOOK}
      title={t('delivery.confirm.title')}
      confirm={(d) => ({ label: submit, tone: d.direction, disabled: problem !== null })}
    >
      {(d) => <DraftFacts draft={d} period={period ?? d.period} problem={problem} />}
    </ConfirmDraftSheet>
  );
}
