import {
  type AdminSupportConversation,
  type AdminSupportThread,
  type KefuData,
  type Lang,
  SUPPORT_CHANNEL_KINDS,
  type SupportChannelKind,
  type SupportChannelSettings,
  type SupportHistoryBody,
  type SupportHistoryData,
  type SupportMessage,
  type SupportSendBody,
  type SupportStatus,
  type SupportVisitorBody,
  isLang,
  supportChannelUrl,
} from '@nexa/contract';
import type { Executor } from '../../platform/db.js';
import { invalid, notFound, refused } from '../../platform/errors.js';
import { t } from '../../platform/i18n/translate.js';
import type { Messenger } from '../../platform/messenger.js';
import { recordAudit } from '../../platform/review.js';
import { uploadBelongsTo, uploadUrl } from '../../platform/uploads.js';
import type { UserEvents } from '../../platform/user-events/index.js';
import { type ConversationRow, type MessageRow, supportRepository as repo } from './repository.js';

export interface SupportDeps {
  db: Executor;
  now: () => Date;
  userEvents: UserEvents;
  messenger: Messenger;
  /** The channels a fresh database starts with (environment). */
  defaults: SupportChannelSettings;
  /** Logs a visitor answer that could not be sent (it stays in the conversation). */
  onSendError: (err: unknown) => void;
}

export interface OperatorRef {
  id: string;
}

const epoch = (v: Date | string) => new Date(v).getTime();
const adminFileUrl = (name: string) => `/api/admin/file/${name}`;
const imagesOf = (r: MessageRow): string[] => (typeof r.images === 'string' ? JSON.parse(r.images) : r.images);

/** A message as its reader sees it: the user reads images with their token, an operator with theirs. */
function toMessage(r: MessageRow, url: (name: string) => string): SupportMessage {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    author: r.author,
    text: r.body,
    images: imagesOf(r).map((name) => ({ name, url: url(name) })),
    createdAt: epoch(r.created_at),
  };
}

function toConversation(r: ConversationRow): AdminSupportConversation {
  const last = r.last_author
    ? { author: r.last_author, text: r.last_body ?? '', images: Number(r.last_images ?? 0), at: epoch(r.last_at!) }
    : null;
  return {
    id: r.id,
    owner: r.user_id
      ? {
          userId: r.user_id,
          uid: Number(r.owner_uid),
          email: r.owner_email,
          mobile: r.owner_mobile ? `+${r.owner_area_code ?? ''} ${r.owner_mobile}` : null,
        }
      : null,
    visitorEmail: r.visitor_email,
    lang: r.lang,
    status: r.status,
    assignee: r.assignee_id ? { id: r.assignee_id, username: r.assignee_name ?? '' } : null,
    lastMessage: last,
    awaitingReply: last !== null && last.author !== 'operator',
    createdAt: epoch(r.created_at),
    updatedAt: epoch(r.updated_at),
  };
}

/** What the screen shows for a channel: the address, "@name", "+number", or the chat page's host. */
function channelLabel(kind: SupportChannelKind, value: string): string {
  if (kind === 'telegram') return `@${value}`;
  if (kind === 'whatsapp') return `+${value}`;
  if (kind === 'chat') return value.replace(/^https:\/\//, '').replace(/[/?#].*$/, '');
  return value;
}

/**
 * Customer service (issue 16): the channels operators configure, and the conversation between a user (or a
 * visitor) and the operators. Every write is one transaction; an operator's change carries its audit row; a reply
 * reaches the user's sockets after it commits, and a visitor's answer goes out by e-mail after it commits.
 */
export class SupportService {
  constructor(private readonly d: SupportDeps) {}

  /** Fills the channels from the environment on a database that has none (first start). */
  seed(): Promise<void> {
    return repo.seedChannels(this.d.db, this.d.defaults);
  }

  async settings(ex: Executor = this.d.db): Promise<SupportChannelSettings> {
    return (await repo.channels(ex)) ?? this.d.defaults;
  }

  async kefu(): Promise<KefuData> {
    const s = await this.settings();
    const channels = SUPPORT_CHANNEL_KINDS.flatMap((kind) => {
      const value = s[kind];
      return value ? [{ kind, label: channelLabel(kind, value), url: supportChannelUrl(kind, value) }] : [];
    });
    return { channels };
  }

  // ------------------------------------------------------------ users and visitors

  async history(userId: string, body: SupportHistoryBody): Promise<SupportHistoryData> {
    const conversation = await repo.userConversation(this.d.db, userId);
    if (!conversation) return { status: null, list: [], hasMore: false };
    const { rows, hasMore } = await this.page(this.d.db, conversation.id, body);
    return { status: conversation.status, list: rows.map((r) => toMessage(r, uploadUrl)), hasMore };
  }

  /** A user's message; reopens their conversation if an operator closed it. */
  async send(userId: string, body: SupportSendBody): Promise<SupportMessage> {
    if (!body.text && body.images.length === 0) {
      throw invalid([{ field: 'text', reason: 'required' }]);
    }
    return this.d.db.transaction(async (tx) => {
      await this.checkImages(tx, userId, body.images);
      const now = this.d.now();
      const conversationId = await repo.openUserConversation(tx, userId, now);
      const row = await repo.insertMessage(
        tx,
        { conversationId, author: 'user', operatorId: null, body: body.text, images: body.images },
        now,
      );
      this.d.userEvents.raise(userId, { type: 'support.message', messageId: row.id, author: 'user' });
      return toMessage(row, uploadUrl);
    });
  }

  /** A visitor's message: a conversation of its own, answered by e-mail in the visitor's language. */
  async visitorMessage(body: SupportVisitorBody, lang: Lang): Promise<{ received: true }> {
    await this.d.db.transaction(async (tx) => {
      const now = this.d.now();
      const conversationId = await repo.createVisitorConversation(tx, body.email, lang, now);
      await repo.insertMessage(
        tx,
        { conversationId, author: 'visitor', operatorId: null, body: body.text, images: [] },
        now,
      );
    });
    return { received: true };
  }

  // ------------------------------------------------------------ operators

  async setChannels(op: OperatorRef, body: SupportChannelSettings): Promise<SupportChannelSettings> {
    return this.d.db.transaction(async (tx) => {
      const before = (await repo.lockChannels(tx)) ?? this.d.defaults;
      await repo.saveChannels(tx, body, this.d.now());
      await recordAudit(tx, {
        operatorId: op.id,
        action: 'support.channels',
        entity: 'support_channels',
        entityId: '1',
        before,
        after: body,
        reason: null,
      });
      return body;
    });
  }

  async list(
    op: OperatorRef,
    q: { status?: SupportStatus; assigned?: 'unassigned' | 'mine'; page: number; pageSize: number },
  ) {
    const assignee = q.assigned === 'unassigned' ? null : q.assigned === 'mine' ? op.id : undefined;
    const { list, total } = await repo.pageConversations(
      this.d.db,
      { status: q.status, assignee },
      q.pageSize,
      (q.page - 1) * q.pageSize,
    );
    return { list: list.map(toConversation), total, page: q.page, pageSize: q.pageSize };
  }

  async thread(body: SupportHistoryBody & { id: string }): Promise<AdminSupportThread> {
    const row = await repo.conversation(this.d.db, body.id);
    if (!row) throw notFound();
    const { rows, hasMore } = await this.page(this.d.db, body.id, body);
    const list = rows.map((r) => ({ ...toMessage(r, adminFileUrl), operator: r.operator_name }));
    return { conversation: toConversation(row), list, hasMore };
  }

  /** Assigns to an operator (omitted: the caller; null: nobody). */
  async assign(op: OperatorRef, body: { id: string; operatorId?: string | null }) {
    const to = body.operatorId === undefined ? op.id : body.operatorId;
    return this.change(op, body.id, 'support.assign', async (tx, before) => {
      if (to !== null && !(await repo.operatorExists(tx, to))) {
        throw invalid([{ field: 'operatorId', reason: 'invalid' }]);
      }
      if (before.assignee_id !== to) await repo.assign(tx, body.id, to);
    });
  }

  setStatus(op: OperatorRef, id: string, status: SupportStatus) {
    return this.change(op, id, status === 'closed' ? 'support.close' : 'support.reopen', async (tx, before) => {
      if (before.status !== status) await repo.setStatus(tx, id, status, this.d.now());
    });
  }

  /**
   * An operator's answer: to a user, live on their sockets once it commits; to a visitor, by e-mail (text only). The
   * first operator to answer an unassigned conversation takes it.
   */
  async reply(op: OperatorRef, body: SupportSendBody & { id: string }) {
    if (!body.text && body.images.length === 0) throw invalid([{ field: 'text', reason: 'required' }]);
    const result = await this.d.db.transaction(async (tx) => {
      if (!(await repo.lock(tx, body.id))) throw notFound();
      const conv = (await repo.conversation(tx, body.id))!;
      if (conv.status === 'closed') throw refused('support.closed');
      if (conv.user_id) await this.checkImages(tx, conv.user_id, body.images);
      else if (body.images.length > 0) throw refused('support.visitorImages');
      const now = this.d.now();
      const row = await repo.insertMessage(
        tx,
        { conversationId: body.id, author: 'operator', operatorId: op.id, body: body.text, images: body.images },
        now,
      );
      await repo.claim(tx, body.id, op.id);
      await repo.touch(tx, body.id, now);
      await recordAudit(tx, {
        operatorId: op.id,
        action: 'support.reply',
        entity: 'support_conversation',
        entityId: body.id,
        before: null,
        after: { messageId: row.id, images: body.images.length },
        reason: null,
      });
      if (conv.user_id) {
        this.d.userEvents.raise(conv.user_id, { type: 'support.message', messageId: row.id, author: 'operator' });
      }
      const question = conv.user_id ? null : await this.lastFromVisitor(tx, body.id);
      return { row, conv, question };
    });
    if (result.conv.visitor_email) await this.emailVisitor(result.conv, body.text, result.question ?? '');
    return { ...toMessage(result.row, adminFileUrl), operator: result.row.operator_name };
  }

  // ------------------------------------------------------------ helpers

  /** The conversation of an operator's upload: images go to its user (they read them with their own token). */
  async uploadOwner(id: string): Promise<string | null> {
    const row = await repo.conversation(this.d.db, id);
    if (!row) throw notFound();
    return row.user_id;
  }

  private async change(
    op: OperatorRef,
    id: string,
    action: string,
    apply: (tx: Executor, before: ConversationRow) => Promise<void>,
  ): Promise<AdminSupportConversation> {
    return this.d.db.transaction(async (tx) => {
      if (!(await repo.lock(tx, id))) throw notFound();
      const before = (await repo.conversation(tx, id))!;
      await apply(tx, before);
      const after = (await repo.conversation(tx, id))!;
      await recordAudit(tx, {
        operatorId: op.id,
        action,
        entity: 'support_conversation',
        entityId: id,
        before: { status: before.status, assigneeId: before.assignee_id },
        after: { status: after.status, assigneeId: after.assignee_id },
        reason: null,
      });
      return toConversation(after);
    });
  }

  /** Each image must be an upload of the conversation's user (a message never points at someone else's file). */
  private async checkImages(tx: Executor, userId: string, images: string[]) {
    if (new Set(images).size !== images.length) throw invalid([{ field: 'images', reason: 'invalid' }]);
    for (const name of images) {
      if (!(await uploadBelongsTo(tx, BigInt(userId), name))) throw invalid([{ field: 'images', reason: 'invalid' }]);
    }
  }

  /** A page of history, oldest first, and whether older messages exist. */
  private async page(ex: Executor, conversationId: string, body: SupportHistoryBody) {
    const rows = await repo.messages(ex, conversationId, body.before, body.pageSize + 1);
    return { rows: rows.slice(0, body.pageSize).reverse(), hasMore: rows.length > body.pageSize };
  }

  private async lastFromVisitor(tx: Executor, conversationId: string): Promise<string> {
    const rows = await repo.messages(tx, conversationId, undefined, 50);
    return rows.find((r) => r.author === 'visitor')?.body ?? '';
  }

  /** After the commit: a lost e-mail never undoes the stored answer (the operator sees it in the thread). */
  private async emailVisitor(conv: ConversationRow, reply: string, question: string) {
    const lang: Lang = conv.lang && isLang(conv.lang) ? conv.lang : 'en';
    await this.d.messenger
      .send({
        channel: 'email',
        to: conv.visitor_email!,
        scene: 'support',
        subject: t(lang, 'support.replySubject'),
        text: t(lang, 'support.replyText', { reply, question }),
        lang,
      })
      .catch(this.d.onSendError);
  }
}
