import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.js';
import { type Database, openDatabase, queryRows } from './platform/db.js';
import { TEST_IMAGE_ENV } from './test-image.setup.js';
import { createTestDatabase } from './testing.js';

/** What the migrations made: every column, index, constraint, trigger and function, and the versions applied. */
async function schemaOf(database: Database) {
  const rows = (q: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(database.db, q);
  return {
    versions: (await rows(sql`SELECT version FROM schema_migrations ORDER BY version`)).map((r) => r.version),
    columns: await rows(sql`
      SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
      WHERE table_schema = 'public' ORDER BY table_name, column_name`),
    indexes: await rows(sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`),
    constraints: await rows(sql`
      SELECT conrelid::regclass::text AS rel, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`),
    triggers: await rows(sql`
      SELECT tgrelid::regclass::text AS rel, tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2`),
    functions: await rows(sql`
      SELECT proname, md5(prosrc) AS src FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1, 2`),
  };
}

describe('test databases', () => {
  it(
    'start with every migration applied, the same schema as migrating from nothing',
    { timeout: 120_000 },
    async () => {
      const test = await createTestDatabase();
      try {
        const schema = await schemaOf(test);
        expect(schema.versions).toEqual(migrations.map((m) => m.version));
        if (test.kind === 'pglite') {
          // The run made the image first (test-image.setup.ts), and this database was loaded from it.
          expect(process.env[TEST_IMAGE_ENV]).toMatch(/nexa-pglite-[0-9a-f]{16}\.tar$/);
          const fresh = await openDatabase({});
          try {
            expect(schema).toEqual(await schemaOf(fresh));
          } finally {
            await fresh.close();
          }
        }
        expect(schema.columns.length).toBeGreaterThan(100);
      } finally {
        await test.close();
      }
    },
  );
});
