import { z } from 'zod';
import { AccountMode } from './common.js';
import { Message } from './messages.js';
import { Wallet } from './wallets.js';

/*
 * The `user` channel's events whose schemas are in the contract's core (core-modules.ts): balances, the account mode
 * and the message centre, which every signed-in screen hears. events.ts joins them with the domains' events into
 * `UserEvent`. The web reads a frame with `CoreUserFrame` first and loads the whole union (every domain's schemas)
 * only for another event, so opening the live channel on the home page does not build the whole contract (issue 18
 * §2, docs/decisions.md session 39).
 */

/**
 * A balance moved (transfer, deposit, withdrawal, order, settlement, fee, margin): the account's figures after
 * the transaction that moved it.
 */
export const WalletBalanceEvent = z.object({
  type: z.literal('wallet.balance'),
  mode: AccountMode,
  wallet: Wallet,
  currency: z.string().max(20),
  available: z.string().max(60),
  frozen: z.string().max(60),
});

/**
 * The account mode the server acts on changed (a switch on any of the user's devices): every screen keyed by mode
 * follows it.
 */
export const UserModeEvent = z.object({ type: z.literal('user.mode'), mode: AccountMode });

/** A new message in the user's message centre, with the unread count after it. */
export const MessageNewEvent = z.object({
  type: z.literal('message.new'),
  message: Message,
  unread: z.number().int().nonnegative(),
});

/**
 * A message withdrawn because what it told of is gone (an operator deleted the announcement), with the unread
 * count after it: the inbox and the bell drop it.
 */
export const MessageRemovedEvent = z.object({
  type: z.literal('message.removed'),
  messageId: z.string(),
  unread: z.number().int().nonnegative(),
});

/**
 * A frame's event number: for the events the server journals (all but the live position figures), the user's event
 * number. Numbers rise by one per event for each user, across connections and nodes, so a client that reconnects
 * asks for what came after the last one it saw (`subscribe` with `since`).
 */
export const UserEventSeq = z.number().int().positive().optional();

/** A frame whose event is one of the core's (see above). */
export const CoreUserFrame = z.object({
  seq: UserEventSeq,
  event: z.discriminatedUnion('type', [WalletBalanceEvent, UserModeEvent, MessageNewEvent, MessageRemovedEvent]),
});
