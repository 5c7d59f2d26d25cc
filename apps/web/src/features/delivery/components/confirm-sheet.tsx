import { formatAmount } from '@/lib/format';
import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { expectedProfit } from '../model';
import { DirectionTag, Figure, PeriodYield } from './bits';
import type { OrderDraft } from './trade-panel';

/**
 * The last look before the stake is held: product, direction, period, amount and expected profit, and the rule
 * that decides the result. Confirm places the order (a retry after a network failure reuses its requestId).
 */
export function ConfirmSheet({
  draft,
  pending,
  onConfirm,
  onClose,
}: {
  draft: OrderDraft | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const profit = draft ? expectedProfit(draft.amount, draft.period.yield) : null;
  return (
    <Popup
      visible={draft !== null}
      onMaskClick={pending ? undefined : onClose}
      onClose={onClose}
      bodyClassName="futures-sheet"
      destroyOnClose
    >
      {draft ? (
        <div className="confirm-sheet" data-testid="futures-confirm-sheet">
          <header className="sheet__header">
            <h2 className="sheet__title">{t('delivery.confirm.title')}</h2>
            <button
              type="button"
              className="icon-button"
              onClick={onClose}
              disabled={pending}
              aria-label={t('common.close')}
            >
              <CloseOutline />
            </button>
          </header>
          <dl className="summary-list">
            <div>
              <dt>{t('delivery.product')}</dt>
              <dd dir="ltr">
                {draft.product.base}/{draft.product.quote}
              </dd>
            </div>
            <div>
              <dt>{t('delivery.direction')}</dt>
              <dd>
                <DirectionTag direction={draft.direction} />
              </dd>
            </div>
            <div>
              <dt>{t('delivery.period')}</dt>
              <dd>
                <PeriodYield seconds={draft.period.seconds} yieldRate={draft.period.yield} />
              </dd>
            </div>
            <div>
              <dt>{t('delivery.amount')}</dt>
              <dd>
                <Figure>{formatAmount(draft.amount)}</Figure> USDT
              </dd>
            </div>
            <div>
              <dt>{t('delivery.expected')}</dt>
              <dd className="tone-up">
                <Figure>{profit ? `+${formatAmount(profit)}` : '--'}</Figure> USDT
              </dd>
            </div>
          </dl>
          <p className="confirm-sheet__note">{t('delivery.confirm.note')}</p>
          <div className="confirm-sheet__actions">
            <Button className="sheet-button" onClick={onClose} disabled={pending} data-testid="futures-confirm-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              className={`sheet-button sheet-button--${draft.direction}`}
              loading={pending}
              disabled={pending}
              onClick={onConfirm}
              data-testid="futures-confirm"
            >
              {t('delivery.confirm.submit')}
            </Button>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}
