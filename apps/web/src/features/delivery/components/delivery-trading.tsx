import { useDraft } from '@/shared/sheet';
import type { DeliveryOrder, ProductSummary } from '@nexa/contract';
import { useState } from 'react';
import type { CreateOrderInput } from '../api/delivery-api';
import { sameOrder, useCreateOrder, useOrderEvents } from '../hooks/use-delivery-queries';
import { ConfirmSheet } from './confirm-sheet';
import { CountdownSheet } from './countdown-sheet';
import './delivery.css';
import { useOpenOrder } from './order-row';
import { OrderTabs } from './order-tabs';
import { type OrderDraft, TradePanel } from './trade-panel';

/** What the server is asked to place for a confirmed draft. */
function orderInput(draft: OrderDraft): CreateOrderInput {
  return {
    symbol: draft.product.symbol,
    direction: draft.direction,
    seconds: draft.period.seconds,
    amount: draft.amount,
  };
}

/**
 * Everything of the Futures tab below the product header and chart: order entry, the confirm sheet, the countdown
 * after buying and the order tabs. Listens to the user's order events while on screen (polls without them).
 */
export function DeliveryTrading({ product }: { product: ProductSummary | undefined }) {
  const live = useOrderEvents();
  // An order whose answer was lost is found placed (told by a toast): a confirm sheet still open for that very order
  // closes, as confirming it would now place a second one. One found not placed keeps its sheet to confirm again.
  const create = useCreateOrder((input, applied) => {
    if (applied) draft.setDraft((open) => (open && sameOrder(orderInput(open), input) ? null : open));
  });
  const openOrder = useOpenOrder();
  const [tracked, setTracked] = useState<DeliveryOrder | null>(null);
  const draft = useDraft((d: OrderDraft) => create.mutateAsync(orderInput(d)), create.isPending, setTracked);

  return (
    <div className="delivery-trading">
      <TradePanel product={product} busy={create.isPending} onOrder={draft.setDraft} />
      <OrderTabs live={live} symbol={product?.symbol} pair={product ? `${product.base}/${product.quote}` : undefined} />
      <ConfirmSheet {...draft.sheet} />
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
