import type {
  BankCard,
  Chain,
  Lang,
  SaveUserAddressBody,
  SaveUserBankBody,
  UserAddressData,
  WithdrawalAddress,
  WithdrawalPasswordBody,
} from '@nexa/contract';
import { hashPassword, verifyPassword } from '../../platform/crypto.js';
import type { Executor } from '../../platform/db.js';
import { type AppError, invalid, refused } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http.js';
import { t } from '../../platform/i18n/translate.js';
import { type Messenger, sendNotice } from '../../platform/messenger.js';
import { maskAddress, ms, toBankCard, toWithdrawalAddress, utcMinute } from './records.js';
import { type PasswordRow, fundingRepository as repo } from './repository.js';

/** Wrong withdrawal passwords before the password is locked, the window they are counted in, the lock. */
export const PASSWORD_MAX_FAILURES = 5;
export const PASSWORD_WINDOW_MS = 15 * 60_000;
export const PASSWORD_LOCK_MS = 15 * 60_000;

/** Throws unless the user has 2FA off or `code` is a good, unused one (the accounts module answers). */
export type SecondFactorCheck = (userId: bigint, code: string | undefined) => Promise<void>;

export interface BindingsDeps {
  db: Executor;
  now: () => Date;
  messenger: Messenger;
  /** A newly bound or replaced address is usable only after this many hours. */
  addressDelayHours: number;
  /** The platform's own receiving addresses: a withdrawal there would pay the platform back to itself. */
  platformAddresses: Partial<Record<Chain, string>>;
  secondFactor: SecondFactorCheck;
}

/** Thrown inside a transaction when the withdrawal password is wrong; the caller counts it after rolling back. */
export class WrongWithdrawalPassword extends Error {
  constructor() {
    super('wrong withdrawal password');
  }
}

/** Where withdrawals go (one address per chain, one bank card) and the withdrawal password that guards them. */
export class BindingService {
  constructor(private readonly d: BindingsDeps) {}

  /**
   * Binds or replaces the address of a chain. A new address is usable only after the configured delay and the user
   * is told (e-mail or SMS); the same address with another label keeps its time and sends nothing.
   */
  async saveAddress(user: AuthUser, body: SaveUserAddressBody, lang: Lang): Promise<WithdrawalAddress> {
    this.refusePlatformAddress(body.address);
    const userId = BigInt(user.id);
    await this.d.secondFactor(userId, body.totpCode);
    const now = this.d.now();
    const { row, isNew } = await this.d.db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      const before = (await repo.addresses(tx, userId)).find((a) => a.chain === body.chain);
      const isNew = before?.address !== body.address;
      const usableAt = isNew ? new Date(now.getTime() + this.d.addressDelayHours * 3_600_000) : before!.usable_at;
      const saved = await repo.saveAddress(tx, userId, { ...body, usableAt: new Date(ms(usableAt)), now });
      return { row: saved, isNew };
    });
    const bound = toWithdrawalAddress(row);
    if (isNew) await this.notifyBinding(userId, bound, lang);
    return bound;
  }

  /** Refuses a withdrawal to an address still in its waiting time, saying from when it can be used. */
  assertUsable(bound: WithdrawalAddress): void {
    if (bound.usableAt > this.d.now().getTime()) {
      throw refused('withdrawal.addressNotYetUsable', { chain: bound.chain, time: utcMinute(bound.usableAt) });
    }
  }

  /** The notice of a new binding, after its commit. Best effort: a failed send never undoes the binding. */
  private async notifyBinding(userId: bigint, a: WithdrawalAddress, lang: Lang): Promise<void> {
    const to = await repo.recipient(this.d.db, userId);
    if (!to) return;
    const params = {
      chain: a.chain,
      label: a.label ?? '',
      address: maskAddress(a.address),
      time: utcMinute(a.usableAt),
    };
    await sendNotice(this.d.messenger, to, { scene: 'address-bound', key: 'addressBound', lang, params });
  }

  /** A field error on `address` when it is one of the platform's deposit addresses (of any chain). */
  refusePlatformAddress(address: string): void {
    const own = Object.values(this.d.platformAddresses).some((a) => a?.toLowerCase() === address.toLowerCase());
    if (own) throw invalid([{ field: 'address', reason: 'invalid' }]);
  }

  async addresses(user: AuthUser): Promise<UserAddressData> {
    return { list: (await repo.addresses(this.d.db, BigInt(user.id))).map(toWithdrawalAddress) };
  }

  async saveBank(user: AuthUser, body: SaveUserBankBody): Promise<BankCard> {
    const { totpCode, ...card } = body;
    await this.d.secondFactor(BigInt(user.id), totpCode);
    return toBankCard(await repo.saveBank(this.d.db, BigInt(user.id), { ...card, now: this.d.now() }));
  }

  async bank(user: AuthUser): Promise<BankCard | null> {
    const row = await repo.bank(this.d.db, BigInt(user.id));
    return row ? toBankCard(row) : null;
  }

  /**
   * Sets the withdrawal password the first time; afterwards changing it needs the current one, which counts
   * towards the same wrong-attempt lock as withdrawals (otherwise this call would be a free guessing oracle).
   */
  async setPassword(user: AuthUser, body: WithdrawalPasswordBody): Promise<null> {
    const userId = BigInt(user.id);
    // Setting it the first time changes nothing an attacker could use; changing it is guarded like a withdrawal.
    if (await this.hasPassword(this.d.db, userId)) await this.d.secondFactor(userId, body.totpCode);
    const refusal = await this.d.db.transaction(async (tx): Promise<AppError | null> => {
      await repo.lockUser(tx, userId);
      const current = await repo.password(tx, userId);
      if (current) {
        if (!body.oldPassword) throw invalid([{ field: 'oldPassword', reason: 'required' }]);
        this.assertNotLocked(current);
        if (!(await verifyPassword(current.password_hash, body.oldPassword))) {
          return this.countFailure(tx, userId, 'withdrawalPassword.oldWrong');
        }
      }
      await repo.setPassword(tx, userId, await hashPassword(body.password), this.d.now());
      return null;
    });
    // The counted failure commits; the refusal is thrown after it.
    if (refusal) throw refusal;
    return null;
  }

  async hasPassword(ex: Executor, userId: bigint): Promise<boolean> {
    return (await repo.password(ex, userId)) !== undefined;
  }

  /** Checks the password in the caller's transaction: refuses while locked, throws WrongWithdrawalPassword. */
  async checkPassword(ex: Executor, userId: bigint, row: PasswordRow, password: string): Promise<void> {
    this.assertNotLocked(row);
    if (!(await verifyPassword(row.password_hash, password))) throw new WrongWithdrawalPassword();
    // The row was read in this transaction under the user's lock: with nothing counted, there is nothing to clear.
    if (Number(row.failures) > 0 || row.locked_until !== null) await repo.clearFailures(ex, userId);
  }

  /** Records a wrong attempt (locking after the last allowed one) and returns the refusal to show. */
  async countFailure(
    ex: Executor,
    userId: bigint,
    key: 'withdrawalPassword.wrong' | 'withdrawalPassword.oldWrong',
  ): Promise<AppError> {
    const now = this.d.now();
    const failures = await repo.addFailure(ex, userId, now, PASSWORD_WINDOW_MS);
    if (failures >= PASSWORD_MAX_FAILURES) {
      await repo.lockPassword(ex, userId, new Date(now.getTime() + PASSWORD_LOCK_MS));
      return refused('withdrawalPassword.locked', { minutes: Math.ceil(PASSWORD_LOCK_MS / 60_000) });
    }
    return refused(key, { left: PASSWORD_MAX_FAILURES - failures });
  }

  private assertNotLocked(row: PasswordRow) {
    if (row.locked_until === null) return;
    const left = ms(row.locked_until) - this.d.now().getTime();
    if (left > 0) throw refused('withdrawalPassword.locked', { minutes: Math.ceil(left / 60_000) });
  }
}
