import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  type RecoveryCodesData,
  type TotpSetupData,
} from '@nexa/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import { randomInt, seal, sha256, unseal } from '../../platform/crypto.js';
import type { Executor } from '../../platform/db.js';
import { invalid, refused } from '../../platform/errors.js';
import type { LoginThrottle } from '../../platform/login-throttle.js';
import { securityRepository as repo } from './security-repository.js';

export interface TwoFactorDeps {
  db: Executor;
  now: () => Date;
  /** Seals the secrets at rest (AES-256-GCM). */
  key: Buffer;
  throttle: LoginThrottle;
  /** Wrong codes per user in the login window before 2FA checks are locked for the lock time. */
  maxAttempts: number;
}

const ISSUER = 'Nexa';
/** Accepted clock drift: the step before and the step after the server's. */
const TOLERANCE_SEC = 30;

/**
 * TOTP two-factor authentication (RFC 6238, otplib) with one-time recovery codes. Every check is counted before the
 * code is looked at (per user, like the login and the verification codes), and a step once accepted is never
 * accepted again, so a code seen over a shoulder or replayed within its 30 s is refused.
 */
export class TwoFactor {
  constructor(private readonly d: TwoFactorDeps) {}

  async isOn(ex: Executor, userId: bigint): Promise<boolean> {
    return Boolean((await repo.security(ex, userId))?.totpSecret);
  }

  /** A new secret to enrol (replacing one shown before and never confirmed); refused while 2FA is on. */
  async setup(userId: bigint, label: string): Promise<TotpSetupData> {
    const secret = generateSecret();
    if (!(await repo.setPendingSecret(this.d.db, userId, seal(this.d.key, secret)))) {
      throw refused('twoFactor.alreadyOn');
    }
    return { secret, uri: generateURI({ issuer: ISSUER, label, secret }) };
  }

  /** Confirms enrolment with a code of the shown secret; answers the recovery codes, once (only hashes are kept). */
  async enable(userId: bigint, code: string): Promise<RecoveryCodesData> {
    const row = await repo.security(this.d.db, userId);
    if (row?.totpSecret) throw refused('twoFactor.alreadyOn');
    if (!row?.totpPending) throw refused('twoFactor.noSetup');
    const pending = row.totpPending;
    await this.d.throttle.claimKey(throttleKey(userId), this.d.maxAttempts);
    const step = await this.stepOf(unseal(this.d.key, pending), code);
    if (step === null) throw refused('twoFactor.invalid');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCode());
    await this.d.db.transaction(async (tx) => {
      if (!(await repo.enable(tx, userId, pending, step, this.d.now()))) throw refused('twoFactor.noSetup');
      await repo.replaceRecoveryCodes(
        tx,
        userId,
        codes.map((c) => recoveryHash(userId, c)),
      );
      await this.d.throttle.release(tx, throttleKey(userId));
    });
    return { recoveryCodes: codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`) };
  }

  /** Turns 2FA off with a code or a recovery code; the secret and the recovery codes are deleted. */
  async disable(userId: bigint, code: string): Promise<void> {
    await this.check(userId, code, true);
    await repo.disable(this.d.db, userId);
  }

  /** For the calls 2FA guards: nothing when it is off; else the code is required (field `totpCode`) and checked. */
  async require(userId: bigint, code: string | undefined): Promise<void> {
    if (!(await this.isOn(this.d.db, userId))) return;
    if (!code) throw invalid([{ field: 'totpCode', reason: 'required' }]);
    await this.check(userId, code, false);
  }

  /**
   * Checks a code (six digits; or, when `allowRecovery`, a normalised recovery code, used up by this check).
   * Throws the refusal to show; a success gives the counted attempts back.
   */
  async check(userId: bigint, code: string, allowRecovery: boolean): Promise<void> {
    const row = await repo.security(this.d.db, userId);
    if (!row?.totpSecret) throw refused('twoFactor.notOn');
    const key = throttleKey(userId);
    await this.d.throttle.claimKey(key, this.d.maxAttempts);
    if (/^\d{6}$/.test(code)) {
      const step = await this.stepOf(unseal(this.d.key, row.totpSecret), code);
      if (step !== null && !(await repo.useStep(this.d.db, userId, step))) throw refused('twoFactor.used');
      if (step === null) throw refused('twoFactor.invalid');
    } else if (
      !allowRecovery ||
      !(await repo.useRecoveryCode(this.d.db, userId, recoveryHash(userId, code), this.d.now()))
    ) {
      throw refused('twoFactor.invalid');
    }
    await this.d.throttle.release(this.d.db, key);
  }

  async recoveryCodesLeft(ex: Executor, userId: bigint): Promise<number> {
    return repo.recoveryCodesLeft(ex, userId);
  }

  /** The 30 s step `code` belongs to (within one step of the server's clock), or null. */
  private async stepOf(secret: string, code: string): Promise<number | null> {
    const epoch = Math.floor(this.d.now().getTime() / 1000);
    const r = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SEC });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  }
}

const throttleKey = (userId: bigint) => `2fa:${userId}`;

/** 10 characters of a 32-letter alphabet: 50 bits, so SHA-256 (salted with the user) is enough to store it. */
function recoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return s;
}

const recoveryHash = (userId: bigint, code: string) => sha256(`recovery\n${userId}\n${code}`);
