import {
  AUDIT_EXPORT_MAX,
  type AdminSessionData,
  type AuditEntry,
  type OperatorProfile,
  type TotpSetupData,
} from '@nexa/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AuthLimits } from '../../config.js';
import { burnPasswordCheck, newToken, seal, sha256, unseal, verifyPassword } from '../../platform/crypto.js';
import type { Executor } from '../../platform/db.js';
import { invalid, refused, unauthorized } from '../../platform/errors.js';
import type { AuthOperator } from '../../platform/http.js';
import { LoginThrottle, type ThrottleClaim, throttleKeys } from '../../platform/login-throttle.js';
import { recordAudit } from '../../platform/review.js';
import { normalizeOperatorName } from './operators.js';
import { type AuditFilter, type AuditRow, type OperatorRow, adminRepository as repo } from './repository.js';

/** An operator's session behind an ADMIN-TOKEN header. */

export interface AdminAuthDeps {
  db: Executor;
  /** The same counts as user logins: failures per account and per address, lock time and window. */
  limits: AuthLimits;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** Operator sessions are short: a working day. */
  sessionTtlMs?: number;
  /** Seals operators' TOTP secrets at rest (the users' key). */
  totpKey: Buffer;
}

/** Accepted clock drift for a TOTP code: the step before and the step after the server's. */
const TOTP_TOLERANCE_SEC = 30;

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

  async login(body: { username: string; password: string; totpCode?: string | undefined }, ip: string) {
    const { db, now } = this.d;
    const username = normalizeOperatorName(body.username);
    // Counted before the password is looked at, so parallel guesses cannot pass the limit.
    const claim = await this.throttle.claim(throttleKeys('op', username, ip), false, async (lock) => {
      // The attempt that sets a lock is audited (attempts refused while it lasts are not).
      if (lock.lockedNow)
        await this.auditAttempt(username, ip, 'operator.loginLocked', { until: lock.until.getTime() });
    });
    const op = await repo.findOperator(db, username);
    let ok = false;
    if (op) ok = await verifyPassword(op.password_hash, body.password);
    else await burnPasswordCheck(body.password);
    if (!op || !ok) {
      await this.auditAttempt(username, ip, 'operator.loginFailed', { cause: 'password' });
      await this.throttle.failed(claim);
      throw refused('admin.badCredentials');
    }
    // Only someone who knows the password learns that the account is disabled.
    if (op.disabled) throw refused('admin.disabled');
    if (op.totp_secret) await this.checkLoginCode(op, body.totpCode, claim, ip);
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
        ip,
        action: 'operator.login',
        entity: 'operator',
        entityId: op.id,
        before: null,
        after: { ip },
        reason: null,
      });
    });
    const session: AdminSessionData = { token, operator: profileOf(op) };
    return session;
  }

  /** An enrolled operator's login needs the current code (field `totpCode`); a wrong one counts as a failure. */
  private async checkLoginCode(op: OperatorRow, code: string | undefined, claim: ThrottleClaim, ip: string) {
    if (!code) throw invalid([{ field: 'totpCode', reason: 'required' }]);
    const step = await this.stepOf(unseal(this.d.totpKey, Buffer.from(op.totp_secret!)), code);
    if (step === null) {
      await this.auditAttempt(op.username, ip, 'operator.loginFailed', { cause: 'totp' });
      await this.throttle.failed(claim);
      throw refused('twoFactor.invalid');
    }
    if (!(await repo.useTotpStep(this.d.db, op.id, step))) throw refused('twoFactor.used');
  }

  /**
   * A failed or locked-out login, in the audit log: the username typed and the address, never the password or code.
   * An attempt on an operator is on that operator's record; one on a username no operator has names no operator
   * (entity `operator_name`, the name typed as its id), so guessing names shows in the log too. The throttle bounds
   * how many such rows an address can write (it refuses, unaudited, while a lock lasts).
   */
  private async auditAttempt(username: string, ip: string, action: string, after: Record<string, unknown>) {
    const op = await repo.findOperator(this.d.db, username);
    await recordAudit(this.d.db, {
      operatorId: op?.id ?? null,
      attemptedName: username,
      ip,
      action,
      entity: op ? 'operator' : 'operator_name',
      entityId: op?.id ?? username,
      before: null,
      after: { username, ip, ...after },
      reason: null,
    });
  }

  /** A new secret for the signed-in operator to enrol; refused once a second factor is on. */
  async totpSetup(op: AuthOperator): Promise<TotpSetupData> {
    const secret = generateSecret();
    if (!(await repo.setTotpPending(this.d.db, op.id, seal(this.d.totpKey, secret)))) {
      throw refused('twoFactor.alreadyOn');
    }
    return { secret, uri: generateURI({ issuer: 'Nexa console', label: op.username, secret }) };
  }

  /** Confirms enrolment with a code of the shown secret; from then on every login asks for a code. */
  async totpEnable(op: AuthOperator, code: string): Promise<OperatorProfile> {
    const row = await repo.operatorById(this.d.db, op.id);
    if (row?.totp_secret) throw refused('twoFactor.alreadyOn');
    if (!row?.totp_pending) throw refused('twoFactor.noSetup');
    const pending = Buffer.from(row.totp_pending);
    const step = await this.stepOf(unseal(this.d.totpKey, pending), code);
    if (step === null) throw refused('twoFactor.invalid');
    await this.d.db.transaction(async (tx) => {
      if (!(await repo.enableTotp(tx, op.id, pending, step))) throw refused('twoFactor.noSetup');
      await recordAudit(tx, {
        operatorId: op.id,
        action: 'operator.totpEnable',
        entity: 'operator',
        entityId: op.id,
        before: { totpEnabled: false },
        after: { totpEnabled: true },
        reason: null,
      });
    });
    return { id: op.id, username: op.username, role: op.role, totpEnabled: true };
  }

  private async stepOf(secret: string, code: string): Promise<number | null> {
    const epoch = Math.floor(this.d.now().getTime() / 1000);
    const r = await verify({ secret, token: code, epoch, epochTolerance: TOTP_TOLERANCE_SEC });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
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

  /**
   * The operator behind an ADMIN-TOKEN, or null when unknown, expired or revoked. A token that would still be live
   * but for its operator being disabled is refused as that (401 `admin.disabled`): its holder signed in as that
   * operator, and "session expired" would only send them to a login that fails.
   */
  async authenticate(token: string): Promise<AuthOperator | null> {
    const hash = operatorTokenHash(token);
    const s = await repo.findLiveSession(this.d.db, hash, this.d.now());
    if (!s) {
      if (await repo.sessionOfDisabled(this.d.db, hash, this.d.now())) throw unauthorized('admin.disabled');
      return null;
    }
    return {
      id: s.operator_id,
      username: s.username,
      sessionId: s.session_id,
      role: s.role,
      totpEnabled: Boolean(s.totp_enabled),
    };
  }

  me(op: AuthOperator): OperatorProfile {
    return { id: op.id, username: op.username, role: op.role, totpEnabled: op.totpEnabled };
  }

  async auditLog(filter: AuditQuery, page: number, pageSize: number) {
    const { total, list } = await repo.pageAudit(this.d.db, filterOf(filter), pageSize, (page - 1) * pageSize);
    return { list: list.map(toAuditEntry), total, page, pageSize };
  }

  /** The filtered log as CSV (newest first, at most AUDIT_EXPORT_MAX rows), cells safe to open in a spreadsheet. */
  async auditExport(filter: AuditQuery) {
    const rows = await repo.auditRows(this.d.db, filterOf(filter), AUDIT_EXPORT_MAX);
    // A login attempt on an unknown username has no operator: its cell is empty (the name is the entity id).
    const head = ['id', 'time', 'operator', 'action', 'entity', 'entityId', 'orderNo', 'reason', 'before', 'after'];
    const lines = rows
      .map(toAuditEntry)
      .map((e) =>
        [
          e.id,
          new Date(e.createdAt).toISOString(),
          e.operator?.username ?? '',
          e.action,
          e.entity,
          e.entityId,
          e.orderNo ?? '',
          e.reason ?? '',
          JSON.stringify(e.before),
          JSON.stringify(e.after),
        ]
          .map(csvCell)
          .join(','),
      );
    const stamp = this.d.now().toISOString().slice(0, 19).replace(/[-:]/g, '');
    return { filename: `audit-${stamp}.csv`, csv: [head.join(','), ...lines].join('\r\n'), rows: rows.length };
  }
}

export interface AuditQuery {
  entity?: string | undefined;
  entityId?: string | undefined;
  operatorId?: string | undefined;
  action?: string | undefined;
  ip?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filterOf(q: AuditQuery): AuditFilter {
  return { ...q, fromMs: q.from, toMs: q.to };
}

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula is prefixed with an apostrophe. */
function csvCell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** An operator row as the console shows who is signed in. */
export function profileOf(r: OperatorRow): OperatorProfile {
  return { id: r.id, username: r.username, role: r.role, totpEnabled: r.totp_secret !== null };
}

function toAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    operator: r.operator_id === null ? null : { id: r.operator_id, username: r.username ?? '' },
    attemptedName: r.attempted_name,
    ip: r.ip,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    // jsonb arrives parsed from both drivers.
    before: r.before ?? null,
    after: r.after ?? null,
    reason: r.reason,
    createdAt: new Date(r.created_at).getTime(),
    orderNo: r.order_no ?? null,
  };
}
