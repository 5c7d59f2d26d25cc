import { UserEvent } from '@nexa/contract';
import { marketSocket } from './market-socket';

export interface UserEventHandlers {
  /** One of the user's own events, parsed by its `type` (the contract's `UserEvent`). */
  onEvent: (event: UserEvent) => void;
  /** Events may have been missed (reconnect, sequence gap, an event this build does not know): read lists again. */
  onResync: () => void;
  /** Whether events are flowing; while false the screens poll. */
  onLive: (live: boolean) => void;
}

/**
 * The user's events from the app's WebSocket (`user` channel, authenticated with the session token). Every frame
 * is parsed by the contract's `UserEvent` union; one that does not parse (a newer server) asks for a resync, so a
 * screen never shows a shape it guessed.
 */
export function subscribeUserEvents(handlers: UserEventHandlers): () => void {
  handlers.onLive(false);
  return marketSocket().subscribe(
    'user',
    (frames) => {
      for (const frame of frames) {
        const parsed = UserEvent.safeParse(frame);
        if (parsed.success) handlers.onEvent(parsed.data);
        else handlers.onResync();
      }
    },
    { onResync: handlers.onResync, onLive: handlers.onLive, onError: () => handlers.onLive(false) },
  );
}
