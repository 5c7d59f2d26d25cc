import type { DeliveryOrder, ProductSummary } from '@nexa/contract';
import { useState } from 'react';
import { useCreateOrder, useOrderEvents } from '../hooks/use-delivery-queries';
import { ConfirmSheet } from './confirm-sheet';
import { CountdownSheet } from './countdown-sheet';
import './delivery.css';
import { useOpenOrder } from './order-lists';
import { OrderTabs } from './order-tabs';
import { type OrderDraft, TradePanel } from './trade-panel';

/**
 * Everything of the Futures tab below the product header and chart: order entry, the confirm sheet, the countdown
 * after buying and the order tabs. Listens to the user's order events while on screen (polls without them).
 */
export function DeliveryTrading({ product }: { product: ProductSummary | undefined }) {
  const live = useOrderEvents();
  const create = useCreateOrder();
  const openOrder = useOpenOrder();
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  const [tracked, setTracked] = useState<DeliveryOrder | null>(null);

  const confirm = async () => {
    if (!draft || create.isPending) return;
    try {
      const order = await create.mutateAsync({
        symbol: draft.product.symbol,
        direction: draft.direction,
        seconds: draft.period.seconds,
        amount: draft.amount,
      });
      setDraft(null);
      setTracked(order);
    } catch {
      // The request helper toasted the reason; the sheet stays open, and confirming again after a network
      // failure reuses the requestId.
    }
  };

  return (
    <div className="delivery-trading">
      <TradePanel product={product} busy={create.isPending} onOrder={setDraft} />
      <OrderTabs live={live} symbol={product?.symbol} pair={product ? `${product.base}/${product.quote}` : undefined} />
      <ConfirmSheet
        draft={draft}
        pending={create.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setDraft(null)}
      />
      <CountdownSheet
        order={tracked}
        live={live}
        onClose={() => setTracked(null)}
        onDetail={(order) => {
          setTracked(null);
          openOrder(order);
        }}
      />
    </div>
  );
}
