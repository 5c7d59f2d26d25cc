import { z } from 'zod';
import { AccountMode } from './common.js';
import { CopyUserEvents } from './copy.js';
import { DeliveryOrder } from './delivery.js';
import {
  MessageNewEvent,
  MessageRemovedEvent,
  UserEventSeq,
  UserModeEvent,
  WalletBalanceEvent,
} from './events-core.js';
import { PerpOrder, PerpPosition, PerpTrade } from './perpetual.js';
import { SupportAuthor } from './support.js';
import { Wallet } from './wallets.js';

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
  WalletBalanceEvent,
  /**
   * A new message in the user's support conversation (an operator's answer, or the user's own from another device):
   * its id only, so the frame stays small whatever the text; the screen reads the history again.
   */
  z.object({ type: z.literal('support.message'), messageId: z.string(), author: SupportAuthor }),
  UserModeEvent,
  MessageNewEvent,
  MessageRemovedEvent,
  /** Copy trading (issue 14): invitations, followers confirming or withdrawing, placement, settlement, cancellation. */
  ...CopyUserEvents,
]);
export type UserEvent = z.infer<typeof UserEvent>;
export type UserEventType = UserEvent['type'];

/** One message of the `user` channel: an event and, for the events the server journals, its number (events-core.ts). */
export const UserFrame = z.object({ seq: UserEventSeq, event: UserEvent });
export type UserFrame = z.infer<typeof UserFrame>;

/**
 * What the money calls and workers report once their transaction committed, for the domains that build on them
 * (the rebate programme pays on fees and settled stakes). Amounts are decimal strings in `currency`; `ref` names the
 * business row (`delivery_order:42`), as the ledger's entries do, so every event can be re-derived from the ledger.
 */
export const DomainEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('fee.charged'),
    userId: z.string(),
    mode: AccountMode,
    wallet: Wallet,
    currency: z.string(),
    amount: z.string(),
    /** What the fee was for. */
    source: z.enum(['perpetual.open', 'perpetual.close', 'perpetual.liquidation', 'withdrawal']),
    ref: z.string(),
  }),
  z.object({
    type: z.literal('stake.settled'),
    userId: z.string(),
    mode: AccountMode,
    wallet: Wallet,
    currency: z.string(),
    stake: z.string(),
    payout: z.string(),
    status: z.enum(['won', 'lost', 'draw', 'refunded']),
    ref: z.string(),
  }),
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
