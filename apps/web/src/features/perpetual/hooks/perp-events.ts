import { subscribeUserEvents } from '@/lib/user-events';
import type { PerpOrder, PerpPosition, PerpTrade, UserEvent } from '@nexa/contract';

/** One perpetual record a `user` event carried. */
export type PerpEvent =
  | { kind: 'position'; position: PerpPosition }
  | { kind: 'order'; order: PerpOrder }
  | { kind: 'trade'; trade: PerpTrade };

export interface PerpEventHandlers {
  onEvent: (event: PerpEvent) => void;
  /** Events may have been missed (reconnect, sequence gap): read the lists again. */
  onResync: () => void;
  /** Whether events are flowing; while false the screens poll faster. */
  onLive: (live: boolean) => void;
}

/** The perpetual records of one user event (none for other domains' events). */
export function perpRecordsOf(event: UserEvent): PerpEvent[] {
  switch (event.type) {
    case 'perpetual.positions':
      return event.positions.map((position) => ({ kind: 'position', position }));
    case 'perpetual.fill':
      return [
        { kind: 'order', order: event.order },
        { kind: 'position', position: event.position },
        { kind: 'trade', trade: event.trade },
      ];
    default:
      return [];
  }
}

/**
 * The user's perpetual events from the app's WebSocket: a position's figures at a new mark price, or a fill
 * (a limit order, TP/SL or liquidation) with its order, position and trade.
 */
export function subscribePerpEvents(handlers: PerpEventHandlers): () => void {
  return subscribeUserEvents({
    onEvent: (event) => {
      for (const record of perpRecordsOf(event)) handlers.onEvent(record);
    },
    onResync: handlers.onResync,
    onLive: handlers.onLive,
  });
}
