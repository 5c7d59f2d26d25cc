import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.js';
import { type TestApp, createTestApp, registerUser } from '../../testing.js';
import { userSearchWhere } from './repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/**
 * The console's user search on a large users table: every branch of its OR has an index, a part of an e-mail the
 * trigram one, so the plan is a bitmap OR of index scans, never a scan of `users` whole. The test's table is small,
 * where a scan is cheapest: whole-table reads (a scan, or walking an index with a filter) are priced out, which leaves
 * one in the plan only when some branch has no index to answer it.
 */
async function plan(q: string): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_indexscan = off`);
    await tx.execute(sql`SET LOCAL enable_indexonlyscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      tx,
      sql`EXPLAIN SELECT count(*) FROM users u WHERE ${userSearchWhere(q)}`,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('the user search on a large table', () => {
  it('answers a part of an e-mail, a uid or a mobile number from indexes, never a scan of users', async () => {
    for (let i = 0; i < 3; i++) await registerUser(t);
    for (const q of ['ample.co', 'USER1', '1234567', '+86 138 0000 0000']) {
      const p = await plan(q);
      expect(p, q).not.toMatch(/Seq Scan on users|(?<!Bitmap )Index Scan/);
      expect(p, q).toContain('BitmapOr');
      expect(p, q).toContain('users_email_trgm_idx');
    }
  });
});
