import { sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const ms = (v: Date | string) => new Date(v).getTime();

export interface SecurityRow {
  antiPhishing: string | null;
  totpSecret: Buffer | null;
  totpPending: Buffer | null;
  totpLastStep: number | null;
}

export interface SessionRow {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: number;
  lastSeenAt: number;
}

export interface LoginEventRow {
  id: string;
  at: number;
  ip: string;
  userAgent: string;
  success: boolean;
}

/** The security centre's SQL: 2FA, recovery codes, login challenges, the login history, sessions as listed. */
export const securityRepository = {
  async security(ex: Executor, userId: bigint): Promise<SecurityRow | undefined> {
    const rows = await queryRows<{
      anti_phishing: string | null;
      totp_secret: Buffer | Uint8Array | null;
      totp_pending: Buffer | Uint8Array | null;
      totp_last_step: string | number | null;
    }>(
      ex,
      sql`SELECT anti_phishing, totp_secret, totp_pending, totp_last_step FROM user_security WHERE user_id = ${userId}`,
    );
    const r = rows[0];
    if (!r) return undefined;
    return {
      antiPhishing: r.anti_phishing,
      totpSecret: r.totp_secret ? Buffer.from(r.totp_secret) : null,
      totpPending: r.totp_pending ? Buffer.from(r.totp_pending) : null,
      totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
    };
  },

  /** The phrase of the account an e-mail or SMS goes to (`to` as the messenger has it). */
  async antiPhishingOf(ex: Executor, channel: 'email' | 'sms', to: string): Promise<string | null> {
    const match =
      channel === 'email' ? sql`u.email = ${to}` : sql`'+' || u.area_code || u.mobile = ${to} AND u.mobile IS NOT NULL`;
    const rows = await queryRows<{ anti_phishing: string | null }>(
      ex,
      sql`SELECT s.anti_phishing FROM users u JOIN user_security s ON s.user_id = u.id WHERE ${match} LIMIT 1`,
    );
    return rows[0]?.anti_phishing ?? null;
  },

  async setAntiPhishing(ex: Executor, userId: bigint, phrase: string | null): Promise<void> {
    await ex.execute(
      sql`INSERT INTO user_security (user_id, anti_phishing) VALUES (${userId}, ${phrase})
          ON CONFLICT (user_id) DO UPDATE SET anti_phishing = EXCLUDED.anti_phishing`,
    );
  },

  /** Stores a secret shown for enrolment; false when 2FA is already on (nothing changes). */
  async setPendingSecret(ex: Executor, userId: bigint, sealed: Buffer): Promise<boolean> {
    const rows = await queryRows<{ user_id: string }>(
      ex,
      sql`INSERT INTO user_security AS s (user_id, totp_pending) VALUES (${userId}, ${sealed})
          ON CONFLICT (user_id) DO UPDATE SET totp_pending = EXCLUDED.totp_pending WHERE s.totp_secret IS NULL
          RETURNING user_id::text`,
    );
    return rows.length === 1;
  },

  /** The pending secret becomes the enrolled one, its first code's step recorded; false if another call won. */
  async enable(ex: Executor, userId: bigint, pending: Buffer, step: number, now: Date): Promise<boolean> {
    const rows = await queryRows<{ user_id: string }>(
      ex,
      sql`UPDATE user_security SET totp_secret = totp_pending, totp_pending = NULL, totp_enabled_at = ${ts(now)},
            totp_last_step = ${step}
          WHERE user_id = ${userId} AND totp_secret IS NULL AND totp_pending = ${pending}
          RETURNING user_id::text`,
    );
    return rows.length === 1;
  },

  async disable(ex: Executor, userId: bigint): Promise<void> {
    await ex.execute(
      sql`UPDATE user_security SET totp_secret = NULL, totp_pending = NULL, totp_enabled_at = NULL,
            totp_last_step = NULL
          WHERE user_id = ${userId}`,
    );
    await ex.execute(sql`DELETE FROM recovery_codes WHERE user_id = ${userId}`);
  },

  /** Accepts a TOTP step once: true only when it is later than every step accepted before (atomic). */
  async useStep(ex: Executor, userId: bigint, step: number): Promise<boolean> {
    const rows = await queryRows<{ user_id: string }>(
      ex,
      sql`UPDATE user_security SET totp_last_step = ${step}
          WHERE user_id = ${userId} AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < ${step})
          RETURNING user_id::text`,
    );
    return rows.length === 1;
  },

  async replaceRecoveryCodes(ex: Executor, userId: bigint, hashes: Buffer[]): Promise<void> {
    await ex.execute(sql`DELETE FROM recovery_codes WHERE user_id = ${userId}`);
    for (const h of hashes) {
      await ex.execute(sql`INSERT INTO recovery_codes (user_id, code_hash) VALUES (${userId}, ${h})`);
    }
  },

  /** Uses a recovery code once: true only for the one call that marks it used. */
  async useRecoveryCode(ex: Executor, userId: bigint, hash: Buffer, now: Date): Promise<boolean> {
    const rows = await queryRows<{ user_id: string }>(
      ex,
      sql`UPDATE recovery_codes SET used_at = ${ts(now)}
          WHERE user_id = ${userId} AND code_hash = ${hash} AND used_at IS NULL RETURNING user_id::text`,
    );
    return rows.length === 1;
  },

  async recoveryCodesLeft(ex: Executor, userId: bigint): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`,
    );
    return Number(rows[0]!.n);
  },

  async insertChallenge(ex: Executor, userId: bigint, tokenHash: Buffer, now: Date, expiresAt: Date): Promise<void> {
    await ex.execute(
      sql`INSERT INTO login_challenges (user_id, token_hash, created_at, expires_at)
          VALUES (${userId}, ${tokenHash}, ${ts(now)}, ${ts(expiresAt)})`,
    );
  },

  /** The user of a live, unused challenge. */
  async findChallenge(ex: Executor, tokenHash: Buffer, now: Date): Promise<bigint | undefined> {
    const rows = await queryRows<{ user_id: string }>(
      ex,
      sql`SELECT user_id::text FROM login_challenges
          WHERE token_hash = ${tokenHash} AND consumed_at IS NULL AND expires_at > ${ts(now)}`,
    );
    return rows[0] ? BigInt(rows[0].user_id) : undefined;
  },

  /** Uses a challenge once (and forgets expired ones); false when another call used it first. */
  async consumeChallenge(ex: Executor, tokenHash: Buffer, now: Date): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`UPDATE login_challenges SET consumed_at = ${ts(now)}
          WHERE token_hash = ${tokenHash} AND consumed_at IS NULL AND expires_at > ${ts(now)} RETURNING id::text`,
    );
    await ex.execute(sql`DELETE FROM login_challenges WHERE expires_at < ${ts(new Date(now.getTime() - 86_400_000))}`);
    return rows.length === 1;
  },

  async insertLoginEvent(
    ex: Executor,
    e: { userId: bigint; at: Date; ip: string; userAgent: string; device: string; success: boolean },
  ): Promise<void> {
    await ex.execute(
      sql`INSERT INTO login_events (user_id, at, ip, user_agent, device, success)
          VALUES (${e.userId}, ${ts(e.at)}, ${e.ip}, ${e.userAgent}, ${e.device}, ${e.success})`,
    );
  },

  /** Whether the user has logged in successfully before at all, and from this device (browser and OS). */
  async loginDevices(ex: Executor, userId: bigint, device: string): Promise<{ any: boolean; known: boolean }> {
    const rows = await queryRows<{ any: boolean; known: boolean }>(
      ex,
      sql`SELECT count(*) > 0 AS any, coalesce(bool_or(device = ${device}), false) AS known
          FROM login_events WHERE user_id = ${userId} AND success`,
    );
    return { any: Boolean(rows[0]?.any), known: Boolean(rows[0]?.known) };
  },

  /** Forgets logins older than `before` (every user's; the index on `at` keeps it cheap). */
  async pruneLoginEvents(ex: Executor, before: Date): Promise<void> {
    await ex.execute(sql`DELETE FROM login_events WHERE at < ${ts(before)}`);
  },

  async pageLoginEvents(ex: Executor, userId: bigint, since: Date, limit: number, offset: number) {
    const where = sql`user_id = ${userId} AND at >= ${ts(since)}`;
    const page = await queryPage<{ id: string; at: Date | string; ip: string; user_agent: string; success: boolean }>(
      ex,
      sql`SELECT count(*)::int AS n FROM login_events WHERE ${where}`,
      sql`SELECT id::text, at, ip, user_agent, success FROM login_events WHERE ${where}
          ORDER BY at DESC, login_events.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
    return {
      total: page.total,
      list: page.list.map(
        (r): LoginEventRow => ({ id: r.id, at: ms(r.at), ip: r.ip, userAgent: r.user_agent, success: r.success }),
      ),
    };
  },

  async liveSessions(ex: Executor, userId: bigint, now: Date): Promise<SessionRow[]> {
    const rows = await queryRows<{
      id: string;
      ip: string | null;
      user_agent: string | null;
      created_at: Date | string;
      last_seen_at: Date | string | null;
    }>(
      ex,
      sql`SELECT id::text, ip, user_agent, created_at, last_seen_at FROM sessions
          WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${ts(now)}
          ORDER BY coalesce(last_seen_at, created_at) DESC, sessions.id DESC LIMIT 200`,
    );
    return rows.map((r) => ({
      id: r.id,
      ip: r.ip,
      userAgent: r.user_agent,
      createdAt: ms(r.created_at),
      lastSeenAt: ms(r.last_seen_at ?? r.created_at),
    }));
  },

  /** Revokes one of the user's own live sessions; false when it is not theirs or already ended. */
  async revokeOwnSession(ex: Executor, userId: bigint, sessionId: bigint, now: Date): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`UPDATE sessions SET revoked_at = ${ts(now)}
          WHERE id = ${sessionId} AND user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${ts(now)}
          RETURNING id::text`,
    );
    return rows.length === 1;
  },

  /** Revokes every other live session of the user and says how many. */
  async revokeOthers(ex: Executor, userId: bigint, keepSessionId: bigint, now: Date): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      ex,
      sql`UPDATE sessions SET revoked_at = ${ts(now)}
          WHERE user_id = ${userId} AND id <> ${keepSessionId} AND revoked_at IS NULL AND expires_at > ${ts(now)}
          RETURNING id::text`,
    );
    return rows.length;
  },

  /** Notes activity on a session at most once per `every` (a write per request would be wasteful). */
  async touchSession(ex: Executor, sessionId: bigint, now: Date, everyMs: number): Promise<void> {
    await ex.execute(
      sql`UPDATE sessions SET last_seen_at = ${ts(now)}
          WHERE id = ${sessionId} AND (last_seen_at IS NULL OR last_seen_at < ${ts(new Date(now.getTime() - everyMs))})`,
    );
  },
};
