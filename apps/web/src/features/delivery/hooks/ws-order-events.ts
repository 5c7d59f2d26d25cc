import { subscribeUserEvents } from '@/lib/user-events';
import type { OrderEventSource } from './order-events';

/**
 * The user's delivery order events from the app's WebSocket: `{type: 'delivery.order', order}` whenever an order
 * is created, opens, settles or is cancelled.
 */
export const socketOrderEvents: OrderEventSource = {
  subscribe(handlers) {
    return subscribeUserEvents({
      onEvent: (event) => {
        if (event.type === 'delivery.order') handlers.onOrder(event.order);
      },
      onResync: handlers.onResync,
      onLive: handlers.onLive,
    });
  },
};
