import type { Migration } from './index.js';

/**
 * The console's user search (`admin/users`) matches any part of an e-mail, or a mobile number with or without its area
 * code, OR-ed with exact uid and invitation code. A `LIKE '%…%'` has no b-tree index, and one branch of an OR without
 * an index makes the whole search a scan of `users`: a trigram index (pg_trgm, in PostgreSQL's contrib and in
 * PGlite's extension bundle, which platform/db.ts loads) serves the e-mail part, and the mobile number alone and with
 * its area code get an index each, so every branch is an index scan and the OR a bitmap of them.
 * pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it without being a superuser.
 */
export const m0031UserSearchIndexes: Migration = {
  version: 31,
  name: 'user-search-indexes',
  sql: /* sql */ `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_email_trgm_idx ON users USING gin (lower(email) gin_trgm_ops);
CREATE INDEX users_mobile_idx ON users (mobile);
CREATE INDEX users_phone_idx ON users ((area_code || mobile));
`,
};
