import { LOCKED_ADDRESSES_MAX, type LockedAddress, type OperatorAccount, type OperatorRole } from '@nexa/contract';
import type { AuthLimits } from '../../config.js';
import { hashPassword } from '../../platform/crypto.js';
import type { Executor } from '../../platform/db.js';
import { notFound, refused } from '../../platform/errors.js';
import type { AuthOperator } from '../../platform/http.js';
import { LoginThrottle } from '../../platform/login-throttle.js';
import { recordAudit } from '../../platform/review.js';
import { OperatorCreateError, createOperator, operatorPasswordProblem } from './operators.js';
import { type OperatorRow, adminRepository as repo } from './repository.js';
import { profileOf } from './service.js';

/**
 * Operator management (admin only, by the role table): create with a role, change a role, disable or enable.
 * Each change is audited with before and after; a changed or disabled operator's sessions end at once, and an
 * admin never changes or disables their own account (the console always keeps the admin who acts).
 */
/** Operators' login throttle keys (modules/admin/service.ts): `op:acct:<username>` and `op:acct:<username>|<ip>`. */
const OP_ACCT = 'op:acct:';

export class OperatorAdmin {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly d: { db: Executor; now: () => Date; limits: AuthLimits; sleep: (ms: number) => Promise<void> },
  ) {
    this.throttle = new LoginThrottle(d);
  }

  /** Every operator, with the end of a login lock on them (failed logins from any address) while one lasts. */
  async list(): Promise<{ list: OperatorAccount[] }> {
    const locks = await this.throttle.accountLocks(this.d.db, OP_ACCT);
    const rows = await repo.listOperators(this.d.db);
    return { list: rows.map((r) => accountOf(r, locks.get(r.username))) };
  }

  /** Lifts the login locks on an operator (from every address) and forgets their failed attempts; audited. */
  async unlock(by: AuthOperator, b: { id: string; reason: string }): Promise<OperatorAccount> {
    return this.d.db.transaction(async (tx) => {
      const row = await repo.operatorById(tx, b.id, true);
      if (!row) throw notFound();
      const lock = (await this.throttle.accountLocks(tx, OP_ACCT)).get(row.username);
      await this.throttle.clearAccount(tx, `${OP_ACCT}${row.username}`);
      await recordAudit(tx, {
        operatorId: by.id,
        action: 'operator.unlock',
        entity: 'operator',
        entityId: row.id,
        before: { lockedUntil: lock?.getTime() ?? null },
        after: { lockedUntil: null },
        reason: b.reason,
      });
      return accountOf(row);
    });
  }

  /**
   * Addresses locked for failing on many accounts (admin only, by the role table). Unlocking an operator does not lift
   * them: an address lock is a spray across accounts, and lifting it reopens guessing on every account from there,
   * so it is its own decision, on the address, with its own reason.
   */
  async lockedAddresses(): Promise<{ list: LockedAddress[] }> {
    const locks = await this.throttle.addressLocks(this.d.db, LOCKED_ADDRESSES_MAX);
    return { list: locks.map((l) => ({ ...l, lockedUntil: l.lockedUntil.getTime() })) };
  }

  /** Lifts an address's lock and forgets its failures; audited (entity `address`, the address as id) with the reason. */
  async unlockAddress(by: AuthOperator, b: { scope: 'user' | 'operator'; ip: string; reason: string }) {
    return this.d.db.transaction(async (tx) => {
      const until = await this.throttle.clearAddress(tx, b.scope === 'operator' ? 'op' : 'user', b.ip);
      if (!until) throw notFound();
      await recordAudit(tx, {
        operatorId: by.id,
        ip: b.ip,
        action: 'address.unlock',
        entity: 'address',
        entityId: b.ip,
        before: { scope: b.scope, lockedUntil: until.getTime() },
        after: { scope: b.scope, lockedUntil: null },
        reason: b.reason,
      });
      return { lockedUntil: null };
    });
  }

  /**
   * Sets another operator's password (they forgot it): the operators' password rules apply, their sessions end and
   * any login lock is lifted. The audit row says that it changed, never the password.
   */
  async resetPassword(by: AuthOperator, b: { id: string; password: string; reason: string }): Promise<OperatorAccount> {
    if (b.id === by.id) throw refused('admin.selfChange');
    const target = await repo.operatorById(this.d.db, b.id);
    if (!target) throw notFound();
    if (operatorPasswordProblem(target.username, b.password)) throw refused('admin.weakPassword');
    const hash = await hashPassword(b.password);
    return this.d.db.transaction(async (tx) => {
      const row = await repo.operatorById(tx, b.id, true);
      if (!row) throw notFound();
      await repo.setPasswordHash(tx, row.id, hash);
      await repo.revokeOperatorSessions(tx, row.id, this.d.now());
      await this.throttle.clearAccount(tx, `${OP_ACCT}${row.username}`);
      await recordAudit(tx, {
        operatorId: by.id,
        action: 'operator.resetPassword',
        entity: 'operator',
        entityId: row.id,
        before: null,
        after: { passwordChanged: true, sessionsEnded: true },
        reason: b.reason,
      });
      return accountOf(row);
    });
  }

  /**
   * Turns another operator's authenticator off (a lost phone; never one's own): they log in with the password alone
   * and may enrol again. Their sessions end; audited with whether one was on.
   */
  async resetTotp(by: AuthOperator, b: { id: string; reason: string }): Promise<OperatorAccount> {
    if (b.id === by.id) throw refused('admin.selfChange');
    return this.d.db.transaction(async (tx) => {
      const row = await repo.operatorById(tx, b.id, true);
      if (!row) throw notFound();
      const wasOn = row.totp_secret !== null;
      await repo.clearTotp(tx, row.id);
      await repo.revokeOperatorSessions(tx, row.id, this.d.now());
      await recordAudit(tx, {
        operatorId: by.id,
        action: 'operator.resetTotp',
        entity: 'operator',
        entityId: row.id,
        before: { totpEnabled: wasOn },
        after: { totpEnabled: false, sessionsEnded: true },
        reason: b.reason,
      });
      return accountOf({ ...row, totp_secret: null, totp_pending: null });
    });
  }

  async create(by: AuthOperator, body: { username: string; password: string; role: OperatorRole }) {
    try {
      const op = await createOperator(this.d.db, { ...body, createdBy: by.id }, this.d.now);
      const row = await repo.operatorById(this.d.db, op.id);
      return accountOf(row!);
    } catch (err) {
      if (!(err instanceof OperatorCreateError)) throw err;
      throw refused(err.taken ? 'admin.operatorExists' : 'admin.weakPassword');
    }
  }

  setRole(by: AuthOperator, b: { id: string; role: OperatorRole; reason: string }) {
    return this.change(by, b.id, b.reason, 'operator.setRole', async (tx, row) => {
      await repo.setRole(tx, row.id, b.role);
      return { ...row, role: b.role };
    });
  }

  setDisabled(by: AuthOperator, b: { id: string; disabled: boolean; reason: string }) {
    return this.change(by, b.id, b.reason, b.disabled ? 'operator.disable' : 'operator.enable', async (tx, row) => {
      await repo.setDisabled(tx, row.id, b.disabled);
      return { ...row, disabled: b.disabled };
    });
  }

  private async change(
    by: AuthOperator,
    id: string,
    reason: string,
    action: string,
    apply: (tx: Executor, row: OperatorRow) => Promise<OperatorRow>,
  ): Promise<OperatorAccount> {
    if (id === by.id) throw refused('admin.selfChange');
    return this.d.db.transaction(async (tx) => {
      const row = await repo.operatorById(tx, id, true);
      if (!row) throw notFound();
      const after = await apply(tx, row);
      await repo.revokeOperatorSessions(tx, id, this.d.now());
      await recordAudit(tx, {
        operatorId: by.id,
        action,
        entity: 'operator',
        entityId: id,
        before: { role: row.role, disabled: row.disabled },
        after: { role: after.role, disabled: after.disabled },
        reason,
      });
      return accountOf(after);
    });
  }
}

function accountOf(r: OperatorRow, lockedUntil?: Date): OperatorAccount {
  return {
    ...profileOf(r),
    disabled: r.disabled,
    createdAt: new Date(r.created_at).getTime(),
    lockedUntil: lockedUntil?.getTime() ?? null,
  };
}
