import { z } from 'zod';
import { Nothing } from './auth.js';
import { EpochMs, Page, pageOf } from './common.js';
import { def } from './define.js';

/**
 * The message centre (issue 16): what the platform tells a user about their own records. A message is stored as a
 * kind and its parameters and rendered in the reader's language at display time (`messages.kinds.<kind>.title` and
 * `.body` in the web app's locales), so a language change re-renders old messages. A new kind is one line here plus
 * its translation.
 */
export const MessageKind = z.enum([
  'deposit.approved',
  'deposit.rejected',
  'withdrawal.approved',
  'withdrawal.rejected',
  'verification.approved',
  'verification.rejected',
  'delivery.settled',
  'perpetual.takeProfit',
  'perpetual.stopLoss',
  'perpetual.liquidated',
  'copy.invited',
  'copy.followerConfirmed',
  'copy.followerWithdrew',
  'copy.placed',
  'copy.settled',
  'copy.cancelled',
  'copy.refunded',
  'referral.rebate',
  'announcement',
  'balance.adjusted',
  'withdrawals.frozen',
  'withdrawals.unfrozen',
]);
export type MessageKind = z.infer<typeof MessageKind>;
export const MESSAGE_KINDS = MessageKind.options;

/**
 * The kinds that also go out as Web Push notifications (settlements, liquidations, review decisions, an operator's
 * change to the user's money or withdrawals).
 */
export const PUSHED_MESSAGE_KINDS: readonly MessageKind[] = [
  'deposit.approved',
  'deposit.rejected',
  'withdrawal.approved',
  'withdrawal.rejected',
  'verification.approved',
  'verification.rejected',
  'delivery.settled',
  'perpetual.liquidated',
  'copy.settled',
  'copy.refunded',
  'balance.adjusted',
  'withdrawals.frozen',
  'withdrawals.unfrozen',
];

/** Interpolation values of a message (amounts as decimal strings, order numbers, a reason). */
export const MessageParams = z.record(z.string().regex(/^[a-zA-Z]{1,30}$/), z.string().max(500));
export type MessageParams = z.infer<typeof MessageParams>;

/** An in-app route the message opens (hash router path), never an outside address. */
export const MessageLink = z
  .string()
  .max(200)
  .regex(/^\/[A-Za-z0-9/_?=&.-]*$/);

export const Message = z.object({
  id: z.string(),
  kind: MessageKind,
  params: MessageParams,
  link: MessageLink.nullable(),
  read: z.boolean(),
  createdAt: EpochMs,
});
export type Message = z.infer<typeof Message>;

export const MessageListData = pageOf(Message).extend({ unread: z.number().int().nonnegative() });
export type MessageListData = z.infer<typeof MessageListData>;

export const UnreadData = z.object({ unread: z.number().int().nonnegative() });
export type UnreadData = z.infer<typeof UnreadData>;

export const MessageIdBody = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/) });

/** A browser's push subscription (PushSubscription.toJSON()). */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(1000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** The server's VAPID public key; null: Web Push is not configured on this deployment. */
export const PushConfigData = z.object({ publicKey: z.string().nullable() });
export type PushConfigData = z.infer<typeof PushConfigData>;

export const AppRelease = z.object({ url: z.url({ protocol: /^https$/ }), version: z.string().max(40) });
/** The native apps operators publish; null where there is none (the web app offers the PWA install instead). */
export const AppDownloadData = z.object({ ios: AppRelease.nullable(), android: AppRelease.nullable() });
export type AppDownloadData = z.infer<typeof AppDownloadData>;

const Empty = z.object({});

export const messagesApi = {
  'message/list': def(true, true, Page, MessageListData),
  'message/unread': def(true, true, Empty, UnreadData),
  'message/read': def(false, true, MessageIdBody, UnreadData),
  'message/readAll': def(false, true, Empty, UnreadData),
  'push/config': def(true, false, Empty, PushConfigData),
  'push/subscribe': def(false, true, PushSubscriptionBody, Nothing),
  'push/unsubscribe': def(false, true, PushSubscriptionBody.pick({ endpoint: true }), Nothing),
  'index/getAppDownloadUrl': def(true, false, Empty, AppDownloadData),
};
