import type { ContentKind } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

type When = Date | string;
interface NoticeRow extends Record<string, unknown> {
  id: string;
  type: string;
  title: string;
  body: string;
  pinned: boolean;
  createdAt: When;
}

/** A reader's text: theirs, else English. */
const tr = (col: SQL, lang: string) => sql`coalesce(${col}->>${lang}, ${col}->>'en')`;
// Announcements: pinned first, then the operators' order, then the newest.
const NOTICE_ORDER = sql`ORDER BY notices.pinned DESC, notices.sort, notices.created_at DESC, notices.id DESC`;
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the platform publishes for its users (spec §2 Home, §8; issue 16), in the reader's language. */
export const contentRepository = {
  async notices(ex: Executor, type: string, lang: string, limit: number, offset: number) {
    return queryPage<NoticeRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM notices WHERE type = ${type} AND published`,
      sql`SELECT id::text AS id, type, ${tr(sql`title`, lang)} AS title, ${tr(sql`body`, lang)} AS body, pinned,
                 created_at AS "createdAt"
          FROM notices WHERE type = ${type} AND published ${NOTICE_ORDER} LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /** Announcements with whether `userId` has opened each. */
  async announcements(ex: Executor, userId: string, lang: string, limit: number, offset: number) {
    const [page, unread] = await Promise.all([
      queryPage<NoticeRow & { read: boolean }>(
        ex,
        sql`SELECT count(*)::int AS n FROM notices WHERE type = 'notice' AND published`,
        sql`SELECT notices.id::text AS id, type, ${tr(sql`title`, lang)} AS title, ${tr(sql`body`, lang)} AS body,
                   pinned, created_at AS "createdAt", (r.notice_id IS NOT NULL) AS read
            FROM notices LEFT JOIN notice_reads r ON r.notice_id = notices.id AND r.user_id = ${userId}
            WHERE type = 'notice' AND published ${NOTICE_ORDER} LIMIT ${limit} OFFSET ${offset}`,
      ),
      this.unread(ex, userId),
    ]);
    return { ...page, unread };
  },

  async unread(ex: Executor, userId: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM notices n
          WHERE n.type = 'notice' AND n.published
            AND NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.notice_id = n.id AND r.user_id = ${userId})`,
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** Marks a published announcement read; false when there is none by that id. Repeats change nothing. */
  async markRead(ex: Executor, userId: string, noticeId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`SELECT id::text AS id FROM notices WHERE id = ${noticeId} AND type = 'notice' AND published`,
    );
    if (rows.length === 0) return false;
    await ex.execute(sql`INSERT INTO notice_reads (user_id, notice_id) VALUES (${userId}, ${noticeId})
                         ON CONFLICT (user_id, notice_id) DO NOTHING`);
    return true;
  },

  async notice(ex: Executor, id: string, lang: string) {
    const rows = await queryRows<NoticeRow>(
      ex,
      sql`SELECT id::text AS id, type, ${tr(sql`title`, lang)} AS title, ${tr(sql`body`, lang)} AS body, pinned,
                 created_at AS "createdAt"
          FROM notices WHERE id = ${id} AND published`,
    );
    return rows[0];
  },

  async carousel(ex: Executor, lang: string) {
    return queryRows<{ id: string; title: string; image: string; link: string }>(
      ex,
      sql`SELECT id::text AS id, ${tr(sql`title`, lang)} AS title, image, link
          FROM carousel WHERE published ORDER BY carousel.sort, carousel.id`,
    );
  },

  async helpCategories(ex: Executor, lang: string, id?: string) {
    return queryRows<{ id: string; title: string; articleCount: number }>(
      ex,
      sql`SELECT c.id::text AS id, ${tr(sql`c.title`, lang)} AS title,
                 (SELECT count(*)::int FROM help_articles a WHERE a.category_id = c.id AND a.published) AS "articleCount"
          FROM help_categories c WHERE c.published ${id ? sql`AND c.id = ${id}` : sql``}
          ORDER BY c.sort, c.id`,
    );
  },

  /** Published articles of published categories, by category, FAQ flag and words in the reader's text. */
  async helpArticles(
    ex: Executor,
    lang: string,
    f: { categoryId?: string; q?: string; faq?: boolean },
    limit: number,
    offset: number,
  ) {
    const title = tr(sql`a.title`, lang);
    const body = tr(sql`a.body`, lang);
    const words = (f.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
    const where = sql.join(
      [
        sql`a.published AND c.published`,
        f.categoryId ? sql`a.category_id = ${f.categoryId}` : undefined,
        f.faq === undefined ? undefined : sql`a.faq = ${f.faq}`,
        ...words.map((w) => {
          const p = likePattern(w);
          return sql`(${title} ILIKE ${p} OR ${body} ILIKE ${p} OR a.title->>'en' ILIKE ${p})`;
        }),
      ].filter((s): s is SQL => s !== undefined),
      sql` AND `,
    );
    const from = sql`FROM help_articles a JOIN help_categories c ON c.id = a.category_id WHERE ${where}`;
    return queryPage<{ id: string; categoryId: string; title: string; body: string }>(
      ex,
      sql`SELECT count(*)::int AS n ${from}`,
      sql`SELECT a.id::text AS id, a.category_id::text AS "categoryId", ${title} AS title, ${body} AS body
          ${from} ORDER BY c.sort, a.sort, a.id LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async helpArticle(ex: Executor, id: string, lang: string) {
    const rows = await queryRows<{
      id: string;
      categoryId: string;
      categoryTitle: string;
      title: string;
      body: string;
      updatedAt: When;
    }>(
      ex,
      sql`SELECT a.id::text AS id, a.category_id::text AS "categoryId", ${tr(sql`c.title`, lang)} AS "categoryTitle",
                 ${tr(sql`a.title`, lang)} AS title, ${tr(sql`a.body`, lang)} AS body, a.updated_at AS "updatedAt"
          FROM help_articles a JOIN help_categories c ON c.id = a.category_id
          WHERE a.id = ${id} AND a.published AND c.published`,
    );
    return rows[0];
  },

  /** The catalogue's figures the help texts quote (products on offer, delivery periods, perpetual terms). */
  async catalogueFigures(ex: Executor) {
    const rows = await queryRows<{
      products: number;
      maxLeverage: number | null;
      minFee: string | null;
      maxFee: string | null;
      minSeconds: number | null;
      maxSeconds: number | null;
      minYield: string | null;
      maxYield: string | null;
    }>(
      ex,
      sql`SELECT (SELECT count(*)::int FROM products WHERE enabled) AS products,
                 (SELECT max(max_leverage) FROM products WHERE enabled) AS "maxLeverage",
                 (SELECT min(fee_rate)::text FROM products WHERE enabled) AS "minFee",
                 (SELECT max(fee_rate)::text FROM products WHERE enabled) AS "maxFee",
                 min(d.seconds) AS "minSeconds", max(d.seconds) AS "maxSeconds",
                 min(d.yield)::text AS "minYield", max(d.yield)::text AS "maxYield"
          FROM delivery_periods d JOIN products p ON p.symbol = d.symbol AND p.enabled`,
    );
    return rows[0]!;
  },
};
