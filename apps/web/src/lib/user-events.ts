import { type UserEvent, UserFrame } from '@nexa/contract';
import { marketSocket } from './market-socket';
import { noteUserEventSeq } from './user-event-cursor';

export { lastUserEventSeq, resetUserEventSeq } from './user-event-cursor';

export interface UserEventHandlers {
  /** One of the user's own events, parsed by its `type` (the contract's `UserEvent`), once each. */
  onEvent: (event: UserEvent) => void;
  /** Events may have been missed (reconnect, sequence gap, an event this build does not know): read lists again. */
  onResync: () => void;
  /** Whether events are flowing; while false the screens poll. */
  onLive: (live: boolean) => void;
}

/**
 * Reads frames of the `user` channel for one listener: each frame is parsed by the contract's `UserFrame`; a
 * numbered event already seen is dropped (a replay after a reconnect may repeat what arrived), and a jump in the
 * numbers, or a frame that does not parse (a newer server), asks for a resync, so a screen never shows a shape it
 * guessed nor misses a change silently. Notes the highest number for the next (re)subscription; exported for tests.
 */
export function userFrameReader(handlers: Pick<UserEventHandlers, 'onEvent' | 'onResync'>) {
  let last = 0;
  return (frame: unknown) => {
    const parsed = UserFrame.safeParse(frame);
    if (!parsed.success) return handlers.onResync();
    const { seq, event } = parsed.data;
    if (seq !== undefined) {
      if (seq <= last) return;
      if (last > 0 && seq > last + 1) handlers.onResync();
      last = seq;
      noteUserEventSeq(seq);
    }
    handlers.onEvent(event);
  };
}

/** The user's events from the app's WebSocket (`user` channel, authenticated with the session token). */
export function subscribeUserEvents(
  handlers: UserEventHandlers,
  options: {
    /**
     * The listener's data may predate its subscription (read while the socket was still connecting, with no event
     * number to replay from): the first confirmation asks for a resync, so nothing that happened meanwhile is lost.
     */
    catchUp?: boolean;
  } = {},
): () => void {
  handlers.onLive(false);
  let caughtUp = !options.catchUp;
  const read = userFrameReader(handlers);
  return marketSocket().subscribe(
    'user',
    (frames) => {
      for (const frame of frames) read(frame);
    },
    {
      onResync: handlers.onResync,
      onLive: (live) => {
        handlers.onLive(live);
        if (!live || caughtUp) return;
        caughtUp = true;
        handlers.onResync();
      },
      onError: () => handlers.onLive(false),
    },
  );
}
