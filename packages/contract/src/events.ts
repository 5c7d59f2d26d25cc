import { z } from 'zod';
import { DeliveryOrder } from './delivery.js';
import { PerpOrder, PerpPosition, PerpTrade } from './perpetual.js';

/**
 * Every frame of the WebSocket `user` channel (ARCHITECTURE §4): one of the user's own events, told apart by
 * `type` on both sides (the web never guesses a shape). A later event joins the union with its own `type`;
 * a build that does not know a `type` reads its lists again (`UserEvent.safeParse` fails on it).
 */
export const UserEvent = z.discriminatedUnion('type', [
  /** A delivery order was created, opened, settled or cancelled. */
  z.object({ type: z.literal('delivery.order'), order: DeliveryOrder }),
  /** Open positions' figures at a new mark price (one tick's worth, in slices). */
  z.object({ type: z.literal('perpetual.positions'), positions: z.array(PerpPosition).min(1) }),
  /** A pending order filled, a TP/SL fired or a position was liquidated: the order, the position after it, the fill. */
  z.object({ type: z.literal('perpetual.fill'), order: PerpOrder, position: PerpPosition, trade: PerpTrade }),
]);
export type UserEvent = z.infer<typeof UserEvent>;
export type UserEventType = UserEvent['type'];
