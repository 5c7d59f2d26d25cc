import { CoreUserFrame, type UserEvent, type UserFrame } from '@nexa/contract';
import type { z } from 'zod';
import { loadOnce } from './async';
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
  /**
   * The server refused the channel for the session: its token was revoked (logged out from another device, password
   * changed) or expired. Nothing comes on this channel until a new sign-in.
   */
  onUnauthorized?: () => void;
}

/**
 * The whole union of the channel's events: every domain's schemas (the contract's larger chunk), downloaded and built
 * when the first frame that is not one of the core's arrives (a delivery order, a fill, copy trading). Balances,
 * the mode and messages are read with the core's schemas, so the live channel the home page opens builds none of it.
 */
const loadUserFrame = loadOnce(() => import('@nexa/contract/events').then((m): z.ZodType<UserFrame> => m.UserFrame));

/**
 * Reads frames of the `user` channel for one listener: each frame is parsed by the contract (`CoreUserFrame`, else
 * the whole `UserFrame`, loaded then); a numbered event already seen is dropped (a replay after a reconnect may repeat
 * what arrived), and a jump in the numbers, or a frame that does not parse (a newer server), asks for a resync, so a
 * screen never shows a shape it guessed nor misses a change silently. While the whole union loads, the frames after
 * the one that needs it wait, so events are passed on in the order they came; if it cannot be loaded they are dropped
 * and a resync asked for (the next such frame tries again). Notes the highest number for the next (re)subscription;
 * exported for tests.
 */
export function userFrameReader(
  handlers: Pick<UserEventHandlers, 'onEvent' | 'onResync'>,
  load: () => Promise<z.ZodType<UserFrame>> = loadUserFrame,
) {
  let last = 0;
  let full: z.ZodType<UserFrame> | null = null;
  const waiting: unknown[] = [];
  const take = ({ seq, event }: UserFrame) => {
    if (seq !== undefined) {
      if (seq <= last) return;
      if (last > 0 && seq > last + 1) handlers.onResync();
      last = seq;
      noteUserEventSeq(seq);
    }
    handlers.onEvent(event);
  };
  const readFull = (schema: z.ZodType<UserFrame>, frame: unknown) => {
    const parsed = schema.safeParse(frame);
    if (parsed.success) take(parsed.data);
    else handlers.onResync();
  };
  return (frame: unknown) => {
    if (full) return readFull(full, frame);
    if (waiting.length === 0) {
      const core = CoreUserFrame.safeParse(frame);
      if (core.success) return take(core.data);
    }
    waiting.push(frame);
    if (waiting.length > 1) return; // the union is on its way
    load().then(
      (schema) => {
        full = schema;
        for (const next of waiting.splice(0)) readFull(schema, next);
      },
      () => {
        waiting.length = 0;
        handlers.onResync();
      },
    );
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
      onError: (msg) => {
        handlers.onLive(false);
        if (msg === 'unauthorized') handlers.onUnauthorized?.();
      },
    },
  );
}
