import type { ContentKind, SaveContentBody } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

export interface ContentRow extends Record<string, unknown> {
  id: string;
  title: Record<string, string>;
  body: Record<string, string> | null;
  image: string | null;
  link: string | null;
  categoryId: string | null;
  pinned: boolean;
  faq: boolean;
  published: boolean;
  sort: number;
  updatedAt: Date | string;
}

/** Each kind's table, its rows as operators see them, and its order. */
const KINDS: Record<ContentKind, { table: SQL; where: SQL; select: SQL; order: SQL }> = {
  announcement: {
    table: sql`notices`,
    where: sql`type = 'notice'`,
    select: sql`id::text AS id, title, body, NULL AS image, NULL AS link, NULL AS "categoryId", pinned, false AS faq,
                published, sort, updated_at AS "updatedAt"`,
    order: sql`ORDER BY pinned DESC, sort, created_at DESC, notices.id DESC`,
  },
  banner: {
    table: sql`carousel`,
    where: sql`true`,
    select: sql`id::text AS id, title, NULL::jsonb AS body, image, link, NULL AS "categoryId", false AS pinned,
                false AS faq, published, sort, updated_at AS "updatedAt"`,
    order: sql`ORDER BY sort, carousel.id`,
  },
  category: {
    table: sql`help_categories`,
    where: sql`true`,
    select: sql`id::text AS id, title, NULL::jsonb AS body, NULL AS image, NULL AS link, NULL AS "categoryId",
                false AS pinned, false AS faq, published, sort, updated_at AS "updatedAt"`,
    order: sql`ORDER BY sort, help_categories.id`,
  },
  article: {
    table: sql`help_articles`,
    where: sql`true`,
    select: sql`id::text AS id, title, body, NULL AS image, NULL AS link, category_id::text AS "categoryId",
                false AS pinned, faq, published, sort, updated_at AS "updatedAt"`,
    order: sql`ORDER BY category_id, sort, help_articles.id`,
  },
};

const j = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** Operators' writes of content (issue 16); the service wraps each in a transaction with its audit row. */
export const contentAdminRepository = {
  async list(ex: Executor, kind: ContentKind, limit: number, offset: number) {
    const k = KINDS[kind];
    return queryPage<ContentRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM ${k.table} WHERE ${k.where}`,
      sql`SELECT ${k.select} FROM ${k.table} WHERE ${k.where} ${k.order} LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /** The row, locked for the change about to be made; undefined when there is none of that kind. */
  async get(ex: Executor, kind: ContentKind, id: string): Promise<ContentRow | undefined> {
    const k = KINDS[kind];
    const rows = await queryRows<ContentRow>(
      ex,
      sql`SELECT ${k.select} FROM ${k.table} WHERE ${k.where} AND id = ${id} FOR UPDATE`,
    );
    return rows[0];
  },

  /**
   * Whether the category exists, and if so kept from being deleted until the transaction ends (`FOR KEY SHARE`, the
   * lock its articles' foreign key takes): a delete that locked it first has committed by the time this answers, so
   * an article is never written into a category being deleted (the foreign key would fail it as an internal error).
   */
  async lockCategory(ex: Executor, id: string): Promise<boolean> {
    return (await queryRows(ex, sql`SELECT 1 AS x FROM help_categories WHERE id = ${id} FOR KEY SHARE`)).length > 0;
  },

  /** Creates (new items start unpublished, last in the order) and returns the id. */
  async insert(ex: Executor, b: SaveContentBody): Promise<string> {
    let q: SQL;
    switch (b.kind) {
      case 'announcement':
        q = sql`INSERT INTO notices (type, title, body, pinned, published) VALUES ('notice', ${j(b.title)}, ${j(b.body)},
                ${b.pinned}, false) RETURNING id::text AS id`;
        break;
      case 'banner':
        q = sql`INSERT INTO carousel (title, image, link, sort, published)
                VALUES (${j(b.title)}, ${b.image}, ${b.link}, (SELECT coalesce(max(sort), 0) + 1 FROM carousel), false)
                RETURNING id::text AS id`;
        break;
      case 'category':
        q = sql`INSERT INTO help_categories (title, sort, published)
                VALUES (${j(b.title)}, (SELECT coalesce(max(sort), 0) + 1 FROM help_categories), false)
                RETURNING id::text AS id`;
        break;
      case 'article':
        q = sql`INSERT INTO help_articles (category_id, title, body, faq, sort, published)
                VALUES (${b.categoryId}, ${j(b.title)}, ${j(b.body)}, ${b.faq},
                        (SELECT coalesce(max(sort), 0) + 1 FROM help_articles WHERE category_id = ${b.categoryId}), false)
                RETURNING id::text AS id`;
        break;
    }
    return (await queryRows<{ id: string }>(ex, q))[0]!.id;
  },

  async update(ex: Executor, id: string, b: SaveContentBody): Promise<void> {
    switch (b.kind) {
      case 'announcement':
        await ex.execute(sql`UPDATE notices SET title = ${j(b.title)}, body = ${j(b.body)}, pinned = ${b.pinned},
                             updated_at = now() WHERE id = ${id}`);
        return;
      case 'banner':
        await ex.execute(sql`UPDATE carousel SET title = ${j(b.title)}, image = ${b.image}, link = ${b.link},
                             updated_at = now() WHERE id = ${id}`);
        return;
      case 'category':
        await ex.execute(sql`UPDATE help_categories SET title = ${j(b.title)}, updated_at = now() WHERE id = ${id}`);
        return;
      case 'article':
        await ex.execute(sql`UPDATE help_articles SET category_id = ${b.categoryId}, title = ${j(b.title)},
                             body = ${j(b.body)}, faq = ${b.faq}, updated_at = now() WHERE id = ${id}`);
        return;
    }
  },

  async publish(ex: Executor, kind: ContentKind, id: string, published: boolean): Promise<void> {
    const k = KINDS[kind];
    await ex.execute(sql`UPDATE ${k.table} SET published = ${published}, updated_at = now()
                         WHERE ${k.where} AND id = ${id}`);
  },

  /** Whether the category has articles; asked under the delete's lock on it (`get`), which a new article waits for. */
  async categoryHasArticles(ex: Executor, id: string): Promise<boolean> {
    return (await queryRows(ex, sql`SELECT 1 AS x FROM help_articles WHERE category_id = ${id} LIMIT 1`)).length > 0;
  },

  /** Removes the row (an announcement with its readers' read marks); the service has locked it and checked it. */
  async remove(ex: Executor, kind: ContentKind, id: string): Promise<void> {
    const k = KINDS[kind];
    if (kind === 'announcement') await ex.execute(sql`DELETE FROM notice_reads WHERE notice_id = ${id}`);
    await ex.execute(sql`DELETE FROM ${k.table} WHERE ${k.where} AND id = ${id}`);
  },

  /** The listed ids get positions 1…n in this order; the rest keep theirs after them. */
  async order(ex: Executor, kind: ContentKind, ids: string[]): Promise<number> {
    const k = KINDS[kind];
    const found = await queryRows<{ id: string }>(
      ex,
      sql`SELECT id::text AS id FROM ${k.table} WHERE ${k.where} AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) FOR UPDATE`,
    );
    if (found.length !== new Set(ids).size) return -1;
    await ex.execute(sql`UPDATE ${k.table} SET sort = sort + ${ids.length} WHERE ${k.where}`);
    for (const [i, id] of ids.entries()) {
      await ex.execute(sql`UPDATE ${k.table} SET sort = ${i + 1}, updated_at = now() WHERE id = ${id}`);
    }
    return ids.length;
  },
};
