import { marketSocket } from '@/lib/market-socket';
import { PerpOrder, PerpPosition, PerpTrade } from '@nexa/contract';

/** What a `perpetual` event on the user channel carried. */
export type PerpEvent =
  | { kind: 'position'; position: PerpPosition }
  | { kind: 'order'; order: PerpOrder }
  | { kind: 'trade'; trade: PerpTrade }
  /** Something this build does not know: read everything again. */
  | { kind: 'other' };

export interface PerpEventHandlers {
  onEvent: (event: PerpEvent) => void;
  /** Events may have been missed (reconnect, sequence gap): read the lists again. */
  onResync: () => void;
  /** Whether events are flowing; while false the screens poll faster. */
  onLive: (live: boolean) => void;
}

/** Sorts one event's data by the contract shape it matches (a position, an order or a fill). */
export function classifyPerpEvent(data: unknown): PerpEvent {
  const position = PerpPosition.safeParse(data);
  if (position.success) return { kind: 'position', position: position.data };
  const trade = PerpTrade.safeParse(data);
  if (trade.success) return { kind: 'trade', trade: trade.data };
  const order = PerpOrder.safeParse(data);
  if (order.success) return { kind: 'order', order: order.data };
  return { kind: 'other' };
}

/**
 * The user's perpetual events from the app's WebSocket (`user` channel, authenticated with the session token):
 * `{event: 'perpetual', data}` when a position's figures move or an order, fill, TP/SL or liquidation happens.
 */
export function subscribePerpEvents(handlers: PerpEventHandlers): () => void {
  handlers.onLive(false);
  return marketSocket().subscribe(
    'user',
    (events) => {
      for (const e of events) {
        if (e.event !== 'perpetual') continue;
        // A batch of positions (one tick's figures) or a single record.
        const items = Array.isArray(e.data) ? e.data : [e.data];
        for (const item of items) handlers.onEvent(classifyPerpEvent(item));
      }
    },
    { onResync: handlers.onResync, onLive: handlers.onLive, onError: () => handlers.onLive(false) },
  );
}
