import type { DeliveryOrder } from '@nexa/contract';
import { socketOrderEvents } from './ws-order-events';

export interface OrderEventHandlers {
  /** One of the user's delivery orders was created, opened, settled or cancelled. */
  onOrder: (order: DeliveryOrder) => void;
  /** Events may have been missed (reconnect, sequence gap): read the lists again. */
  onResync: () => void;
  /** Whether events are flowing; while false the screens poll instead. */
  onLive: (live: boolean) => void;
}

/**
 * Where the user's order events come from: the `user` channel of the app's WebSocket (ws-order-events.ts). Kept
 * behind this interface so the screens work (by polling) whatever the socket does.
 */
export interface OrderEventSource {
  subscribe(handlers: OrderEventHandlers): () => void;
}

/** No push: the screens poll order/deliveryOrders and order/getOrderCountdown. */
export const pollingOnly: OrderEventSource = {
  subscribe(handlers) {
    handlers.onLive(false);
    return () => undefined;
  },
};

let override: OrderEventSource | null = null;

/** The WebSocket's `user` channel, unless something else was installed. */
export function orderEventSource(): OrderEventSource {
  return override ?? socketOrderEvents;
}

/** Replaces the source (`pollingOnly`, a fake in tests); null goes back to the WebSocket. */
export function setOrderEventSource(source: OrderEventSource | null): void {
  override = source;
}
