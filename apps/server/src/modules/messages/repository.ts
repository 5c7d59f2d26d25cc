import type { Message, MessageKind, MessageParams } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

interface MessageRow {
  [k: string]: unknown;
  id: string;
  user_id: string;
  kind: MessageKind;
  params: MessageParams;
  link: string | null;
  read: boolean;
  created_at: Date | string;
}

export interface MessageInsert {
  userId: string;
  key: string;
  kind: MessageKind;
  params: MessageParams;
  link: string | null;
}

export interface PushSubscriptionRow {
  endpoint: string;
  userId: string;
  p256dh: string;
  auth: string;
  lang: string;
}

const COLUMNS = sql.raw(`id::text AS id, user_id::text AS user_id, kind, params, link,
  read_at IS NOT NULL AS read, created_at`);

export const toMessage = (r: MessageRow): Message => ({
  id: r.id,
  kind: r.kind,
  params: r.params,
  link: r.link,
  read: r.read,
  createdAt: new Date(r.created_at).getTime(),
});

/** The message centre's tables (migration 0019). */
export const messagesRepository = {
  /**
   * Stores the messages in one statement; one whose key the user already has is skipped (a replayed settlement or
   * decision). Returns what was stored, with the owner.
   */
  async insertMany(ex: Executor, items: MessageInsert[], now: Date): Promise<(Message & { userId: string })[]> {
    const rows = items.map((i) => ({ user_id: i.userId, key: i.key, kind: i.kind, params: i.params, link: i.link }));
    const stored = await queryRows<MessageRow>(
      ex,
      sql`INSERT INTO messages (user_id, key, kind, params, link, created_at)
          SELECT user_id, key, kind, params, link, ${now.toISOString()}::timestamptz
          FROM json_to_recordset(${JSON.stringify(rows)}::json)
            AS i(user_id bigint, key text, kind text, params jsonb, link text)
          ORDER BY user_id, key
          ON CONFLICT (user_id, key) DO NOTHING
          RETURNING ${COLUMNS}`,
    );
    return stored.map((r) => ({ ...toMessage(r), userId: r.user_id }));
  },

  /**
   * Stores one message for each of `userIds` in one statement that carries only their ids (thousands at once: a copy
   * plan's followers), skipping those who already have its key. Returns the stored ids per owner.
   */
  async insertForUsers(ex: Executor, userIds: readonly string[], item: Omit<MessageInsert, 'userId'>, now: Date) {
    return queryRows<{ id: string; userId: string }>(
      ex,
      sql`INSERT INTO messages (user_id, key, kind, params, link, created_at)
          SELECT u, ${item.key}, ${item.kind}, ${JSON.stringify(item.params)}::jsonb, ${item.link},
                 ${now.toISOString()}::timestamptz
          FROM unnest(${`{${userIds.join(',')}}`}::bigint[]) AS u ORDER BY u
          ON CONFLICT (user_id, key) DO NOTHING
          RETURNING id::text AS id, user_id::text AS "userId"`,
    );
  },

  /**
   * Stores one message for every user in one statement (an announcement), skipping those who already have its key
   * (published again). Returns the owners and the stored message's id per owner.
   */
  async insertForAll(ex: Executor, item: Omit<MessageInsert, 'userId'>, now: Date) {
    const rows = await queryRows<MessageRow>(
      ex,
      sql`INSERT INTO messages (user_id, key, kind, params, link, created_at)
          SELECT id, ${item.key}, ${item.kind}, ${JSON.stringify(item.params)}::jsonb, ${item.link},
                 ${now.toISOString()}::timestamptz
          FROM users ORDER BY id
          ON CONFLICT (user_id, key) DO NOTHING
          RETURNING ${COLUMNS}`,
    );
    return rows.map((r) => ({ ...toMessage(r), userId: r.user_id }));
  },

  /** Deletes every user's message with this key (what it told of is gone); returns each one's id and owner. */
  async removeByKey(ex: Executor, key: string): Promise<{ id: string; userId: string }[]> {
    return queryRows<{ id: string; userId: string }>(
      ex,
      sql`DELETE FROM messages WHERE key = ${key} RETURNING id::text AS id, user_id::text AS "userId"`,
    );
  },

  async unreadCounts(ex: Executor, userIds: string[]): Promise<Map<string, number>> {
    const rows = await queryRows<{ user_id: string; n: number }>(
      ex,
      sql`SELECT user_id::text AS user_id, count(*)::int AS n FROM messages
          WHERE user_id IN (SELECT json_array_elements_text(${JSON.stringify(userIds)}::json)::bigint)
            AND read_at IS NULL GROUP BY user_id`,
    );
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  },

  async unread(ex: Executor, userId: string): Promise<number> {
    return (await this.unreadCounts(ex, [userId])).get(userId) ?? 0;
  },

  /** The user's messages, newest first. */
  async page(ex: Executor, userId: string, limit: number, offset: number) {
    const { total, list } = await queryPage<MessageRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM messages WHERE user_id = ${userId}`,
      sql`SELECT ${COLUMNS} FROM messages WHERE user_id = ${userId} ORDER BY messages.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
    return { total, list: list.map(toMessage) };
  },

  /** Marks one of the user's messages read (again is a no-op); false when the user has no such message. */
  async markRead(ex: Executor, userId: string, id: string, now: Date): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`UPDATE messages SET read_at = coalesce(read_at, ${now.toISOString()}::timestamptz)
          WHERE id = ${id} AND user_id = ${userId} RETURNING id::text AS id`,
    );
    return rows.length > 0;
  },

  async markAllRead(ex: Executor, userId: string, now: Date): Promise<void> {
    await ex.execute(sql`UPDATE messages SET read_at = ${now.toISOString()}::timestamptz
                         WHERE user_id = ${userId} AND read_at IS NULL`);
  },

  /** Adds or moves a browser's subscription to this user (an endpoint belongs to one browser, so to one user). */
  async saveSubscription(ex: Executor, s: PushSubscriptionRow, now: Date): Promise<void> {
    await ex.execute(sql`
      INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, lang, created_at)
      VALUES (${s.endpoint}, ${s.userId}, ${s.p256dh}, ${s.auth}, ${s.lang}, ${now.toISOString()}::timestamptz)
      ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
        auth = EXCLUDED.auth, lang = EXCLUDED.lang`);
  },

  async deleteSubscription(ex: Executor, endpoint: string, userId?: string): Promise<void> {
    await ex.execute(sql`DELETE FROM push_subscriptions WHERE endpoint = ${endpoint}
                         ${userId === undefined ? sql`` : sql`AND user_id = ${userId}`}`);
  },

  async subscriptions(ex: Executor, userIds: string[]): Promise<PushSubscriptionRow[]> {
    const rows = await queryRows<{ endpoint: string; user_id: string; p256dh: string; auth: string; lang: string }>(
      ex,
      sql`SELECT endpoint, user_id::text AS user_id, p256dh, auth, lang FROM push_subscriptions
          WHERE user_id IN (SELECT json_array_elements_text(${JSON.stringify(userIds)}::json)::bigint)`,
    );
    return rows.map((r) => ({ endpoint: r.endpoint, userId: r.user_id, p256dh: r.p256dh, auth: r.auth, lang: r.lang }));
  },
};
