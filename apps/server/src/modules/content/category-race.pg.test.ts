import type { AdminContentItem } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../platform/db.js';
import { type TestApp, call, createTestApp, createTestDatabase, loginOperator } from '../../testing.js';

/**
 * An operator saves an article into a help category while another deletes that category. Only one of them may win,
 * and the other is refused in the operator's language with nothing written: never an internal error from the
 * foreign key, never an article without its category. The two transactions must really overlap, so this always
 * runs on PostgreSQL (`.pg.test.ts`); the embedded database runs one transaction at a time.
 */
const ROUNDS = 12;

let t: TestApp;
let database: Database;
let op: string;
beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  t = await createTestApp({}, {}, database);
  op = (await loginOperator(t)).token;
});
afterAll(async () => {
  await t?.close();
  await database?.close();
});

const admin = <T = unknown>(path: string, body: object) => call<T>(t.app, path, body, { 'ADMIN-TOKEN': op });
const rows = (q: ReturnType<typeof sql>) => queryRows<{ id: string }>(database.db, q);

describe('a help category deleted while an article is saved into it', () => {
  it('one call wins, the other is refused cleanly and leaves nothing, round after round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const cat = await admin<AdminContentItem>('admin/saveContent', {
        kind: 'category',
        title: { en: `Race ${round}` },
      });
      const categoryId = cat.data.id;
      const title = `Raced article ${round}`;
      const save = () =>
        admin<AdminContentItem>('admin/saveContent', {
          kind: 'article',
          categoryId,
          title: { en: title },
          body: { en: 'Written while its category was deleted.' },
          faq: false,
        });
      const remove = () => admin('admin/deleteContent', { kind: 'category', id: categoryId });
      // Each round the other call is sent first, so both orders meet.
      const [saved, removed] =
        round % 2 === 0
          ? await Promise.all([save(), remove()])
          : await Promise.all([remove(), save()]).then(([r, s]) => [s, r] as const);

      const articles = await rows(sql`SELECT id::text AS id FROM help_articles WHERE title->>'en' = ${title}`);
      const categories = await rows(sql`SELECT id::text AS id FROM help_categories WHERE id = ${categoryId}`);
      const audits = await rows(
        sql`SELECT action AS id FROM audit_log
            WHERE (action = 'content.category.delete' AND entity_id = ${categoryId})
               OR (action = 'content.article.create' AND after->'title'->>'en' = ${title})`,
      );
      if (saved.code === 1) {
        expect(removed, `round ${round}`).toMatchObject({
          code: 0,
          msg: 'This category still has articles: delete them or move them to another category first',
        });
        expect(articles.map((a) => a.id)).toEqual([saved.data.id]);
        expect(categories).toHaveLength(1);
        expect(audits.map((a) => a.id)).toEqual(['content.article.create']);
      } else {
        expect(saved, `round ${round}`).toMatchObject({
          code: 400,
          msg: 'This category does not exist (it may just have been deleted)',
          data: { fields: [{ field: 'categoryId', reason: 'invalid' }] },
        });
        expect(removed.code, `round ${round}: ${removed.msg}`).toBe(1);
        expect(articles).toEqual([]);
        expect(categories).toEqual([]);
        expect(audits.map((a) => a.id)).toEqual(['content.category.delete']);
      }
    }
  });
});
