import type {
  BankCard,
  Chain,
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
import { ms, toBankCard } from './records.js';
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

  async saveAddress(user: AuthUser, body: SaveUserAddressBody): Promise<WithdrawalAddress> {
    this.refusePlatformAddress(body.address);
    await this.d.secondFactor(BigInt(user.id), body.totpCode);
    const row = await repo.saveAddress(this.d.db, BigInt(user.id), body.chain, body.address, this.d.now());
    return { chain: row.chain as Chain, address: row.address, updatedAt: ms(row.updated_at) };
  }

  /** A field error on `address` when it is one of the platform's deposit addresses (of any chain). */
  refusePlatformAddress(address: string): void {
    const own = Object.values(this.d.platformAddresses).some((a) => a?.toLowerCase() === address.toLowerCase());
    if (own) throw invalid([{ field: 'address', reason: 'invalid' }]);
  }

  async addresses(user: AuthUser): Promise<UserAddressData> {
    const rows = await repo.addresses(this.d.db, BigInt(user.id));
    return { list: rows.map((r) => ({ chain: r.chain as Chain, address: r.address, updatedAt: ms(r.updated_at) })) };
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
    await repo.clearFailures(ex, userId);
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
