import { z } from 'zod';
import { Email, EpochMs, Page, freeText, pageOf } from './common.js';
import { type ApiDef, def } from './define.js';
import { UploadName } from './funding.js';

/**
 * Customer service (issue 16, spec §2 `userPages/service`, §7 `index/kefu`): the outside channels operators
 * configure, and a built-in conversation between a user (or a visitor, answered by e-mail) and the operators.
 */

/** Limits both sides refuse alike. */
export const SUPPORT_LIMITS = {
  textMaxLength: 2000,
  imagesPerMessage: 4,
  /** Messages a page of history holds at most. */
  historyPageMax: 50,
  /** Visitor messages one address may leave a minute. */
  visitorPerIpPerMinute: 3,
  urlMaxLength: 500,
} as const;

// ---------------------------------------------------------------- channels (index/kefu)

export const SupportChannelKind = z.enum(['email', 'telegram', 'whatsapp', 'chat']);
export type SupportChannelKind = z.infer<typeof SupportChannelKind>;
export const SUPPORT_CHANNEL_KINDS = SupportChannelKind.options;

/** A Telegram username (5–32 characters, a letter first), with or without its "@". */
export const TelegramUsername = z
  .string()
  .trim()
  .transform((v) => v.replace(/^@/, ''))
  .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/));
/** A WhatsApp number in international form: country code and number, 8–15 digits (spaces, dashes, "+" dropped). */
export const WhatsappNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s\-().]/g, '').replace(/^\+/, ''))
  .pipe(z.string().regex(/^[1-9]\d{7,14}$/));
/** An external live-chat page: https only (a phone never opens a script), a host name, no credentials or spaces. */
export const ChatUrl = z
  .string()
  .trim()
  .max(SUPPORT_LIMITS.urlMaxLength)
  .regex(/^https:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}(:\d{1,5})?([/?#][^\s<>"'`\\]*)?$/);

/** Blank is the same as null: the channel is not offered. */
const off = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), s.nullable());

/** The channels as operators set them; null: not offered. */
export const SupportChannelSettings = z.object({
  email: off(Email),
  telegram: off(TelegramUsername),
  whatsapp: off(WhatsappNumber),
  chat: off(ChatUrl),
});
export type SupportChannelSettings = z.infer<typeof SupportChannelSettings>;

/** The link that opens a channel the right way on a phone: the mail app, Telegram, WhatsApp, the chat page. */
export function supportChannelUrl(kind: SupportChannelKind, value: string): string {
  switch (kind) {
    case 'email':
      return `mailto:${value}`;
    case 'telegram':
      return `https://t.me/${value}`;
    case 'whatsapp':
      return `https://wa.me/${value}`;
    case 'chat':
      return value;
  }
}

export const SupportChannel = z.object({
  kind: SupportChannelKind,
  /** What the screen shows: the address, "@username", "+number", or the chat page's host. */
  label: z.string(),
  url: z.string(),
});
export type SupportChannel = z.infer<typeof SupportChannel>;

export const KefuData = z.object({
  /** Configured channels only, in a fixed order. */
  channels: z.array(SupportChannel),
});
export type KefuData = z.infer<typeof KefuData>;

// ---------------------------------------------------------------- the conversation

export const SupportAuthor = z.enum(['user', 'visitor', 'operator']);
export type SupportAuthor = z.infer<typeof SupportAuthor>;
export const SupportStatus = z.enum(['open', 'closed']);
export type SupportStatus = z.infer<typeof SupportStatus>;

export const SupportImage = z.object({
  name: UploadName,
  /** The user reads `/api/common/file/<name>` (TOKEN), an operator `/api/admin/file/<name>` (ADMIN-TOKEN). */
  url: z.string(),
});
export type SupportImage = z.infer<typeof SupportImage>;

export const SupportMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  author: SupportAuthor,
  /** Plain text, shown as text (never as HTML). */
  text: z.string(),
  images: z.array(SupportImage),
  createdAt: EpochMs,
});
export type SupportMessage = z.infer<typeof SupportMessage>;

const MessageText = freeText(SUPPORT_LIMITS.textMaxLength, { multiline: true });
const Images = z.array(UploadName).max(SUPPORT_LIMITS.imagesPerMessage).default([]);

/** A message with text, images or both (the server refuses one with neither). */
export const SupportSendBody = z.object({ text: MessageText.default(''), images: Images });
export type SupportSendBody = z.infer<typeof SupportSendBody>;

/** Older history: the page before message `before` (none: the newest). */
export const SupportHistoryBody = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(SUPPORT_LIMITS.historyPageMax).default(30),
});
export type SupportHistoryBody = z.infer<typeof SupportHistoryBody>;

export const SupportHistoryData = z.object({
  status: SupportStatus.nullable(),
  /** Oldest first. */
  list: z.array(SupportMessage),
  /** Older messages exist before the first of `list`. */
  hasMore: z.boolean(),
});
export type SupportHistoryData = z.infer<typeof SupportHistoryData>;

/** A visitor's message: answered by e-mail at `email`, in the caller's language. */
export const SupportVisitorBody = z.object({
  email: Email,
  text: freeText(SUPPORT_LIMITS.textMaxLength, { min: 1, multiline: true }),
});
export type SupportVisitorBody = z.infer<typeof SupportVisitorBody>;
export const SupportVisitorData = z.object({ received: z.literal(true) });

export const supportApi = {
  'index/kefu': def(true, false, z.object({}), KefuData),
  'support/history': def(true, true, SupportHistoryBody, SupportHistoryData),
  'support/send': def(false, true, SupportSendBody, SupportMessage),
  'support/visitorMessage': def(false, false, SupportVisitorBody, SupportVisitorData),
} as const satisfies Record<string, ApiDef>;

// ---------------------------------------------------------------- the operators' side (role `support`)

const Id = z.string().regex(/^\d{1,18}$/);

export const SupportOwner = z.object({
  userId: z.string(),
  uid: z.number().int(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});

export const AdminSupportConversation = z.object({
  id: z.string(),
  /** The user, or null for a visitor (then `visitorEmail`). */
  owner: SupportOwner.nullable(),
  visitorEmail: z.string().nullable(),
  /** The language a visitor wrote in; their answer goes out in it. */
  lang: z.string().nullable(),
  status: SupportStatus,
  assignee: z.object({ id: z.string(), username: z.string() }).nullable(),
  lastMessage: z.object({ author: SupportAuthor, text: z.string(), images: z.number().int(), at: EpochMs }).nullable(),
  /** The last message is the customer's: waiting for an answer. */
  awaitingReply: z.boolean(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type AdminSupportConversation = z.infer<typeof AdminSupportConversation>;

export const AdminSupportListBody = Page.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), SupportStatus.optional()),
  /** unassigned: nobody's; mine: the caller's; empty: all. */
  assigned: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['unassigned', 'mine']).optional()),
});

export const AdminSupportMessage = SupportMessage.extend({
  /** The operator who wrote it (operators see each other's names). */
  operator: z.string().nullable(),
});
export const AdminSupportThreadBody = SupportHistoryBody.extend({ id: Id });
export const AdminSupportThread = z.object({
  conversation: AdminSupportConversation,
  list: z.array(AdminSupportMessage),
  hasMore: z.boolean(),
});
export type AdminSupportThread = z.infer<typeof AdminSupportThread>;

export const AdminSupportIdBody = z.object({ id: Id });
/** operatorId null: nobody; omitted: the caller. */
export const AdminSupportAssignBody = z.object({ id: Id, operatorId: Id.nullable().optional() });
export const AdminSupportReplyBody = SupportSendBody.extend({ id: Id });

export const supportAdminApi = {
  'admin/supportChannels': def(true, 'operator', z.object({}), SupportChannelSettings),
  'admin/setSupportChannels': def(false, 'operator', SupportChannelSettings, SupportChannelSettings),
  'admin/supportConversations': def(true, 'operator', AdminSupportListBody, pageOf(AdminSupportConversation)),
  'admin/supportConversation': def(true, 'operator', AdminSupportThreadBody, AdminSupportThread),
  'admin/assignSupport': def(false, 'operator', AdminSupportAssignBody, AdminSupportConversation),
  'admin/replySupport': def(false, 'operator', AdminSupportReplyBody, AdminSupportMessage),
  'admin/closeSupport': def(false, 'operator', AdminSupportIdBody, AdminSupportConversation),
  'admin/reopenSupport': def(false, 'operator', AdminSupportIdBody, AdminSupportConversation),
} as const satisfies Record<string, ApiDef>;
