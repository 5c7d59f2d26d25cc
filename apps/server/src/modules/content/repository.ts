import { sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

/** What the platform publishes for its users (spec §2 Home, §8): banners and notices, in the reader's language. */
export const contentRepository = {
  async notices(ex: Executor, type: string, lang: string, limit: number, offset: number) {
    return queryPage<{ id: string; type: string; title: string; body: string; createdAt: Date | string }>(
      ex,
      sql`SELECT count(*)::int AS n FROM notices WHERE type = ${type} AND published`,
      sql`SELECT id::text AS id, type, coalesce(title->>${lang}, title->>'en') AS title,
                 coalesce(body->>${lang}, body->>'en') AS body, created_at AS "createdAt"
          FROM notices WHERE type = ${type} AND published ORDER BY notices.created_at DESC, notices.id DESC
          LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async notice(ex: Executor, id: string, lang: string) {
    const rows = await queryRows<{ id: string; type: string; title: string; body: string; createdAt: Date | string }>(
      ex,
      sql`SELECT id::text AS id, type, coalesce(title->>${lang}, title->>'en') AS title,
                 coalesce(body->>${lang}, body->>'en') AS body, created_at AS "createdAt"
          FROM notices WHERE id = ${id} AND published`,
    );
    return rows[0];
  },

  async carousel(ex: Executor, lang: string) {
    return queryRows<{ id: string; title: string; image: string; link: string }>(
      ex,
      sql`SELECT id::text AS id, coalesce(title->>${lang}, title->>'en') AS title, image, link
          FROM carousel ORDER BY carousel.sort, carousel.id`,
    );
  },
};
