import { sql } from 'drizzle-orm';
import type { AuthLimits } from '../config.js';
import { type Executor, queryRows } from './db.js';
import { tooMany } from './errors.js';

/**
 * Password guessing limits for user and operator logins and the old-password check (ASVS V2.2).
 *
 * Each attempt is counted atomically BEFORE the password is checked (one upsert per key returning the new
 * count), so parallel guesses cannot exceed a limit: the (max + 1)-th attempt in a window locks the key and is
 * refused without looking at the password. A success gives its slot back.
 *
 * Keys, so that knowing someone's e-mail is not enough to lock them out:
 * - `pair`: the account from this address: 5 attempts, then that address is locked out of that account.
 * - `ip`: the address on any account: 30 attempts, then the address is locked.
 * - `acct`: the account from anywhere: slows every failure down (250 ms per failure past the second, at most
 *   2 s) and, past a high cap, locks out addresses the account has never logged in from. An owner on an address
 *   that logged in before is never locked out by failures elsewhere.
 *
 * The table is shared by users and operators (operators' keys start with `op:`); its `failures` column counts
 * attempts that were not (yet) given back. This module is the only one that writes it.
 */

export interface ThrottleKeys {
  pair: string;
  ip: string;
  acct: string;
}

export interface LoginThrottleDeps {
  db: Executor;
  limits: AuthLimits;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

/** What a claim counted: read by `failed` (slow-down) and `succeeded` (give the slot back). */
export interface ThrottleClaim {
  keys: ThrottleKeys;
  accountAttempts: number;
}

interface Counted {
  attempts: number;
  lockedUntil: Date | null;
  /** This attempt set the lock (it passed the limit now), rather than meeting one already in place. */
  lockedNow: boolean;
}

/** An address locked for failures across accounts. */
export interface AddressLock {
  scope: 'user' | 'operator';
  ip: string;
  failures: number;
  lockedUntil: Date;
}

/** A lock an attempt met: until when, and whether this very attempt set it (for the operators' audit log). */
export interface LockMet {
  until: Date;
  lockedNow: boolean;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export class LoginThrottle {
  constructor(private readonly d: LoginThrottleDeps) {}

  /**
   * Counts one attempt on each key and throws 429 (with the minutes left) when any key the caller is subject to
   * is over its limit. `knownAddress`: the account has logged in from this address before, so the account-wide
   * cap does not apply to it. `onLocked` hears of the lock before the refusal is thrown (operator logins audit it).
   */
  async claim(
    keys: ThrottleKeys,
    knownAddress: boolean,
    onLocked?: (lock: LockMet) => Promise<void>,
  ): Promise<ThrottleClaim> {
    const { limits } = this.d;
    const now = this.d.now();
    const [pair, ip, acct] = [
      await this.count(keys.pair, limits.loginAccountMaxFailures, now),
      await this.count(keys.ip, limits.loginIpMaxFailures, now),
      await this.count(keys.acct, limits.loginAccountHardMaxFailures, now),
    ];
    const binding = [pair, ip, ...(knownAddress ? [] : [acct])];
    const live = binding.filter((c) => (c.lockedUntil?.getTime() ?? 0) > now.getTime());
    const locks = live.map((c) => c.lockedUntil!.getTime());
    if (locks.length > 0) {
      await onLocked?.({ until: new Date(Math.max(...locks)), lockedNow: live.some((c) => c.lockedNow) });
      const minutes = Math.max(1, Math.ceil((Math.max(...locks) - now.getTime()) / 60_000));
      throw tooMany('auth.locked', { minutes });
    }
    return { keys, accountAttempts: acct.attempts };
  }

  /**
   * One key on its own (a second factor: `2fa:<userId>`), counted before the code is checked like the others;
   * refuses with the minutes left once over `max` in the window. `release` gives the slots back after a success.
   */
  async claimKey(key: string, max: number): Promise<void> {
    const now = this.d.now();
    const { lockedUntil } = await this.count(key, max, now);
    if (lockedUntil && lockedUntil.getTime() > now.getTime()) {
      throw tooMany('auth.locked', {
        minutes: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000)),
      });
    }
  }

  async release(ex: Executor, key: string): Promise<void> {
    await ex.execute(sql`DELETE FROM login_throttle WHERE key = ${key} AND locked_until IS NULL`);
  }

  /** After a wrong password: answers later the more the account has failed (per account, not per address). */
  async failed(claim: ThrottleClaim): Promise<void> {
    const over = claim.accountAttempts - 2;
    if (over > 0) await this.d.sleep(Math.min(over, 8) * this.d.limits.loginSlowdownStepMs);
  }

  /** After the right password, in the caller's transaction: the account's counts go, the address gets its slot back. */
  async succeeded(ex: Executor, claim: ThrottleClaim): Promise<void> {
    const { pair, ip, acct } = claim.keys;
    await ex.execute(sql`DELETE FROM login_throttle WHERE key IN (${pair}, ${acct})`);
    await ex.execute(
      sql`UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key = ${ip} AND locked_until IS NULL`,
    );
  }

  /** Forgets an account's failures (a password reset by code proves ownership). */
  async clearAccount(ex: Executor, acctKey: string): Promise<void> {
    await ex.execute(sql`DELETE FROM login_throttle WHERE key = ${acctKey} OR starts_with(key, ${`${acctKey}|`})`);
  }

  /**
   * The live locks on accounts of one scope (`op:acct:`): each account (the key up to '|') with the latest end of a
   * lock on it, from any address.
   */
  async accountLocks(ex: Executor, acctPrefix: string): Promise<Map<string, Date>> {
    const rows = await queryRows<{ key: string; locked_until: Date | string }>(
      ex,
      sql`SELECT key, locked_until FROM login_throttle
          WHERE starts_with(key, ${acctPrefix}) AND locked_until > ${ts(this.d.now())}`,
    );
    const out = new Map<string, Date>();
    for (const r of rows) {
      const account = r.key.slice(acctPrefix.length).split('|')[0]!;
      const until = new Date(r.locked_until);
      if (!out.has(account) || out.get(account)!.getTime() < until.getTime()) out.set(account, until);
    }
    return out;
  }

  /**
   * The addresses locked now for failing on many accounts (`ip:` users', `op:ip:` operators'), latest lock first, at
   * most `limit`: what an operator may lift when an office behind one address is locked out.
   */
  async addressLocks(ex: Executor, limit: number): Promise<AddressLock[]> {
    const rows = await queryRows<{ key: string; failures: number; locked_until: Date | string }>(
      ex,
      sql`SELECT key, failures, locked_until FROM login_throttle
          WHERE (starts_with(key, 'ip:') OR starts_with(key, 'op:ip:')) AND locked_until > ${ts(this.d.now())}
          ORDER BY locked_until DESC, key LIMIT ${limit}`,
    );
    return rows.map((r) => {
      const operator = r.key.startsWith('op:');
      return {
        scope: operator ? 'operator' : 'user',
        ip: r.key.slice(operator ? 'op:ip:'.length : 'ip:'.length),
        failures: Number(r.failures),
        lockedUntil: new Date(r.locked_until),
      };
    });
  }

  /**
   * Lifts an address's lock and forgets its count (the per-account locks on that address stay: they are the
   * accounts' own). Answers the end of the lock it lifted, or null when the address was not locked.
   */
  async clearAddress(ex: Executor, scope: 'user' | 'op', ip: string): Promise<Date | null> {
    const key = throttleKeys(scope, '', ip).ip;
    const rows = await queryRows<{ locked_until: Date | string | null }>(
      ex,
      sql`DELETE FROM login_throttle WHERE key = ${key} RETURNING locked_until`,
    );
    const until = rows[0]?.locked_until;
    return until && new Date(until).getTime() > this.d.now().getTime() ? new Date(until) : null;
  }

  /**
   * One atomic upsert: a live lock keeps its count; an expired lock or window starts a new window; else +1.
   * Passing `max` locks the key for the lock time, in the same statement.
   */
  private async count(key: string, max: number, now: Date): Promise<Counted> {
    const { loginWindowMs, loginLockMs } = this.d.limits;
    const floor = ts(new Date(now.getTime() - loginWindowMs));
    const lock = ts(new Date(now.getTime() + loginLockMs));
    const live = sql`t.locked_until > ${ts(now)}`;
    const fresh = sql`(t.locked_until IS NOT NULL OR t.window_start_at < ${floor})`;
    const next = sql`CASE WHEN ${live} THEN t.failures WHEN ${fresh} THEN 1 ELSE t.failures + 1 END`;
    const rows = await queryRows<{ attempts: number; locked_until: Date | string | null; was_locked: boolean }>(
      this.d.db,
      sql`WITH before AS (SELECT locked_until FROM login_throttle WHERE key = ${key})
          INSERT INTO login_throttle AS t (key, failures, window_start_at, locked_until)
          VALUES (${key}, 1, ${ts(now)}, CASE WHEN 1 > ${max} THEN ${lock} END)
          ON CONFLICT (key) DO UPDATE SET
            failures = ${next},
            window_start_at = CASE WHEN ${live} THEN t.window_start_at WHEN ${fresh} THEN ${ts(now)}
                                   ELSE t.window_start_at END,
            locked_until = CASE WHEN ${live} THEN t.locked_until WHEN ${next} > ${max} THEN ${lock} END
          RETURNING failures AS attempts, locked_until,
            coalesce((SELECT b.locked_until > ${ts(now)} FROM before b), false) AS was_locked`,
    );
    const row = rows[0]!;
    const lockedUntil = row.locked_until ? new Date(row.locked_until) : null;
    // The statement's snapshot (the CTE) shows the row as it was: a lock live before was set by an earlier attempt.
    const lockedNow = lockedUntil !== null && !row.was_locked;
    return { attempts: Number(row.attempts), lockedUntil, lockedNow };
  }
}

/** The keys of a login to `account` (already normalised) from `ip`; `scope` separates users from operators. */
export function throttleKeys(scope: 'user' | 'op', account: string, ip: string): ThrottleKeys {
  const p = scope === 'op' ? 'op:' : '';
  return { pair: `${p}acct:${account}|${ip}`, ip: `${p}ip:${ip}`, acct: `${p}acct:${account}` };
}
