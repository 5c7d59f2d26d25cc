import type { Migration } from './index.js';

/**
 * The message centre (issue 16): each user's messages as a kind and its parameters (rendered in the reader's
 * language), keyed by what caused them (`delivery:42:settled`) so a replayed settlement or decision never stores a
 * second one; and the browsers' Web Push subscriptions.
 */
export const m0019Messages: Migration = {
  version: 19,
  name: 'messages',
  sql: /* sql */ `
CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  key text NOT NULL,
  kind text NOT NULL,
  params jsonb NOT NULL,
  link text,
  read_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, key)
);
CREATE INDEX messages_user ON messages (user_id, id DESC);
CREATE INDEX messages_unread ON messages (user_id) WHERE read_at IS NULL;
CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  p256dh text NOT NULL,
  auth text NOT NULL,
  lang text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
`,
};
