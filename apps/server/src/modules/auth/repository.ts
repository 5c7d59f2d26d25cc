import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { bigint, bigserial, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../platform/db.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  uid: bigint('uid', { mode: 'number' }).notNull(),
  email: text('email'),
  areaCode: text('area_code'),
  mobile: text('mobile'),
  passwordHash: text('password_hash').notNull(),
  inviteCode: text('invite_code').notNull(),
  inviterId: bigint('inviter_id', { mode: 'bigint' }),
  mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull(),
});

const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
  tokenHash: bytea('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

const verificationCodes = pgTable('verification_codes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  target: text('target').notNull(),
  scene: text('scene', { enum: ['register', 'reset'] }).notNull(),
  codeHash: bytea('code_hash').notNull(),
  attempts: integer('attempts').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

export type UserRow = typeof users.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;
export type Identity = { email: string } | { areaCode: string; mobile: string };
type Channel = CodeRow['channel'];
type Scene = CodeRow['scene'];

function identityWhere(identity: Identity) {
  return 'email' in identity
    ? eq(users.email, identity.email)
    : and(eq(users.areaCode, identity.areaCode), eq(users.mobile, identity.mobile));
}

export const authRepository = {
  async findUserByIdentity(ex: Executor, identity: Identity): Promise<UserRow | undefined> {
    const rows = await ex.select().from(users).where(identityWhere(identity)).limit(1);
    return rows[0];
  },

  async findUserById(ex: Executor, id: bigint): Promise<UserRow | undefined> {
    const rows = await ex.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  },

  async findUserIdByInviteCode(ex: Executor, inviteCode: string): Promise<bigint | undefined> {
    const rows = await ex.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode)).limit(1);
    return rows[0]?.id;
  },

  /** Inserts unless any unique key (identity, uid, invite code) is taken; then returns undefined. */
  async insertUserIfFree(
    ex: Executor,
    row: Pick<UserRow, 'uid' | 'email' | 'areaCode' | 'mobile' | 'passwordHash' | 'inviteCode' | 'inviterId'> & {
      now: Date;
    },
  ): Promise<UserRow | undefined> {
    const { now, ...values } = row;
    const rows = await ex
      .insert(users)
      .values({ ...values, mode: 'real', createdAt: now, passwordChangedAt: now })
      .onConflictDoNothing()
      .returning();
    return rows[0];
  },

  async setMode(ex: Executor, userId: bigint, mode: UserRow['mode']): Promise<UserRow | undefined> {
    const rows = await ex.update(users).set({ mode }).where(eq(users.id, userId)).returning();
    return rows[0];
  },

  async setPassword(ex: Executor, userId: bigint, passwordHash: string, now: Date): Promise<void> {
    await ex.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId));
  },

  async insertSession(
    ex: Executor,
    s: { userId: bigint; tokenHash: Buffer; now: Date; expiresAt: Date; ip: string; userAgent: string },
  ): Promise<bigint> {
    const rows = await ex
      .insert(sessions)
      .values({
        userId: s.userId,
        tokenHash: s.tokenHash,
        createdAt: s.now,
        expiresAt: s.expiresAt,
        ip: s.ip,
        userAgent: s.userAgent,
      })
      .returning({ id: sessions.id });
    return rows[0]!.id;
  },

  /** Runs on every authenticated call: plain SQL, no query building. */
  async findLiveSession(ex: Executor, tokenHash: Buffer, now: Date) {
    const rows = await queryRows<{
      session_id: string;
      user_id: string;
      uid: string | number;
      mode: UserRow['mode'];
      expires_at: Date | string;
      last_seen_at: Date | string;
    }>(
      ex,
      sql`SELECT s.id::text AS session_id, u.id::text AS user_id, u.uid, u.mode, s.expires_at,
                 coalesce(s.last_seen_at, s.created_at) AS last_seen_at
          FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > ${now.toISOString()}::timestamptz
          LIMIT 1`,
    );
    const r = rows[0];
    return (
      r && {
        sessionId: BigInt(r.session_id),
        userId: BigInt(r.user_id),
        uid: Number(r.uid),
        mode: r.mode,
        expiresAt: new Date(r.expires_at),
        lastSeenAt: new Date(r.last_seen_at),
      }
    );
  },

  /** Which of `ids` are still live (not revoked, not expired): the sockets' periodic re-check. */
  async liveSessionIds(ex: Executor, ids: bigint[], now: Date): Promise<bigint[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return rows.map((r) => r.id);
  },

  async revokeSession(ex: Executor, sessionId: bigint, now: Date): Promise<void> {
    await ex
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  },

  async revokeUserSessions(ex: Executor, userId: bigint, now: Date): Promise<void> {
    await ex
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  },

  /** Revokes every live session of the user except `keepSessionId` (password change). */
  async revokeOtherSessions(ex: Executor, userId: bigint, keepSessionId: bigint, now: Date): Promise<void> {
    await ex
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
  },

  /** Serialises code sends for one target across nodes until the transaction ends. */
  async lockTarget(ex: Executor, target: string): Promise<void> {
    await ex.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`code:${target}`}))`);
  },

  /** Codes sent to one target (every scene) since `since`; read under the target's lock. */
  async codesSentTo(ex: Executor, target: string, since: Date): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM verification_codes WHERE target = ${target} AND created_at > ${since.toISOString()}::timestamptz`,
    );
    return Number(rows[0]!.n);
  },

  /** Adds one send to the channel's count for the hour of `at` and returns that count (pruning hours past a day). */
  async countChannelSend(ex: Executor, channel: Channel, at: Date): Promise<number> {
    const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString();
    const rows = await queryRows<{ sent: number }>(
      ex,
      sql`WITH gone AS (DELETE FROM code_budget WHERE hour < ${hour}::timestamptz - interval '1 day')
          INSERT INTO code_budget (channel, hour, sent) VALUES (${channel}, ${hour}::timestamptz, 1)
          ON CONFLICT (channel, hour) DO UPDATE SET sent = code_budget.sent + 1
          RETURNING sent`,
    );
    return Number(rows[0]!.sent);
  },

  async latestCode(ex: Executor, channel: Channel, target: string, scene: Scene): Promise<CodeRow | undefined> {
    const rows = await ex
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.channel, channel),
          eq(verificationCodes.target, target),
          eq(verificationCodes.scene, scene),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return rows[0];
  },

  async insertCode(
    ex: Executor,
    c: { channel: Channel; target: string; scene: Scene; codeHash: Buffer; now: Date; expiresAt: Date },
  ): Promise<void> {
    await ex.insert(verificationCodes).values({
      channel: c.channel,
      target: c.target,
      scene: c.scene,
      codeHash: c.codeHash,
      attempts: 0,
      createdAt: c.now,
      expiresAt: c.expiresAt,
    });
  },

  /** Counts one try atomically; undefined when the code is used up or already consumed. */
  async countCodeAttempt(ex: Executor, id: bigint, maxAttempts: number): Promise<number | undefined> {
    const rows = await ex
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          eq(verificationCodes.id, id),
          lt(verificationCodes.attempts, maxAttempts),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .returning({ attempts: verificationCodes.attempts });
    return rows[0]?.attempts;
  },

  /** Marks a code used; false when another request used it first. */
  async consumeCode(ex: Executor, id: bigint, now: Date): Promise<boolean> {
    const rows = await ex
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  },

  /** True when the user has logged in from this address before (any session, live or not). */
  async hasLoggedInFrom(ex: Executor, userId: bigint, ip: string): Promise<boolean> {
    const rows = await ex
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
      .limit(1);
    return rows.length > 0;
  },
};
