import { formatAmount } from '@/lib/format';
import { type ConfirmSheetProps, Fact, Facts, Sheet, SheetActions } from '@/shared/sheet';
import { useTranslation } from 'react-i18next';
import { expectedProfit } from '../model';
import { DirectionTag, Figure, PeriodYield } from './bits';
import type { OrderDraft } from './trade-panel';

/** The classes of the Futures sheets' two buttons. */
export const SHEET_ACTIONS = { row: 'confirm-sheet__actions', button: 'sheet-button' };

/**
 * The last look before the stake is held: product, direction, period, amount and expected profit, and the rule
 * that decides the result. Confirm places the order (a retry after a network failure reuses its requestId).
 */
export function ConfirmSheet({ draft, pending, onConfirm, onClose }: ConfirmSheetProps<OrderDraft>) {
  const { t } = useTranslation();
  const profit = draft ? expectedProfit(draft.amount, draft.period.yield) : null;
  return (
    <Sheet
      visible={draft !== null}
      title={t('delivery.confirm.title')}
      pending={pending}
      onClose={onClose}
      testId="futures-confirm-sheet"
      popupClassName="futures-sheet"
      className="confirm-sheet"
    >
      {draft ? (
        <>
          <Facts className="fact-list summary-list">
            <Fact label={t('delivery.product')}>
              <span dir="ltr">
                {draft.product.base}/{draft.product.quote}
              </span>
            </Fact>
            <Fact label={t('delivery.direction')}>
              <DirectionTag direction={draft.direction} />
            </Fact>
            <Fact label={t('delivery.period')}>
              <PeriodYield seconds={draft.period.seconds} yieldRate={draft.period.yield} />
            </Fact>
            <Fact label={t('delivery.amount')}>
              <Figure>{formatAmount(draft.amount)}</Figure> USDT
            </Fact>
            <Fact label={t('delivery.expected')} valueClassName="tone-up">
              <Figure>{profit ? `+${formatAmount(profit)}` : '--'}</Figure> USDT
            </Fact>
          </Facts>
          <p className="callout callout--small tone--warning confirm-sheet__note">{t('delivery.confirm.note')}</p>
          <SheetActions
            classes={SHEET_ACTIONS}
            pending={pending}
            cancel={{ label: t('common.cancel'), onClick: onClose, testId: 'futures-confirm-cancel' }}
            confirm={{
              label: t('delivery.confirm.submit'),
              tone: draft.direction,
              onClick: onConfirm,
              testId: 'futures-confirm',
            }}
          />
        </>
      ) : null}
    </Sheet>
  );
}
