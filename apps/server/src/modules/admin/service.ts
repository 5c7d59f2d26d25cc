import type { AdminSessionData, AuditEntry, Operator } from '@nexa/contract';
import type { AuthLimits } from '../../config.js';
import { burnPasswordCheck, newToken, sha256, verifyPassword } from '../../platform/crypto.js';
import type { Executor } from '../../platform/db.js';
import { refused } from '../../platform/errors.js';
import type { AuthOperator } from '../../platform/http.js';
import { LoginThrottle, throttleKeys } from '../../platform/login-throttle.js';
import { recordAudit } from '../../platform/review.js';
import { normalizeOperatorName } from './operators.js';
import { type AuditRow, adminRepository as repo } from './repository.js';

/** An operator's session behind an ADMIN-TOKEN header. */

export interface AdminAuthDeps {
  db: Executor;
  /** The same counts as user logins: failures per account and per address, lock time and window. */
  limits: AuthLimits;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** Operator sessions are short: a working day. */
  sessionTtlMs?: number;
}

export const ADMIN_SESSION_TTL_MS = 12 * 3_600_000;

/** Stored as hex text (operator_sessions.token_hash); the raw token is never stored. */
export const operatorTokenHash = (token: string) => sha256(`operator\n${token}`).toString('hex');

/** Operator login, sessions and the audit log. */
export class AdminAuthService {
  private readonly ttlMs: number;
  private readonly throttle: LoginThrottle;

  constructor(private readonly d: AdminAuthDeps) {
    this.ttlMs = d.sessionTtlMs ?? ADMIN_SESSION_TTL_MS;
    this.throttle = new LoginThrottle(d);
  }

  async login(body: { username: string; password: string }, ip: string): Promise<AdminSessionData> {
    const { db, now } = this.d;
    const username = normalizeOperatorName(body.username);
    // Counted before the password is looked at, so parallel guesses cannot pass the limit.
    const claim = await this.throttle.claim(throttleKeys('op', username, ip), false);
    const op = await repo.findOperator(db, username);
    let ok = false;
    if (op) ok = await verifyPassword(op.password_hash, body.password);
    else await burnPasswordCheck(body.password);
    if (!op || !ok) {
      await this.throttle.failed(claim);
      throw refused('admin.badCredentials');
    }
    // Only someone who knows the password learns that the account is disabled.
    if (op.disabled) throw refused('admin.disabled');
    const token = newToken();
    const at = now();
    await db.transaction(async (tx) => {
      await this.throttle.succeeded(tx, claim);
      await repo.insertSession(tx, {
        operatorId: op.id,
        tokenHash: operatorTokenHash(token),
        now: at,
        expiresAt: new Date(at.getTime() + this.ttlMs),
      });
      await recordAudit(tx, {
        operatorId: op.id,
        action: 'operator.login',
        entity: 'operator',
        entityId: op.id,
        before: null,
        after: { ip },
        reason: null,
      });
    });
    return { token, operator: { id: op.id, username: op.username } };
  }

  async logout(op: AuthOperator): Promise<null> {
    await this.d.db.transaction(async (tx) => {
      await repo.revokeSession(tx, op.sessionId, this.d.now());
      await recordAudit(tx, {
        operatorId: op.id,
        action: 'operator.logout',
        entity: 'operator',
        entityId: op.id,
        before: null,
        after: null,
        reason: null,
      });
    });
    return null;
  }

  /** The operator behind an ADMIN-TOKEN, or null when unknown, expired, revoked or disabled. */
  async authenticate(token: string): Promise<AuthOperator | null> {
    const s = await repo.findLiveSession(this.d.db, operatorTokenHash(token), this.d.now());
    return s ? { id: s.operator_id, username: s.username, sessionId: s.session_id } : null;
  }

  me(op: AuthOperator): Operator {
    return { id: op.id, username: op.username };
  }

  async auditLog(
    filter: { entity?: string | undefined; entityId?: string | undefined },
    page: number,
    pageSize: number,
  ) {
    const { total, list } = await repo.pageAudit(
      this.d.db,
      {
        ...(filter.entity ? { entity: filter.entity } : {}),
        ...(filter.entityId ? { entityId: filter.entityId } : {}),
      },
      pageSize,
      (page - 1) * pageSize,
    );
    return { list: list.map(toAuditEntry), total, page, pageSize };
  }
}

function toAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    operator: { id: r.operator_id, username: r.username },
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    // jsonb arrives parsed from both drivers.
    before: r.before ?? null,
    after: r.after ?? null,
    reason: r.reason,
    createdAt: new Date(r.created_at).getTime(),
  };
}
