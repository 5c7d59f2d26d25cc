import type { Migration } from './index.js';

/**
 * The `user` channel's journal (ARCHITECTURE §4): each user's events numbered 1, 2, 3… in the transaction that
 * caused them, so a client that reconnects says the last number it saw and gets what it missed. Kept for a short
 * window (pruned); `user_event_heads` keeps each user's last number for good, so numbers never repeat.
 */
export const m0010UserEvents: Migration = {
  version: 10,
  name: 'user events',
  sql: /* sql */ `
CREATE TABLE user_event_heads (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  seq bigint NOT NULL CHECK (seq > 0)
);
CREATE TABLE user_events (
  user_id bigint NOT NULL,
  seq bigint NOT NULL CHECK (seq > 0),
  event jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, seq)
);
CREATE INDEX user_events_created_at ON user_events (created_at);
`,
};
