import { type Adjustment, type AdjustmentStatus, type ProposeAdjustmentBody, walletCurrencies } from '@nexa/contract';
import { InsufficientFunds, type Ledger, type UserAccount, fitsScale, money, scaleOf } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import { invalid, notFound, refused } from '../../platform/errors.js';
import { recordAudit } from '../../platform/review.js';
import { MESSAGE_LINKS, type MessagePort } from '../messages/index.js';
import { type AdjustmentRow, adjustmentsRepository as repo } from './adjustments-repository.js';

export interface AdjustmentsDeps {
  db: Executor;
  ledger: Ledger;
  now: () => Date;
  /** The message centre (registered after this module, so looked up when an approval needs it). */
  messages?: () => MessagePort | undefined;
}

/**
 * Balance corrections with four eyes (issue 17): one operator proposes (user, wallet, mode, currency, signed amount,
 * reason; the requestId makes a retried proposal the same one), another decides. An approval posts one ledger
 * transfer of change type `adjustment` against the `adjustments` system account, in the transaction that marks the
 * proposal approved under its row lock: however many operators approve at once, one posting. A debit never takes
 * a user below zero: one larger than the wallet's available balance is refused when proposed, and the ledger
 * refuses one the balance has fallen below since (the proposal stays pending). The user is told of an approved one
 * in its transaction (`balance.adjusted`: the signed amount, the wallet and the proposal's reason).
 */
export class AdjustmentsService {
  constructor(private readonly d: AdjustmentsDeps) {}

  async propose(b: ProposeAdjustmentBody, operatorId: string): Promise<Adjustment> {
    const amount = money(b.amount);
    if (amount.isZero() || !fitsScale(amount.abs(), b.currency))
      throw invalid([{ field: 'amount', reason: 'invalid' }]);
    if (!walletCurrencies(b.wallet).includes(b.currency)) throw invalid([{ field: 'currency', reason: 'invalid' }]);
    return this.d.db.transaction(async (tx) => {
      const userId = await repo.userIdByUid(tx, b.uid);
      if (!userId) throw invalid([{ field: 'uid', reason: 'invalid' }]);
      // A debit larger than what the wallet holds could never be approved: refused now rather than left waiting.
      // The approval checks again, in its own transaction (the balance may have fallen since).
      if (amount.lt(0) && amount.abs().gt(await this.available(tx, userId, b))) {
        const earlier = await repo.byRequest(tx, operatorId, b.requestId);
        if (earlier) return this.replay(tx, operatorId, b, amount.toFixed());
        throw invalid([{ field: 'amount', reason: 'insufficient' }]);
      }
      const input = { ...b, amount: amount.toFixed(), requestId: b.requestId, userId, proposedBy: operatorId };
      const id = await repo.insert(tx, { ...input, at: this.d.now() });
      if (!id) return this.replay(tx, operatorId, b, amount.toFixed());
      const row = (await repo.get(tx, id))!;
      await this.audit(tx, operatorId, 'adjustment.propose', null, row, b.reason);
      return toAdjustment(row);
    });
  }

  /** What the user's wallet (mode, wallet, currency) holds available now; nothing for a wallet never used. */
  private async available(tx: Executor, userId: string, b: ProposeAdjustmentBody) {
    const balances = await this.d.ledger.balances(tx, BigInt(userId), b.mode);
    return money(balances.find((x) => x.wallet === b.wallet && x.currency === b.currency)?.available ?? '0');
  }

  /** A proposal's requestId used again: the same proposal's answer, or a refusal if the input differs. */
  private async replay(tx: Executor, operatorId: string, b: ProposeAdjustmentBody, amount: string) {
    const row = (await repo.byRequest(tx, operatorId, b.requestId))!;
    const same =
      Number(row.uid) === b.uid &&
      row.wallet === b.wallet &&
      row.mode === b.mode &&
      row.currency === b.currency &&
      money(row.amount).eq(amount) &&
      row.reason === b.reason;
    if (!same) throw refused('idempotency.mismatch');
    return toAdjustment(row);
  }

  async approve(id: string, operatorId: string, reason: string | undefined): Promise<Adjustment> {
    return this.d.db.transaction(async (tx) => {
      const row = await this.pending(tx, id, operatorId);
      const amount = money(row.amount);
      const user: UserAccount = {
        userId: BigInt(row.user_id),
        mode: row.mode as UserAccount['mode'],
        wallet: row.wallet as UserAccount['wallet'],
        currency: row.currency as UserAccount['currency'],
      };
      const system = { system: 'adjustments' as const, mode: user.mode, currency: user.currency };
      const credit = amount.gt(0);
      let transferId: string;
      try {
        const posted = await this.d.ledger.transfer(tx, {
          debit: credit ? system : user,
          credit: credit ? user : system,
          amount: amount.abs(),
          types: { debit: 'adjustment', credit: 'adjustment' },
          ref: `balance_adjustment:${id}`,
        });
        transferId = posted.transferId;
      } catch (err) {
        if (err instanceof InsufficientFunds) throw refused('money.insufficient');
        throw err;
      }
      await this.d.messages?.()?.notify(tx, row.user_id, {
        key: `adjustment:${id}`,
        kind: 'balance.adjusted',
        params: {
          amount: (credit ? '+' : '') + amount.toFixed(scaleOf(user.currency)),
          currency: user.currency,
          wallet: user.wallet,
          mode: user.mode,
          reason: row.reason,
        },
        link: MESSAGE_LINKS.changeRecord,
      });
      return this.decided(tx, row, { status: 'approved', operatorId, reason, transferId });
    });
  }

  async reject(id: string, operatorId: string, reason: string): Promise<Adjustment> {
    return this.d.db.transaction(async (tx) => {
      const row = await this.pending(tx, id, operatorId);
      return this.decided(tx, row, { status: 'rejected', operatorId, reason, transferId: null });
    });
  }

  async list(q: { status?: AdjustmentStatus | undefined; page: number; pageSize: number }) {
    const page = await repo.list(this.d.db, q.status, q.page, q.pageSize);
    return { list: page.list.map(toAdjustment), total: page.total, page: q.page, pageSize: q.pageSize };
  }

  /** The proposal, locked, still pending, and proposed by someone else than `operatorId`. */
  private async pending(tx: Executor, id: string, operatorId: string): Promise<AdjustmentRow> {
    const row = await repo.get(tx, id, true);
    if (!row) throw notFound();
    if (row.proposed_by === operatorId) throw refused('adjustment.ownProposal');
    if (row.status !== 'pending') throw refused('review.alreadyDecided');
    return row;
  }

  private async decided(
    tx: Executor,
    before: AdjustmentRow,
    d: { status: AdjustmentStatus; operatorId: string; reason: string | undefined; transferId: string | null },
  ): Promise<Adjustment> {
    await repo.decide(tx, before.id, { ...d, reason: d.reason ?? null, at: this.d.now() });
    const after = (await repo.get(tx, before.id))!;
    await this.audit(
      tx,
      d.operatorId,
      `adjustment.${d.status === 'approved' ? 'approve' : 'reject'}`,
      before,
      after,
      d.reason,
    );
    return toAdjustment(after);
  }

  private async audit(
    tx: Executor,
    operatorId: string,
    action: string,
    before: AdjustmentRow | null,
    after: AdjustmentRow,
    reason: string | undefined,
  ) {
    const view = (r: AdjustmentRow | null) => (r ? toAdjustment(r) : null);
    await recordAudit(tx, {
      operatorId,
      action,
      entity: 'adjustment',
      entityId: after.id,
      before: view(before),
      after: view(after),
      reason: reason ?? null,
    });
  }
}

function toAdjustment(r: AdjustmentRow): Adjustment {
  return {
    id: r.id,
    uid: Number(r.uid),
    userId: r.user_id,
    email: r.email,
    mobile: r.mobile ? `+${r.area_code ?? ''} ${r.mobile}` : null,
    wallet: r.wallet as Adjustment['wallet'],
    mode: r.mode as Adjustment['mode'],
    currency: r.currency as Adjustment['currency'],
    amount: money(r.amount).toFixed(scaleOf(r.currency as Adjustment['currency'])),
    reason: r.reason,
    status: r.status,
    proposedBy: r.proposed_by,
    proposedByName: r.proposed_by_name,
    decidedBy: r.decided_by,
    decidedByName: r.decided_by_name,
    decisionReason: r.decision_reason,
    transferId: r.transfer_id,
    createdAt: Number(r.created_ms),
    decidedAt: r.decided_ms === null ? null : Number(r.decided_ms),
  };
}
