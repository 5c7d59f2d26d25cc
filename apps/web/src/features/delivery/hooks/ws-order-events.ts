import { marketSocket } from '@/lib/market-socket';
import { DeliveryOrder } from '@nexa/contract';
import type { OrderEventSource } from './order-events';

/**
 * The user's delivery order events from the app's WebSocket (`user` channel, authenticated with the session
 * token): `{event: 'delivery', data: DeliveryOrder}` whenever an order is created, opens, settles or is cancelled.
 */
export const socketOrderEvents: OrderEventSource = {
  subscribe(handlers) {
    handlers.onLive(false);
    return marketSocket().subscribe(
      'user',
      (events) => {
        for (const e of events) {
          if (e.event !== 'delivery') continue;
          const parsed = DeliveryOrder.safeParse(e.data);
          if (parsed.success) handlers.onOrder(parsed.data);
          else console.warn('[futures] an order event that does not match the contract', parsed.error.issues);
        }
      },
      {
        onResync: handlers.onResync,
        onLive: handlers.onLive,
        onError: () => handlers.onLive(false),
      },
    );
  },
};
