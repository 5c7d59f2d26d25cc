import type { SupportAuthor, SupportChannelSettings, SupportStatus } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

type Ts = Date | string;
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

interface ChannelRow {
  [k: string]: unknown;
  email: string | null;
  telegram: string | null;
  whatsapp: string | null;
  chat_url: string | null;
}

export interface ConversationRow {
  [k: string]: unknown;
  id: string;
  user_id: string | null;
  visitor_email: string | null;
  lang: string | null;
  status: SupportStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  created_at: Ts;
  updated_at: Ts;
  owner_uid: number | string | null;
  owner_email: string | null;
  owner_area_code: string | null;
  owner_mobile: string | null;
  last_author: SupportAuthor | null;
  last_body: string | null;
  last_images: number | null;
  last_at: Ts | null;
}

export interface MessageRow {
  [k: string]: unknown;
  id: string;
  conversation_id: string;
  author: SupportAuthor;
  operator_name: string | null;
  body: string;
  images: string[] | string;
  created_at: Ts;
}

const CONVERSATION = sql.raw(`
  c.id::text AS id, c.user_id::text AS user_id, c.visitor_email, c.lang, c.status, c.assignee_id::text AS assignee_id,
  o.username AS assignee_name, c.created_at, c.updated_at,
  u.uid AS owner_uid, u.email AS owner_email, u.area_code AS owner_area_code, u.mobile AS owner_mobile,
  m.author AS last_author, m.body AS last_body, jsonb_array_length(m.images) AS last_images, m.created_at AS last_at
  FROM support_conversations c
  LEFT JOIN operators o ON o.id = c.assignee_id
  LEFT JOIN users u ON u.id = c.user_id
  LEFT JOIN LATERAL (
    SELECT author, body, images, created_at FROM support_messages
    WHERE conversation_id = c.id ORDER BY id DESC LIMIT 1
  ) m ON true`);

const MESSAGE = sql.raw(`
  s.id::text AS id, s.conversation_id::text AS conversation_id, s.author, o.username AS operator_name, s.body,
  s.images, s.created_at
  FROM support_messages s LEFT JOIN operators o ON o.id = s.operator_id`);

const MESSAGE_FROM_CTE = sql.raw(`
  s.id::text AS id, s.conversation_id::text AS conversation_id, s.author, o.username AS operator_name, s.body,
  s.images, s.created_at
  FROM s LEFT JOIN operators o ON o.id = s.operator_id`);

/** Customer service: the channel settings, conversations and their messages. */
export const supportRepository = {
  async channels(ex: Executor): Promise<SupportChannelSettings | null> {
    const rows = await queryRows<ChannelRow>(
      ex,
      sql`SELECT email, telegram, whatsapp, chat_url FROM support_channels WHERE id = 1`,
    );
    const r = rows[0];
    return r ? { email: r.email, telegram: r.telegram, whatsapp: r.whatsapp, chat: r.chat_url } : null;
  },

  /** The environment's channels, only when the database has none yet (first start; several nodes agree). */
  async seedChannels(ex: Executor, c: SupportChannelSettings): Promise<void> {
    await ex.execute(sql`
      INSERT INTO support_channels (id, email, telegram, whatsapp, chat_url)
      VALUES (1, ${c.email}, ${c.telegram}, ${c.whatsapp}, ${c.chat})
      ON CONFLICT (id) DO NOTHING`);
  },

  /** Locks the settings row for a change (the audit row records what it was). */
  async lockChannels(ex: Executor): Promise<SupportChannelSettings | null> {
    const rows = await queryRows<ChannelRow>(
      ex,
      sql`SELECT email, telegram, whatsapp, chat_url FROM support_channels WHERE id = 1 FOR UPDATE`,
    );
    const r = rows[0];
    return r ? { email: r.email, telegram: r.telegram, whatsapp: r.whatsapp, chat: r.chat_url } : null;
  },

  async saveChannels(ex: Executor, c: SupportChannelSettings, now: Date): Promise<void> {
    await ex.execute(sql`
      INSERT INTO support_channels (id, email, telegram, whatsapp, chat_url, updated_at)
      VALUES (1, ${c.email}, ${c.telegram}, ${c.whatsapp}, ${c.chat}, ${iso(now)})
      ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, telegram = EXCLUDED.telegram,
        whatsapp = EXCLUDED.whatsapp, chat_url = EXCLUDED.chat_url, updated_at = EXCLUDED.updated_at`);
  },

  /**
   * The user's one conversation, created on their first message or reopened by a later one, and locked: two
   * messages at once meet on the unique index and then on the row, never making two conversations.
   */
  async openUserConversation(ex: Executor, userId: string, now: Date): Promise<string> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`INSERT INTO support_conversations (user_id, status, created_at, updated_at)
          VALUES (${userId}, 'open', ${iso(now)}, ${iso(now)})
          ON CONFLICT (user_id) WHERE user_id IS NOT NULL
          DO UPDATE SET status = 'open', updated_at = EXCLUDED.updated_at
          RETURNING id::text AS id`,
    );
    return rows[0]!.id;
  },

  async createVisitorConversation(ex: Executor, email: string, lang: string, now: Date): Promise<string> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`INSERT INTO support_conversations (visitor_email, lang, status, created_at, updated_at)
          VALUES (${email}, ${lang}, 'open', ${iso(now)}, ${iso(now)}) RETURNING id::text AS id`,
    );
    return rows[0]!.id;
  },

  async userConversation(ex: Executor, userId: string): Promise<{ id: string; status: SupportStatus } | null> {
    const rows = await queryRows<{ id: string; status: SupportStatus }>(
      ex,
      sql`SELECT id::text AS id, status FROM support_conversations WHERE user_id = ${userId}`,
    );
    return rows[0] ?? null;
  },

  /** Takes the conversation's row lock (replies, assignment and status changes queue on it). */
  async lock(ex: Executor, id: string): Promise<boolean> {
    const rows = await queryRows(ex, sql`SELECT id FROM support_conversations WHERE id = ${id} FOR UPDATE`);
    return rows.length > 0;
  },

  async conversation(ex: Executor, id: string): Promise<ConversationRow | undefined> {
    const rows = await queryRows<ConversationRow>(ex, sql`SELECT ${CONVERSATION} WHERE c.id = ${id}`);
    return rows[0];
  },

  pageConversations(
    ex: Executor,
    f: { status?: SupportStatus; assignee?: string | null },
    limit: number,
    offset: number,
  ) {
    const where: SQL[] = [sql`true`];
    if (f.status) where.push(sql`c.status = ${f.status}`);
    if (f.assignee === null) where.push(sql`c.assignee_id IS NULL`);
    else if (f.assignee !== undefined) where.push(sql`c.assignee_id = ${f.assignee}`);
    const cond = sql.join(where, sql` AND `);
    return queryPage<ConversationRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM support_conversations c WHERE ${cond}`,
      sql`SELECT ${CONVERSATION} WHERE ${cond} ORDER BY c.updated_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async setStatus(ex: Executor, id: string, status: SupportStatus, now: Date): Promise<void> {
    await ex.execute(
      sql`UPDATE support_conversations SET status = ${status}, updated_at = ${iso(now)} WHERE id = ${id}`,
    );
  },

  async assign(ex: Executor, id: string, operatorId: string | null): Promise<void> {
    await ex.execute(sql`UPDATE support_conversations SET assignee_id = ${operatorId} WHERE id = ${id}`);
  },

  /** Assigns to `operatorId` only while nobody has it (the first operator to answer takes it). */
  async claim(ex: Executor, id: string, operatorId: string): Promise<void> {
    await ex.execute(
      sql`UPDATE support_conversations SET assignee_id = ${operatorId} WHERE id = ${id} AND assignee_id IS NULL`,
    );
  },

  async touch(ex: Executor, id: string, now: Date): Promise<void> {
    await ex.execute(sql`UPDATE support_conversations SET updated_at = ${iso(now)} WHERE id = ${id}`);
  },

  async operatorExists(ex: Executor, id: string): Promise<boolean> {
    const rows = await queryRows(ex, sql`SELECT 1 FROM operators WHERE id = ${id} AND NOT disabled`);
    return rows.length > 0;
  },

  async insertMessage(
    ex: Executor,
    m: { conversationId: string; author: SupportAuthor; operatorId: string | null; body: string; images: string[] },
    now: Date,
  ): Promise<MessageRow> {
    const rows = await queryRows<MessageRow>(
      ex,
      sql`WITH s AS (
            INSERT INTO support_messages (conversation_id, author, operator_id, body, images, created_at)
            VALUES (${m.conversationId}, ${m.author}, ${m.operatorId}, ${m.body}, ${JSON.stringify(m.images)}::jsonb,
                    ${iso(now)})
            RETURNING *
          )
          SELECT ${MESSAGE_FROM_CTE}`,
    );
    return rows[0]!;
  },

  /** Up to `limit` messages before `before` (none: the newest), newest first. */
  async messages(ex: Executor, conversationId: string, before: string | undefined, limit: number) {
    const older = before ? sql`AND s.id < ${before}` : sql``;
    return queryRows<MessageRow>(
      ex,
      sql`SELECT ${MESSAGE} WHERE s.conversation_id = ${conversationId} ${older} ORDER BY s.id DESC LIMIT ${limit}`,
    );
  },
};
