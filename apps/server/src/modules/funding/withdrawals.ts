import { randomInt } from 'node:crypto';
import {
  type AdminWithdrawal,
  CURRENCIES,
  Code,
  type Currency,
  type PaymentData,
  type ReviewStatus,
  type TbRecData,
  type TbSubmitBody,
  type WithdrawalMethod,
  type WithdrawalRecord,
} from '@nexa/contract';
import { withdrawalFee } from '@nexa/rules';
import type { FundingConfig } from '../../config.js';
import { InsufficientFunds, type Ledger, type Money, fitsScale, money, scaleOf } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import { AppError, invalid, notFound, refused } from '../../platform/errors.js';
import { userFreezes } from '../../platform/freezes.js';
import type { AuthUser } from '../../platform/http.js';
import { hasOutcome, idempotent } from '../../platform/idempotency/index.js';
import type { PriceSource } from '../../platform/prices.js';
import { type Decision, type Page, type ReviewListQuery, recordAudit } from '../../platform/review.js';
import { MESSAGE_LINKS, type MessagePort } from '../messages/index.js';
import { type BindingService, type SecondFactorCheck, WrongWithdrawalPassword } from './bindings.js';
import { isRecordId } from './deposits.js';
import { orderNumber, toAdminWithdrawal, toWithdrawalAddress, toWithdrawalRecord } from './records.js';
import { type BankRow, fundingRepository as repo } from './repository.js';

/** Whether the user's basic identity verification is done; the identity domain answers, in the caller's tx. */
export type IdentityCheck = (ex: Executor, userId: bigint) => Promise<boolean>;

export interface WithdrawalsDeps {
  db: Executor;
  ledger: Ledger;
  config: FundingConfig;
  prices: PriceSource;
  bindings: BindingService;
  identityVerified: IdentityCheck;
  secondFactor: SecondFactorCheck;
  now: () => Date;
  /** The message centre: the user hears of the decision. */
  messages?: MessagePort;
}

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Withdrawals: checked in the order the user meets them (identity 402, withdrawal password 403, a bound
 * address or card, the password itself, min/max in USD, the daily count, the balance), then amount + fee is
 * frozen in the real spot wallet until an operator pays it out (approve) or releases it (reject).
 */
export class WithdrawalService {
  constructor(private readonly d: WithdrawalsDeps) {}

  async payment(user: AuthUser): Promise<PaymentData> {
    const c = this.d.config;
    const userId = BigInt(user.id);
    const ex = this.d.db;
    const [usedToday, hasPassword, verified, bank, addresses, freezes] = await Promise.all([
      repo.countWithdrawalsSince(ex, userId, startOfUtcDay(this.d.now())),
      this.d.bindings.hasPassword(ex, userId),
      this.d.identityVerified(ex, userId),
      repo.bank(ex, userId),
      repo.addresses(ex, userId),
      userFreezes(ex, userId),
    ]);
    return {
      methods: c.bank ? ['crypto', 'bank'] : ['crypto'],
      currencies: c.withdrawals.map((o) => ({ currency: o.currency, chains: [...o.chains] })),
      bankCurrency: c.bankCurrency,
      minUsd: c.minUsd,
      maxUsd: c.maxUsd,
      feePercent: c.feePercent,
      dailyLimit: c.dailyLimit,
      usedToday,
      hasWithdrawalPassword: hasPassword,
      identityVerified: verified,
      bankBound: bank !== undefined,
      boundChains: addresses.map((a) => a.chain as PaymentData['boundChains'][number]),
      withdrawalsFrozen: freezes.withdrawals,
    };
  }

  async submit(user: AuthUser, body: TbSubmitBody): Promise<WithdrawalRecord> {
    this.checkOffered(body);
    const amount = money(body.amount);
    if (amount.lte(0)) throw invalid([{ field: 'amount', reason: 'invalid' }]);
    if (!fitsScale(amount, body.currency)) {
      throw refused('money.tooManyDecimals', { decimals: scaleOf(body.currency) });
    }
    const userId = BigInt(user.id);
    // The password never enters the idempotency hash: a stored hash of six digits would give it away.
    const { requestId, withdrawalPassword: _password, totpCode, ...rest } = body;
    // A repeat of an answered call returns its first answer: its code was checked then (and is used up now).
    if (!(await hasOutcome(this.d.db, userId, requestId))) await this.d.secondFactor(userId, totpCode);
    const key = { userId, requestId, scope: 'index/tbSubmit', body: { ...rest, amount: amount.toFixed() } };
    const outcome = await this.d.db.transaction(async (tx) => {
      // One withdrawal of a user at a time: the daily count and the balance are read and used under this lock.
      await repo.lockUser(tx, userId);
      try {
        const record = await tx.transaction((sp) => idempotent(sp, key, () => this.place(sp, userId, body, amount)));
        return { record };
      } catch (err) {
        if (!(err instanceof WrongWithdrawalPassword)) throw err;
        // Everything the attempt did is rolled back to the savepoint; the failure itself is kept.
        return { refusal: await this.d.bindings.countFailure(tx, userId, 'withdrawalPassword.wrong') };
      }
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome.record;
  }

  async records(user: AuthUser, page: number, pageSize: number): Promise<TbRecData> {
    const { total, list } = await repo.pageUserWithdrawals(this.d.db, BigInt(user.id), pageSize, (page - 1) * pageSize);
    return { list: list.map((r) => toWithdrawalRecord(r)), total, page, pageSize };
  }

  // ── Operator side ─────────────────────────────────────────────────────────────────────────────────────────

  async list(q: ReviewListQuery): Promise<Page<AdminWithdrawal>> {
    const { total, list } = await repo.pageWithdrawals(this.d.db, q.status, q.pageSize, (q.page - 1) * q.pageSize);
    return { list: list.map(toAdminWithdrawal), total };
  }

  /** Pays out: the amount leaves for 'withdrawals', the fee for 'fees'. */
  approve(id: string, decision: Decision): Promise<AdminWithdrawal> {
    return this.decide(id, decision, 'approved', (tx, holdId, part) =>
      this.d.ledger.post(tx, holdId, part === 'fee' ? 'withdrawal_fee' : 'withdrawal_paid'),
    );
  }

  /** Releases amount and fee back to the user's available balance. */
  reject(id: string, decision: Decision): Promise<AdminWithdrawal> {
    return this.decide(id, decision, 'failed', (tx, holdId) => this.d.ledger.void(tx, holdId, 'withdrawal_refund'));
  }

  private async decide(
    id: string,
    decision: Decision,
    status: Exclude<ReviewStatus, 'review'>,
    resolve: (tx: Executor, holdId: string, part: 'amount' | 'fee') => Promise<unknown>,
  ): Promise<AdminWithdrawal> {
    if (!isRecordId(id)) throw notFound();
    return this.d.db.transaction(async (tx) => {
      const row = await repo.lockWithdrawal(tx, id);
      if (!row) throw notFound();
      if (row.status !== 'review') throw refused('review.alreadyDecided');
      const before = toAdminWithdrawal(row);
      await resolve(tx, row.hold_id, 'amount');
      if (row.fee_hold_id) await resolve(tx, row.fee_hold_id, 'fee');
      await repo.decideWithdrawal(tx, id, {
        status,
        reason: decision.reason,
        operatorId: decision.operatorId,
        now: this.d.now(),
      });
      const after = toAdminWithdrawal((await repo.lockWithdrawal(tx, id))!);
      await this.d.messages?.notify(tx, row.user_id, {
        key: `withdrawal:${id}:${status}`,
        kind: status === 'approved' ? 'withdrawal.approved' : 'withdrawal.rejected',
        params: {
          amount: after.amount,
          currency: after.currency,
          orderNo: after.orderNo,
          reason: decision.reason ?? '',
        },
        link: MESSAGE_LINKS.withdrawalRecords,
      });
      await recordAudit(tx, {
        operatorId: decision.operatorId,
        action: status === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject',
        entity: 'withdrawal',
        entityId: id,
        before,
        after,
        reason: decision.reason,
      });
      return after;
    });
  }

  /** The checks and the hold, in the user's transaction (savepoint), in the order the user meets them. */
  private async place(tx: Executor, userId: bigint, body: TbSubmitBody, amount: Money): Promise<WithdrawalRecord> {
    const c = this.d.config;
    // Read under the user's lock: a freeze committed before this point stops the withdrawal.
    if ((await userFreezes(tx, userId)).withdrawals) throw refused('funding.withdrawalsFrozen');
    if (!(await this.d.identityVerified(tx, userId))) {
      throw new AppError(Code.VERIFICATION_REQUIRED, 'withdrawal.verificationRequired');
    }
    const password = await repo.password(tx, userId);
    if (!password) throw new AppError(Code.WITHDRAWAL_PASSWORD_REQUIRED, 'withdrawal.passwordRequired');
    let address: string | null = null;
    let bank: BankRow | null = null;
    if (body.method === 'crypto') {
      const chain = body.chain!;
      const bound = (await repo.addresses(tx, userId)).find((a) => a.chain === chain);
      if (!bound) throw refused('withdrawal.addressNotBound', { chain });
      address = bound.address;
      if (body.address && body.address !== address) throw refused('withdrawal.addressMismatch', { chain });
      // Bound before the address became the platform's (configuration changes): still never paid out to it.
      this.d.bindings.refusePlatformAddress(address);
      this.d.bindings.assertUsable(toWithdrawalAddress(bound));
    } else {
      bank = (await repo.bank(tx, userId)) ?? null;
      if (!bank) throw refused('withdrawal.bankNotBound');
    }
    await this.d.bindings.checkPassword(tx, userId, password, body.withdrawalPassword);

    const usd = amount.times(this.usdPrice(body.currency));
    if (usd.lt(c.minUsd)) throw refused('withdrawal.belowMin', { min: c.minUsd, max: c.maxUsd });
    if (usd.gt(c.maxUsd)) throw refused('withdrawal.aboveMax', { min: c.minUsd, max: c.maxUsd });
    const now = this.d.now();
    if ((await repo.countWithdrawalsSince(tx, userId, startOfUtcDay(now))) >= c.dailyLimit) {
      throw refused('withdrawal.dailyLimit', { max: c.dailyLimit });
    }

    // The user pays the fee: rounded up to the currency's scale.
    const fee = withdrawalFee(amount, c.feePercent, scaleOf(body.currency));
    const orderNo = orderNumber('W', now, randomInt(1e10));
    const from = { userId, mode: 'real' as const, wallet: 'spot' as const, currency: body.currency };
    const types = { debit: 'withdrawal_freeze', credit: 'withdrawal_freeze' };
    const ref = `withdrawal:${orderNo}`;
    let holdId: string;
    let feeHoldId: string | null = null;
    try {
      holdId = (
        await this.d.ledger.hold(tx, {
          debit: from,
          credit: { system: 'withdrawals', mode: 'real', currency: body.currency },
          amount,
          types,
          ref,
        })
      ).transferId;
      if (fee.gt(0)) {
        feeHoldId = (
          await this.d.ledger.hold(tx, {
            debit: from,
            credit: { system: 'fees', mode: 'real', currency: body.currency },
            amount: fee,
            types: { debit: 'withdrawal_fee', credit: 'withdrawal_fee' },
            ref,
          })
        ).transferId;
      }
    } catch (err) {
      if (err instanceof InsufficientFunds) throw refused('money.insufficient');
      throw err;
    }
    const row = await repo.insertWithdrawal(tx, {
      orderNo,
      userId,
      method: body.method,
      currency: body.currency,
      chain: body.method === 'crypto' ? body.chain! : null,
      address,
      bank,
      amount: amount.toFixed(),
      fee: fee.toFixed(),
      usdValue: usd.toFixed(),
      holdId,
      feeHoldId,
      now,
    });
    return toWithdrawalRecord(row);
  }

  /** Input the configuration does not offer is refused before anything else is looked at. */
  private checkOffered(body: TbSubmitBody) {
    const c = this.d.config;
    const method: WithdrawalMethod = body.method;
    if (method === 'bank') {
      if (!c.bank) throw invalid([{ field: 'method', reason: 'invalid' }]);
      if (body.currency !== c.bankCurrency) throw refused('withdrawal.bankCurrency', { currency: c.bankCurrency });
      return;
    }
    const chains = c.withdrawals.find((o) => o.currency === body.currency)?.chains ?? [];
    if (!chains.includes(body.chain!)) {
      throw refused('withdrawal.unsupported', { currency: body.currency, chain: body.chain! });
    }
  }

  /** What one unit is worth in USD: stablecoins at par, others at the latest market price. */
  private usdPrice(currency: Currency): Money {
    if (CURRENCIES[currency].stable) return money(1);
    const price = this.d.prices.usdtPrice(currency);
    if (!price || price.lte(0)) throw refused('withdrawal.priceUnavailable', { currency });
    return price;
  }
}
