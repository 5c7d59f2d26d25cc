import { useLivePriceGuard } from '@/components/ui/stale';
import { formatAmount } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import type { ConfirmSheetProps } from '@/shared/sheet';

import { useTranslation } from 'react-i18next';
import { Figure, SideTag } from './bits';
import type { OrderDraft } from './order-panel';
import { Fact, Facts, Sheet, SheetActions } from './sheet';

/**
 * The last look before margin is taken: pair, side and leverage, type and price, lots, margin, fee, the estimated
 * liquidation price and TP/SL. Confirm places the order (a retry after a network failure reuses its requestId).
 */
export function ConfirmSheet({ draft, pending, onConfirm, onClose }: ConfirmSheetProps<OrderDraft>) {
  const { t } = useTranslation();
  const precision = draft?.product.pricePrecision ?? 2;
  const { ensureLive } = useLivePriceGuard();
  return (
    <Sheet
      visible={draft !== null}
      title={t('perpetual.confirm.title')}
      pending={pending}
      onClose={onClose}
      testId="perp-confirm-sheet"
    >
      {draft ? (
        <>
          <Facts>
            <Fact label={t('perpetual.pair')}>
              <span dir="ltr">
                {draft.product.base}/{draft.product.quote}
              </span>
            </Fact>
            <Fact label={t('perpetual.direction')}>
              <SideTag side={draft.side} leverage={draft.leverage} />
            </Fact>
            <Fact label={t('perpetual.orderType')}>{t(`perpetual.${draft.type}`)}</Fact>
            <Fact label={t('perpetual.orderPrice')}>
              {draft.type === 'market' ? (
                <>
                  {t('perpetual.marketPrice')} <Figure>≈ {formatPrice(draft.reference, precision)}</Figure>
                </>
              ) : (
                <Figure>{formatPrice(draft.reference, precision)}</Figure>
              )}
            </Fact>
            <Fact label={t('perpetual.lots')}>
              <Figure>{draft.lots}</Figure>
            </Fact>
            <Fact label={t('perpetual.margin')}>
              <Figure>{formatAmount(draft.preview.margin)}</Figure> USDT
            </Fact>
            <Fact label={t('perpetual.fee')}>
              <Figure>{formatAmount(draft.preview.fee)}</Figure> USDT
            </Fact>
            <Fact label={t('perpetual.estLiquidation')}>
              <Figure>{formatPrice(draft.liquidation, precision)}</Figure>
            </Fact>
            {draft.tpPrice ? (
              <Fact label={t('perpetual.tpPrice')}>
                <Figure>{formatPrice(draft.tpPrice, precision)}</Figure>
              </Fact>
            ) : null}
            {draft.slPrice ? (
              <Fact label={t('perpetual.slPrice')}>
                <Figure>{formatPrice(draft.slPrice, precision)}</Figure>
              </Fact>
            ) : null}
          </Facts>
          <p className="callout callout--small tone--warning perp-note">
            {draft.type === 'market' ? t('perpetual.confirm.noteMarket') : t('perpetual.confirm.noteLimit')}
          </p>
          <SheetActions
            pending={pending}
            cancel={{ label: t('common.cancel'), onClick: onClose, testId: 'perp-confirm-cancel' }}
            confirm={{
              label: t(draft.side === 'long' ? 'perpetual.openLong' : 'perpetual.openShort'),
              tone: draft.side,
              onClick: () => (draft.type === 'market' && !ensureLive() ? undefined : onConfirm()),
              testId: 'perp-confirm',
            }}
          />
        </>
      ) : null}
    </Sheet>
  );
}
