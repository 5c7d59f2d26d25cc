import { randomInt } from 'node:crypto';
import type {
  AdminDeposit,
  ChainAddressData,
  CzRecData,
  CzSubmitBody,
  DepositRecord,
  FundingStatusData,
  RechargeOptionsData,
  ReviewStatus,
} from '@nexa/contract';
import { type FundingConfig, depositAddressVariable, missingDepositAddresses } from '../../config.js';
import { type Ledger, fitsScale, money, scaleOf } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import { invalid, notFound, refused } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http.js';
import { runMoneyCall } from '../../platform/money-call.js';
import {
  type ApprovalHook,
  type Decision,
  type Page,
  type ReviewListQuery,
  recordAudit,
} from '../../platform/review.js';
import { uploadBelongsTo } from '../../platform/uploads.js';
import { MESSAGE_LINKS, type MessagePort } from '../messages/index.js';
import { orderNumber, toAdminDeposit, toDepositRecord } from './records.js';
import { fundingRepository as repo } from './repository.js';

export interface DepositsDeps {
  db: Executor;
  ledger: Ledger;
  config: FundingConfig;
  now: () => Date;
  /** In the transaction that approves a deposit (the referral programme qualifies the user). */
  onApproved?: ApprovalHook;
  /** The message centre: the user hears of the decision. */
  messages?: MessagePort;
}

/** A record id as the operator API passes it; anything else cannot name a record. */
export const isRecordId = (id: string) => /^[1-9]\d{0,17}$/.test(id);

/**
 * Deposits: the user sends crypto to the platform's address and submits the amount with a screenshot; an
 * operator checks it and approves (the real spot wallet is credited, once) or rejects with a reason.
 */
export class DepositService {
  constructor(private readonly d: DepositsDeps) {}

  /** Every configured option; a chain without the platform's address is listed as not configured. */
  options(): RechargeOptionsData {
    const { deposits, depositAddresses } = this.d.config;
    return {
      list: deposits.map((o) => ({
        currency: o.currency,
        chains: o.chains.map((c) => ({ ...c, configured: depositAddresses[c.chain] !== undefined })),
      })),
    };
  }

  address(currency: CzSubmitBody['currency'], chain: CzSubmitBody['chain']): ChainAddressData {
    const option = this.option(currency, chain);
    return { currency, chain, address: this.receivingAddress(currency, chain), minAmount: option.minAmount };
  }

  /** For operators: each option, whether its address is set and which variable sets it. */
  status(): FundingStatusData {
    const deposits = this.options().list.flatMap((o) =>
      o.chains.map((c) => ({ currency: o.currency, ...c, variable: depositAddressVariable(c.chain) })),
    );
    return { deposits, missing: missingDepositAddresses(this.d.config) };
  }

  /** A deposit under review; once per requestId. Always the real account: deposits are real money. */
  async submit(user: AuthUser, body: CzSubmitBody): Promise<DepositRecord> {
    const option = this.option(body.currency, body.chain);
    const address = this.receivingAddress(body.currency, body.chain);
    const amount = money(body.amount);
    if (amount.lte(0)) throw invalid([{ field: 'amount', reason: 'invalid' }]);
    if (!fitsScale(amount, body.currency)) {
      throw refused('money.tooManyDecimals', { decimals: scaleOf(body.currency) });
    }
    if (amount.lt(option.minAmount)) {
      throw refused('deposit.belowMin', { min: option.minAmount, currency: body.currency });
    }
    const userId = BigInt(user.id);
    const { requestId, ...rest } = body;
    // Deposits are real money whatever account the user is looking at.
    const actor = { userId, mode: 'real' as const };
    const input = { ...rest, amount: amount.toFixed() };
    return runMoneyCall(this.d, { actor, wallet: 'spot', scope: 'index/czSubmit', requestId, input }, async (tx) => {
      if (!(await uploadBelongsTo(tx, userId, body.screenshot))) {
        throw invalid([{ field: 'screenshot', reason: 'invalid' }]);
      }
      const now = this.d.now();
      const row = await repo.insertDeposit(tx, {
        orderNo: orderNumber('D', now, randomInt(1e10)),
        userId,
        currency: body.currency,
        chain: body.chain,
        address,
        amount: amount.toFixed(),
        screenshot: body.screenshot,
        now,
      });
      return toDepositRecord(row);
    });
  }

  async records(user: AuthUser, page: number, pageSize: number): Promise<CzRecData> {
    const { total, list } = await repo.pageUserDeposits(this.d.db, BigInt(user.id), pageSize, (page - 1) * pageSize);
    return { list: list.map(toDepositRecord), total, page, pageSize };
  }

  // ── Operator side ─────────────────────────────────────────────────────────────────────────────────────────

  async list(q: ReviewListQuery): Promise<Page<AdminDeposit>> {
    const { total, list } = await repo.pageDeposits(this.d.db, q.status, q.pageSize, (q.page - 1) * q.pageSize);
    return { list: list.map(toAdminDeposit), total };
  }

  /** Credits the user's real spot wallet from the system 'deposits' account, exactly once. */
  approve(id: string, decision: Decision): Promise<AdminDeposit> {
    return this.decide(id, decision, 'approved', async (tx, row) => {
      const posted = await this.d.ledger.transfer(tx, {
        debit: { system: 'deposits', mode: 'real', currency: row.currency },
        credit: { userId: BigInt(row.userId), mode: 'real', wallet: 'spot', currency: row.currency },
        amount: money(row.amount),
        types: { debit: 'deposit', credit: 'deposit' },
        ref: `deposit:${row.orderNo}`,
      });
      return posted.transferId;
    });
  }

  reject(id: string, decision: Decision): Promise<AdminDeposit> {
    return this.decide(id, decision, 'failed', async () => null);
  }

  private async decide(
    id: string,
    decision: Decision,
    status: Exclude<ReviewStatus, 'review'>,
    move: (
      tx: Executor,
      row: { userId: string; currency: AdminDeposit['currency']; amount: string; orderNo: string },
    ) => Promise<string | null>,
  ): Promise<AdminDeposit> {
    if (!isRecordId(id)) throw notFound();
    return this.d.db.transaction(async (tx) => {
      const row = await repo.lockDeposit(tx, id);
      if (!row) throw notFound();
      if (row.status !== 'review') throw refused('review.alreadyDecided');
      const before = toAdminDeposit(row);
      const transferId = await move(tx, {
        userId: row.user_id,
        currency: before.currency,
        amount: row.amount,
        orderNo: row.order_no,
      });
      await repo.decideDeposit(tx, id, {
        status,
        reason: decision.reason,
        operatorId: decision.operatorId,
        transferId,
        now: this.d.now(),
      });
      if (status === 'approved') await this.d.onApproved?.(tx, BigInt(row.user_id));
      const after = toAdminDeposit((await repo.lockDeposit(tx, id))!);
      await this.d.messages?.notify(tx, row.user_id, {
        key: `deposit:${id}:${status}`,
        kind: status === 'approved' ? 'deposit.approved' : 'deposit.rejected',
        params: {
          amount: after.amount,
          currency: after.currency,
          orderNo: row.order_no,
          reason: decision.reason ?? '',
        },
        link: MESSAGE_LINKS.depositRecords,
      });
      await recordAudit(tx, {
        operatorId: decision.operatorId,
        action: status === 'approved' ? 'deposit.approve' : 'deposit.reject',
        entity: 'deposit',
        entityId: id,
        before,
        after,
        reason: decision.reason,
      });
      return after;
    });
  }

  /** The platform's address on `chain`; refused while the operator has not configured one. */
  private receivingAddress(currency: CzSubmitBody['currency'], chain: CzSubmitBody['chain']): string {
    const address = this.d.config.depositAddresses[chain];
    if (!address) throw refused('deposit.notConfigured', { currency, chain }, { reason: 'deposit.notConfigured' });
    return address;
  }

  private option(currency: CzSubmitBody['currency'], chain: CzSubmitBody['chain']) {
    const found = this.d.config.deposits.find((o) => o.currency === currency)?.chains.find((c) => c.chain === chain);
    if (!found) throw refused('deposit.unsupported', { currency, chain });
    return found;
  }
}
