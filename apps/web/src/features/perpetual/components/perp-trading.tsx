import { useDraft } from '@/shared/sheet';
import type { ProductSummary } from '@nexa/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CreateOrderInput,
  sameOrder,
  useCreateOrder,
  useMode,
  usePerpEvents,
  usePositions,
  useProductInfo,
} from '../hooks/use-perpetual';
import { ConfirmSheet } from './confirm-sheet';
import { type OrderDraft, OrderPanel } from './order-panel';
import { type PerpTabKey, PerpTabs } from './perp-tabs';
import './perpetual.css';

/** What the server is asked to place for a confirmed draft (blank TP/SL: none). */
function orderInput(draft: OrderDraft): CreateOrderInput {
  return {
    symbol: draft.product.symbol,
    side: draft.side,
    type: draft.type,
    price: draft.price,
    quantity: draft.lots,
    leverage: draft.leverage,
    tpPrice: draft.tpPrice || undefined,
    slPrice: draft.slPrice || undefined,
  };
}

/**
 * The order entry, its confirm sheet and the order tabs of one product. Listens to the user's perpetual events
 * while on screen (and polls, faster without them). `onlyThisProduct` narrows the tabs to the product (index1).
 */
export function PerpTrading({
  product,
  pickedPrice,
  onlyThisProduct = false,
}: {
  product: ProductSummary | undefined;
  pickedPrice?: { price: string; at: number };
  onlyThisProduct?: boolean;
}) {
  const { t } = useTranslation();
  const live = usePerpEvents();
  const mode = useMode();
  const info = useProductInfo(product?.symbol);
  const positions = usePositions(live);
  // An order whose answer was lost is known now (told by a toast): a sheet open again for that very order closes, as
  // confirming it would now place a second one.
  const create = useCreateOrder((input) =>
    draft.setDraft((open) => (open && sameOrder(orderInput(open), input) ? null : open)),
  );
  const [tab, setTab] = useState<PerpTabKey>('positions');
  // A lost answer closes the sheet: the app looks the order up when it can and says what became of it.
  const draft = useDraft(
    (d: OrderDraft) => create.mutateAsync(orderInput(d)),
    create.isPending,
    (order) => {
      const filled = order.status === 'filled';
      Toast.show({ icon: 'success', content: t(filled ? 'perpetual.opened' : 'perpetual.placed'), duration: 2000 });
      setTab(filled ? 'positions' : order.status === 'pending' ? 'orders' : 'history');
    },
    { closeWhenUnknown: true },
  );

  return (
    <div className="perp-trading">
      <OrderPanel
        info={info.data && info.data.symbol === product?.symbol ? info.data : undefined}
        infoError={info.isError}
        onRetryInfo={() => void info.refetch()}
        mode={mode}
        available={positions.data?.account.available}
        busy={create.isPending}
        pickedPrice={pickedPrice}
        onOrder={draft.setDraft}
      />
      <PerpTabs
        live={live}
        positions={positions}
        tab={tab}
        onTab={setTab}
        symbol={onlyThisProduct ? product?.symbol : undefined}
      />
      <ConfirmSheet {...draft.sheet} available={positions.data?.account.available} />
    </div>
  );
}
