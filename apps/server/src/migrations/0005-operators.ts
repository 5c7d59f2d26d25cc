import type { Migration } from './index.js';

export const m0005Operators: Migration = {
  version: 5,
  name: 'operators',
  sql: /* sql */ `
-- Operators are not users: their own accounts (created with npm run admin:create), sessions and audit log.
CREATE TABLE operators (
  id            bigserial PRIMARY KEY,
  username      text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  disabled      boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE operator_sessions (
  id          bigserial PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators(id),
  token_hash  text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- Every operator action: who, when, what, the record before and after. Append-only.
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators(id),
  action      text NOT NULL,
  entity      text NOT NULL,
  entity_id   text NOT NULL,
  before      jsonb,
  after       jsonb,
  reason      text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, id DESC);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
`,
};
