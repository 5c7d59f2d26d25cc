import type { Migration } from './index.js';

/**
 * Failed operator logins on a username no operator has (guessing names) are audited too. Such a row names no
 * operator: `operator_id` becomes nullable, and a row without one must name the username typed (`attempted_name`).
 * `ip` is the address of a login attempt (known or unknown name), so the log is filtered by address and an address
 * lock can be read against the attempts behind it. Existing rows are untouched (the log stays append-only).
 */
export const m0030LoginAttemptsAudit: Migration = {
  version: 30,
  name: 'login-attempts-audit',
  sql: /* sql */ `
ALTER TABLE audit_log ALTER COLUMN operator_id DROP NOT NULL;
ALTER TABLE audit_log ADD COLUMN attempted_name text;
ALTER TABLE audit_log ADD COLUMN ip text;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_names_someone
  CHECK (operator_id IS NOT NULL OR attempted_name IS NOT NULL);
CREATE INDEX audit_log_ip_idx ON audit_log (ip, id DESC) WHERE ip IS NOT NULL;
`,
};
