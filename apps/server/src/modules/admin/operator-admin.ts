import type { OperatorAccount, OperatorRole } from '@nexa/contract';
import type { Executor } from '../../platform/db.js';
import { notFound, refused } from '../../platform/errors.js';
import type { AuthOperator } from '../../platform/http.js';
import { recordAudit } from '../../platform/review.js';
import { OperatorCreateError, createOperator } from './operators.js';
import { type OperatorRow, adminRepository as repo } from './repository.js';
import { profileOf } from './service.js';

/**
 * Operator management (admin only, by the role table): create with a role, change a role, disable or enable.
 * Each change is audited with before and after; a changed or disabled operator's sessions end at once, and an
 * admin never changes or disables their own account (the console always keeps the admin who acts).
 */
export class OperatorAdmin {
  constructor(private readonly d: { db: Executor; now: () => Date }) {}

  async list(): Promise<{ list: OperatorAccount[] }> {
    return { list: (await repo.listOperators(this.d.db)).map(accountOf) };
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

function accountOf(r: OperatorRow): OperatorAccount {
  return { ...profileOf(r), disabled: r.disabled, createdAt: new Date(r.created_at).getTime() };
}
