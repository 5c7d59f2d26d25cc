import { ErrorState } from '@/components/ui/error-state';
import { Segmented, SideButtons } from '@/shared/trading-bits';
import type { AccountMode, PositionSide, ProductInfo } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ModeBadge } from './bits';
import { LeverageControl } from './leverage-control';
import { LotsField, OrderFacts, OrderPriceField, TpSlFields } from './order-fields';
import { type OrderDraft, type OrderForm, useOrderForm } from './use-order-form';

export type { OrderDraft };

const SIDES: readonly PositionSide[] = ['long', 'short'];
const OPEN_BUTTONS = { row: 'perp-actions', block: 'perp-button', testIdPrefix: 'perp-open-' };

/**
 * The order entry of the Perpetual tab (spec §2): market or limit, lots, leverage (10x by default, up to the
 * product's maximum), optional take-profit and stop-loss, the margin and fee it will take (the contract's formulas
 * on the typed values), the available margin, and Long / Short. Nothing invalid is sent: each problem is shown
 * under its field in the user's language.
 */
export function OrderPanel({
  info,
  infoError,
  onRetryInfo,
  mode,
  available,
  busy,
  pickedPrice,
  onOrder,
}: {
  info: ProductInfo | undefined;
  infoError: boolean;
  onRetryInfo: () => void;
  mode: AccountMode;
  available: string | undefined;
  busy: boolean;
  /** A price tapped in the order book: fills the limit price. */
  pickedPrice?: { price: string; at: number };
  onOrder: (draft: OrderDraft) => void;
}) {
  const { t } = useTranslation();
  const form = useOrderForm({ info, available, pickedPrice, onOrder });

  if (infoError && !info) {
    return (
      <section className="perp-panel">
        <ErrorState onRetry={onRetryInfo} />
      </section>
    );
  }

  return (
    <section className="perp-panel" aria-label={t('perpetual.panel')} data-testid="perp-panel" ref={form.panelRef}>
      <div className="perp-panel__head">
        <OrderTypeSwitch form={form} />
        <ModeBadge mode={mode} />
      </div>

      {!info ? (
        <div className="perp-panel__loading" aria-busy="true">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : (
        <>
          <OrderPriceField form={form} info={info} />
          <LotsField form={form} info={info} />
          <LeverageControl value={form.leverage} max={form.maxLeverage} onChange={form.setLeverage} />
          <TpSlFields form={form} info={info} />
          <OrderFacts preview={form.preview} available={available} />
        </>
      )}

      <SideButtons look={OPEN_BUTTONS} sides={SIDES} disabled={!info || busy} onPick={form.submit}>
        {(side) => t(side === 'long' ? 'perpetual.openLong' : 'perpetual.openShort')}
      </SideButtons>
    </section>
  );
}

/** Market or limit; switching clears the problems shown. */
function OrderTypeSwitch({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  return (
    <Segmented
      className="perp-seg"
      item="perp-seg__item"
      srOnly="perp-sr-only"
      legend={t('perpetual.orderType')}
      value={form.type}
      onChange={(k) => {
        form.setType(k);
        form.setProblems({});
      }}
      options={(['market', 'limit'] as const).map((k) => ({
        value: k,
        label: t(`perpetual.${k}`),
        testId: `perp-type-${k}`,
      }))}
    />
  );
}
