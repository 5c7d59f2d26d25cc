import type {
  Lang,
  MessageKind,
  MessageListData,
  MessageParams,
  PushSubscriptionBody,
  UnreadData,
} from '@nexa/contract';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http.js';
import { currentTxScope } from '../../platform/tx-scope.js';
import type { UserEvents } from '../../platform/user-events/index.js';
import type { PushSender } from './push.js';
import { messagesRepository as repo } from './repository.js';

/**
 * One message to store: `key` names what caused it, unique per user (`deposit:D2026…:approved`), so raising it again
 * (a replayed settlement, a retried transaction) stores nothing new.
 */
export interface NewMessage {
  key: string;
  kind: MessageKind;
  params: MessageParams;
  /** The in-app route of the record it is about. */
  link: string | null;
}

export interface NotifyOptions {
  /**
   * The sockets told live once the transaction commits, with the unread counts read then, instead of journaled with
   * it: for thousands of messages at once (a copy plan's followers, a settlement or rebate batch), which journaled
   * would hold the transaction up; a user who misses it reads the list again.
   */
  live?: boolean;
}

type StoredMessage = Awaited<ReturnType<typeof repo.insertMany>>[number];

/** The port other domains call, in their own transaction. */
export interface MessagePort {
  notify(tx: Executor, userId: string | bigint, message: NewMessage): Promise<void>;
  notifyMany(
    tx: Executor,
    items: { userId: string | bigint; message: NewMessage }[],
    opts?: NotifyOptions,
  ): Promise<void>;
  notifyEach(tx: Executor, userIds: readonly (string | bigint)[], message: NewMessage): Promise<void>;
  notifyAll(tx: Executor, message: NewMessage): Promise<number>;
  withdraw(tx: Executor, key: string): Promise<number>;
}

export interface MessagesDeps {
  db: Executor;
  userEvents: Pick<UserEvents, 'raise' | 'live'>;
  push: PushSender;
  now: () => Date;
  log?: { error(obj: object, msg: string): void };
}

/**
 * The message centre: messages are stored in the transaction of the business call that caused them, go to the
 * user's sockets (`message.new` on the `user` channel) and, for some kinds, to their browsers as Web Push once it
 * commits.
 */
export class MessageService implements MessagePort {
  constructor(private readonly d: MessagesDeps) {}

  notify(tx: Executor, userId: string | bigint, message: NewMessage): Promise<void> {
    return this.notifyMany(tx, [{ userId, message }]);
  }

  async notifyMany(
    tx: Executor,
    items: { userId: string | bigint; message: NewMessage }[],
    opts: NotifyOptions = {},
  ): Promise<void> {
    if (items.length === 0) return;
    const stored = await repo.insertMany(
      tx,
      items.map((i) => ({ userId: String(i.userId), ...i.message })),
      this.d.now(),
    );
    if (stored.length === 0) return;
    if (opts.live) return this.tellAfterCommit(stored);
    const unread = await repo.unreadCounts(tx, [...new Set(stored.map((m) => m.userId))]);
    for (const { userId, ...message } of stored) {
      this.d.userEvents.raise(userId, { type: 'message.new', message, unread: unread.get(userId) ?? 0 });
    }
    const scope = currentTxScope();
    if (scope && this.d.push.enabled) scope.afterCommit(() => void this.d.push.deliver(stored));
  }

  /**
   * The same message to each of many users (a copy plan's thousands of followers): stored in the caller's transaction
   * by one statement that carries only their ids; told as `notifyMany`'s live messages are.
   */
  async notifyEach(tx: Executor, userIds: readonly (string | bigint)[], message: NewMessage): Promise<void> {
    if (userIds.length === 0) return;
    const createdAt = this.d.now();
    const stored = await repo.insertForUsers(tx, userIds.map(String), message, createdAt);
    this.tellAfterCommit(
      stored.map(({ id, userId }) => ({
        userId,
        id,
        kind: message.kind,
        params: message.params,
        link: message.link,
        read: false,
        createdAt: createdAt.getTime(),
      })),
    );
  }

  /**
   * Once the caller's transaction commits (at once outside one): the owners' unread counts read, their sockets told
   * live and their browsers pushed. The transaction holds no per-user work; a user who misses it reads the list again.
   */
  private tellAfterCommit(stored: StoredMessage[]): void {
    if (stored.length === 0) return;
    const tell = async () => {
      const unread = await repo.unreadCounts(this.d.db, [...new Set(stored.map((m) => m.userId))]);
      await this.d.userEvents.live(
        stored.map(({ userId, ...message }) => ({
          userId,
          event: { type: 'message.new' as const, message, unread: unread.get(userId) ?? 0 },
        })),
      );
      if (this.d.push.enabled) await this.d.push.deliver(stored);
    };
    const run = () => void tell().catch((err) => this.d.log?.error({ err }, 'messages: telling after commit failed'));
    const scope = currentTxScope();
    if (scope) scope.afterCommit(run);
    else run();
  }

  /**
   * One message to every user (an announcement), stored set-based; each user's sockets told live once it commits
   * (not journaled: a user who misses it reads the list again). Returns how many were stored.
   */
  async notifyAll(tx: Executor, message: NewMessage): Promise<number> {
    const stored = await repo.insertForAll(tx, message, this.d.now());
    if (stored.length === 0) return 0;
    const unread = await repo.unreadCounts(
      tx,
      stored.map((m) => m.userId),
    );
    const live = stored.map(({ userId, ...m }) => ({
      userId,
      event: { type: 'message.new' as const, message: m, unread: unread.get(userId) ?? 0 },
    }));
    currentTxScope()?.afterCommit(() => void this.d.userEvents.live(live));
    return stored.length;
  }

  /**
   * Takes back every user's message with this key, because what it told of is gone (a deleted announcement), so its
   * link never opens "not found": deleted in the caller's transaction, each owner told with a journaled
   * `message.removed` and their unread count after it. Journaled, unlike `notifyAll`'s live `message.new`: a missed
   * new message is still in the list the next time it is read, but a missed removal would leave a dead entry on
   * screen and a badge counting it until something else read the list again. Returns how many were removed.
   */
  async withdraw(tx: Executor, key: string): Promise<number> {
    const removed = await repo.removeByKey(tx, key);
    if (removed.length === 0) return 0;
    const unread = await repo.unreadCounts(tx, [...new Set(removed.map((m) => m.userId))]);
    for (const { id, userId } of removed) {
      this.d.userEvents.raise(userId, { type: 'message.removed', messageId: id, unread: unread.get(userId) ?? 0 });
    }
    return removed.length;
  }

  async list(user: AuthUser, page: number, pageSize: number): Promise<MessageListData> {
    const { total, list } = await repo.page(this.d.db, user.id, pageSize, (page - 1) * pageSize);
    return { list, total, page, pageSize, unread: await repo.unread(this.d.db, user.id) };
  }

  async unread(user: AuthUser): Promise<UnreadData> {
    return { unread: await repo.unread(this.d.db, user.id) };
  }

  /** Marks one of the caller's messages read; another user's message is not found. */
  async read(user: AuthUser, id: string): Promise<UnreadData> {
    if (!(await repo.markRead(this.d.db, user.id, id, this.d.now()))) throw notFound();
    return this.unread(user);
  }

  async readAll(user: AuthUser): Promise<UnreadData> {
    await repo.markAllRead(this.d.db, user.id, this.d.now());
    return { unread: 0 };
  }

  async subscribe(user: AuthUser, body: PushSubscriptionBody, lang: Lang): Promise<null> {
    const { endpoint, keys } = body;
    await repo.saveSubscription(this.d.db, { endpoint, userId: user.id, ...keys, lang }, this.d.now());
    return null;
  }

  async unsubscribe(user: AuthUser, endpoint: string): Promise<null> {
    await repo.deleteSubscription(this.d.db, endpoint, user.id);
    return null;
  }
}
