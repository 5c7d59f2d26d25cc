import type { Migration } from './index.js';
import { SEED_ARTICLES, SEED_CATEGORIES } from './seed/help-articles.js';

const json = (v: unknown) => `'${JSON.stringify(v).replace(/'/g, "''")}'::jsonb`;
const text = (v: string) => `'${v.replace(/'/g, "''")}'`;

const categories = SEED_CATEGORIES.map((c, i) => `(${text(c.slug)}, ${json(c.title)}, ${i + 1})`).join(',\n  ');
const articles = SEED_ARTICLES.map(
  (a, i) =>
    `((SELECT id FROM help_categories WHERE slug = ${text(a.category)}), ${json(a.title)}, ${json(a.body)}, ${a.faq}, ${i + 1})`,
).join(',\n  ');

/**
 * Content operators manage (issue 16): announcements get a pinned flag, an order and per-user read marks; banners
 * can be unpublished; help articles in categories, seeded with the help centre a fresh database starts with.
 */
export const m0018HelpContent: Migration = {
  version: 18,
  name: 'help content',
  sql: /* sql */ `
ALTER TABLE notices ADD COLUMN pinned boolean NOT NULL DEFAULT false;
ALTER TABLE notices ADD COLUMN sort integer NOT NULL DEFAULT 0;
ALTER TABLE notices ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX notices_list_idx ON notices (type, pinned DESC, sort, created_at DESC);
UPDATE notices SET pinned = true WHERE type = 'notice' AND title->>'en' = 'Welcome to Nexa';

CREATE TABLE notice_reads (
  user_id   bigint NOT NULL REFERENCES users(id),
  notice_id bigint NOT NULL REFERENCES notices(id),
  read_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, notice_id)
);

ALTER TABLE carousel ADD COLUMN published boolean NOT NULL DEFAULT true;
ALTER TABLE carousel ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE TABLE help_categories (
  id         bigserial PRIMARY KEY,
  slug       text UNIQUE,
  title      jsonb NOT NULL,
  sort       integer NOT NULL DEFAULT 0,
  published  boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE help_articles (
  id          bigserial PRIMARY KEY,
  category_id bigint NOT NULL REFERENCES help_categories(id),
  title       jsonb NOT NULL,
  body        jsonb NOT NULL,
  faq         boolean NOT NULL DEFAULT false,
  sort        integer NOT NULL DEFAULT 0,
  published   boolean NOT NULL DEFAULT true,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_articles_category_idx ON help_articles (category_id, sort, id);

INSERT INTO help_categories (slug, title, sort) VALUES
  ${categories};

INSERT INTO help_articles (category_id, title, body, faq, sort) VALUES
  ${articles};
`,
};
