import type { Migration } from './index.js';

/**
 * Customer service (issue 16): the outside channels operators configure (one row; the environment's values fill it
 * on first start), and support conversations: one per user (reopened when they write again), one per visitor
 * message (answered by e-mail). Messages are plain text with up to four uploaded images.
 */
export const m0020Support: Migration = {
  version: 20,
  name: 'support',
  sql: `
CREATE TABLE support_channels (
  id          smallint PRIMARY KEY CHECK (id = 1),
  email       text,
  telegram    text,
  whatsapp    text,
  chat_url    text,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE support_conversations (
  id            bigserial PRIMARY KEY,
  user_id       bigint REFERENCES users(id),
  visitor_email text,
  lang          text,
  status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  assignee_id   bigint REFERENCES operators(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (visitor_email IS NULL))
);
CREATE UNIQUE INDEX support_conversations_user_idx ON support_conversations (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX support_conversations_inbox_idx ON support_conversations (status, updated_at DESC, id DESC);

CREATE TABLE support_messages (
  id              bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES support_conversations(id),
  author          text NOT NULL CHECK (author IN ('user', 'visitor', 'operator')),
  operator_id     bigint REFERENCES operators(id),
  body            text NOT NULL CHECK (char_length(body) <= 2000),
  images          jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((author = 'operator') = (operator_id IS NOT NULL))
);
CREATE INDEX support_messages_conversation_idx ON support_messages (conversation_id, id DESC);
`,
};
