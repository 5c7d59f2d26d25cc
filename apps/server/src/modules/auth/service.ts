import type {
  AccountMode,
  ChangePasswordBody,
  CodeScene,
  CodeSentData,
  EmsSendBody,
  Lang,
  Login2faBody,
  LoginBody,
  LoginData,
  RecoveryCodesData,
  RegisterBody,
  ResetPasswordBody,
  SessionData,
  SessionRevocation,
  SmsSendBody,
  TotpEnableBody,
  User,
} from '@nexa/contract';
import parsePhoneNumber from 'libphonenumber-js/max';
import type { AuthLimits } from '../../config.js';
import {
  burnPasswordCheck,
  hashPassword,
  newToken,
  randomCode,
  randomDigits,
  randomInt,
  sha256,
  verifyPassword,
} from '../../platform/crypto.js';
import type { Executor } from '../../platform/db.js';
import { invalid, refused, tooMany } from '../../platform/errors.js';
import { userFreezes } from '../../platform/freezes.js';
import type { AuthUser, CallContext } from '../../platform/http.js';
import { t } from '../../platform/i18n/translate.js';
import { LoginThrottle, throttleKeys } from '../../platform/login-throttle.js';
import type { Messenger } from '../../platform/messenger.js';
import type { UserEvents } from '../../platform/user-events/index.js';
import type { WsSession } from '../../platform/ws-hub.js';
import { type Identity, type UserRow, authRepository as repo } from './repository.js';
import { LAST_SEEN_EVERY_MS, type SecurityCentre } from './security-centre.js';
import { securityRepository as securityRepo } from './security-repository.js';
import type { TwoFactor } from './two-factor.js';

/** How long the challenge between a right password and the second factor lives. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60_000;
/** Session ids per query of the sockets' re-check. */
const LIVE_SESSIONS_BATCH = 5_000;

export interface AuthDeps {
  db: Executor;
  messenger: Messenger;
  limits: AuthLimits;
  sessionTtlMs: number;
  inviteCodeRequired: () => boolean;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /**
   * Told after commit when sessions end (logout, password change or reset), so sockets bound to them stop. Best
   * effort and never rejects (`revocationPublisher` logs a failure).
   */
  onSessionsRevoked?: (r: SessionRevocation) => Promise<void>;
  twoFactor: TwoFactor;
  centre: SecurityCentre;
  /** The user's devices hear of a mode switch through their sockets. */
  userEvents: Pick<UserEvents, 'raise'>;
}

type IdentityInput = { type: 'email' | 'mobile'; email?: string; areaCode?: string; mobile?: string };
type Channel = 'email' | 'sms';

/** Accounts, sessions and verification codes. Each public method is one business call. */
export class AuthService {
  private readonly throttle: LoginThrottle;

  constructor(private readonly d: AuthDeps) {
    this.throttle = new LoginThrottle(d);
  }

  sendEmailCode(body: EmsSendBody, ctx: CallContext): Promise<CodeSentData> {
    return this.sendCode('email', { email: body.email }, body.scene, ctx.lang);
  }

  sendSmsCode(body: SmsSendBody, ctx: CallContext): Promise<CodeSentData> {
    return this.sendCode('sms', normalizeMobile(body.areaCode, body.mobile), body.scene, ctx.lang);
  }

  async register(body: RegisterBody, ctx: CallContext): Promise<SessionData> {
    const identity = toIdentity(body);
    const { db, now } = this.d;
    if (!body.inviteCode && this.d.inviteCodeRequired()) throw invalid([{ field: 'inviteCode', reason: 'required' }]);
    let inviterId: bigint | null = null;
    if (body.inviteCode) {
      inviterId = (await repo.findUserIdByInviteCode(db, body.inviteCode)) ?? null;
      if (inviterId === null) throw refused('invite.unknown');
    }
    if (await repo.findUserByIdentity(db, identity)) throw refused('account.exists');
    const codeId = await this.checkCode(channelOf(identity), targetOf(identity), 'register', body.code);
    const passwordHash = await hashPassword(body.password);
    return db.transaction(async (tx) => {
      const user = await this.insertUser(tx, identity, passwordHash, inviterId);
      if (!(await repo.consumeCode(tx, codeId, now()))) throw refused('code.invalid');
      await this.d.centre.recordLogin(tx, user.id, ctx, true);
      return { token: await this.openSession(tx, user.id, ctx), user: toUser(user) };
    });
  }

  /** The password step; with 2FA on it answers a challenge for `login2fa` instead of a session. */
  async login(body: LoginBody, ctx: CallContext): Promise<LoginData> {
    const { db } = this.d;
    const identity = toIdentity(body);
    const user = await repo.findUserByIdentity(db, identity);
    const known = user ? await repo.hasLoggedInFrom(db, user.id, ctx.ip) : false;
    // Counted before the password is looked at, so parallel guesses cannot pass the limit.
    const claim = await this.throttle.claim(throttleKeys('user', targetOf(identity), ctx.ip), known);
    let ok = false;
    if (user) ok = await verifyPassword(user.passwordHash, body.password);
    else await burnPasswordCheck(body.password);
    if (!user || !ok) {
      if (user) await this.d.centre.recordLogin(db, user.id, ctx, false);
      await this.throttle.failed(claim);
      throw refused('auth.badCredentials');
    }
    const twoFactor = await this.d.twoFactor.isOn(db, user.id);
    const outcome = await db.transaction(async (tx) => {
      await this.throttle.succeeded(tx, claim);
      if (twoFactor) return { challenge: await this.openChallenge(tx, user.id) };
      return this.signIn(tx, user, ctx);
    });
    if ('challenge' in outcome) return outcome.challenge;
    return this.signedIn(outcome, user, ctx);
  }

  /** The second step of a login with 2FA on: the challenge of the password step and a code or recovery code. */
  async login2fa(body: Login2faBody, ctx: CallContext): Promise<SessionData> {
    const { db, now } = this.d;
    const challenge = sha256(body.challenge);
    const userId = await securityRepo.findChallenge(db, challenge, now());
    const user = userId === undefined ? undefined : await repo.findUserById(db, userId);
    if (!user) throw refused('twoFactor.challengeExpired');
    try {
      await this.d.twoFactor.check(user.id, body.code, true);
    } catch (err) {
      await this.d.centre.recordLogin(db, user.id, ctx, false);
      throw err;
    }
    const outcome = await db.transaction(async (tx) => {
      if (!(await securityRepo.consumeChallenge(tx, challenge, now()))) throw refused('twoFactor.challengeExpired');
      return this.signIn(tx, user, ctx);
    });
    return this.signedIn(outcome, user, ctx);
  }

  async resetPassword(body: ResetPasswordBody): Promise<null> {
    const { db, now } = this.d;
    const identity = toIdentity(body);
    const user = await repo.findUserByIdentity(db, identity);
    // An unknown account was never sent a code: it answers exactly like a wrong code (no account oracle).
    const codeId = await this.checkCode(channelOf(identity), targetOf(identity), 'reset', body.code);
    if (!user) throw refused('code.invalid');
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      if (!(await repo.consumeCode(tx, codeId, now()))) throw refused('code.invalid');
      await repo.setPassword(tx, user.id, passwordHash, now());
      await repo.revokeUserSessions(tx, user.id, now());
      await this.throttle.clearAccount(tx, throttleKeys('user', targetOf(identity), '').acct);
    });
    await this.revoked({ userId: String(user.id) });
    return null;
  }

  /**
   * Changes the login password of a logged-in user (`index/resetPassword`). A wrong old password counts toward
   * the same lockout as failed logins (account and address), so a stolen session cannot guess it freely. On
   * success every other session of the user is revoked; the one making the change stays valid.
   */
  async changePassword(user: AuthUser, body: ChangePasswordBody, ctx: CallContext): Promise<null> {
    const { db, now } = this.d;
    const { row, claim } = await this.checkOwnPassword(user, body.oldPassword, ctx, 'auth.oldPasswordWrong');
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      await repo.setPassword(tx, row.id, passwordHash, now());
      await repo.revokeOtherSessions(tx, row.id, BigInt(user.sessionId), now());
      await this.throttle.succeeded(tx, claim);
    });
    await this.revoked({ userId: user.id, exceptSessionId: user.sessionId });
    return null;
  }

  /**
   * A signed-in user's own login password, checked under the login lockout (account and address): a wrong one counts
   * as a failed login, so a stolen session cannot guess it freely. The caller settles the claim on success.
   */
  private async checkOwnPassword(
    user: AuthUser,
    password: string,
    ctx: CallContext,
    wrong: 'auth.oldPasswordWrong' | 'auth.passwordWrong',
  ) {
    const { db } = this.d;
    const row = await repo.findUserById(db, BigInt(user.id));
    if (!row) throw refused('account.notFound');
    const known = await repo.hasLoggedInFrom(db, row.id, ctx.ip);
    const claim = await this.throttle.claim(throttleKeys('user', targetOf(identityOf(row)), ctx.ip), known);
    if (!(await verifyPassword(row.passwordHash, password))) {
      await this.throttle.failed(claim);
      throw refused(wrong);
    }
    return { row, claim };
  }

  async logout(user: AuthUser): Promise<null> {
    await repo.revokeSession(this.d.db, BigInt(user.sessionId), this.d.now());
    await this.revoked({ sessionIds: [user.sessionId] });
    return null;
  }

  async getUser(user: AuthUser): Promise<User> {
    const row = await repo.findUserById(this.d.db, BigInt(user.id));
    if (!row) throw refused('account.notFound');
    return toUser(row);
  }

  /** A secret to enrol in 2FA, labelled with the account's e-mail or mobile in the authenticator app. */
  async totpSetup(user: AuthUser) {
    const row = await repo.findUserById(this.d.db, BigInt(user.id));
    if (!row) throw refused('account.notFound');
    return this.d.twoFactor.setup(row.id, targetOf(identityOf(row)));
  }

  /**
   * Turns 2FA on with a code of the secret shown at setup and the login password: a stolen session alone cannot tie
   * the account to the thief's authenticator. A wrong password counts toward the login lockout, like a password
   * change. On success every other session ends (whoever else held one must pass the new second factor) and the
   * owner is told by e-mail or SMS.
   */
  async enableTwoFactor(user: AuthUser, body: TotpEnableBody, ctx: CallContext): Promise<RecoveryCodesData> {
    const { db, now } = this.d;
    const { row, claim } = await this.checkOwnPassword(user, body.password, ctx, 'auth.passwordWrong');
    const codes = await this.d.twoFactor.enable(row.id, body.code);
    await db.transaction(async (tx) => {
      await repo.revokeOtherSessions(tx, row.id, BigInt(user.sessionId), now());
      await this.throttle.succeeded(tx, claim);
    });
    await this.revoked({ userId: user.id, exceptSessionId: user.sessionId });
    await this.d.centre.notifyTwoFactorOn(row, ctx);
    return codes;
  }

  /** Switches the account the user acts on (spec §4 account mode). */
  /** The switch is told to every device of the user (the `user.mode` event), so none shows the other mode's data. */
  async changeMode(user: AuthUser, mode: AccountMode): Promise<User> {
    return this.d.db.transaction(async (tx) => {
      const row = await repo.setMode(tx, BigInt(user.id), mode);
      if (!row) throw refused('account.notFound');
      this.d.userEvents.raise(user.id, { type: 'user.mode', mode: row.mode });
      return toUser(row);
    });
  }

  /** The session a socket authenticates with (`{"op":"auth"}`), with its expiry. */
  async socketSession(token: string): Promise<WsSession | null> {
    const s = await repo.findLiveSession(this.d.db, sha256(token), this.d.now());
    return s ? { userId: String(s.userId), sessionId: String(s.sessionId), expiresAtMs: s.expiresAt.getTime() } : null;
  }

  /** Which of the sockets' sessions are still live (the hub re-checks, so a lost revocation message ends too). */
  async liveSocketSessions(sessionIds: string[]): Promise<Set<string>> {
    const ids = sessionIds.filter((id) => /^\d{1,19}$/.test(id)).map((id) => BigInt(id));
    const live = new Set<string>();
    // In batches: one query parameter per id, and PostgreSQL takes at most 65,535.
    for (let i = 0; i < ids.length; i += LIVE_SESSIONS_BATCH) {
      const batch = ids.slice(i, i + LIVE_SESSIONS_BATCH);
      for (const id of await repo.liveSessionIds(this.d.db, batch, this.d.now())) live.add(String(id));
    }
    return live;
  }

  /**
   * Best effort after commit: a lost bus message still leaves the sockets' periodic re-check (ws-hub), expiry and
   * the next auth check to end it.
   */
  private async revoked(r: SessionRevocation): Promise<void> {
    await this.d.onSessionsRevoked?.(r);
  }

  /** The session behind a TOKEN header, or null when it is unknown, expired or revoked; notes its activity. */
  async authenticate(token: string): Promise<AuthUser | null> {
    const now = this.d.now();
    const s = await repo.findLiveSession(this.d.db, sha256(token), now);
    if (!s) return null;
    if (now.getTime() - s.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
      await securityRepo.touchSession(this.d.db, s.sessionId, now, LAST_SEEN_EVERY_MS);
    }
    return { id: String(s.userId), uid: s.uid, sessionId: String(s.sessionId), mode: s.mode };
  }

  private async sendCode(channel: Channel, identity: Identity, scene: CodeScene, lang: Lang): Promise<CodeSentData> {
    const { db, limits, now } = this.d;
    const target = targetOf(identity);
    const exists = Boolean(await repo.findUserByIdentity(db, identity));
    // Registration must say the address is taken (the form does anyway); a reset for an unknown account answers
    // like a sent code, after the same resend check, and sends nothing.
    if (scene === 'register' && exists) throw refused('account.exists');
    const send = scene !== 'reset' || exists;
    // Read before the transaction: the message is sent inside it.
    const antiPhishing = exists ? await this.d.centre.phraseFor(channel, target) : null;
    // The channel's hourly budget is counted first, in a statement of its own (no lock held while a message goes out):
    // past it, nobody is sent a code until the hour turns, however many numbers or addresses ask.
    if ((await repo.countChannelSend(db, channel, now())) > limits.codesPerChannelPerHour) {
      throw tooMany('code.busy');
    }
    await db.transaction(async (tx) => {
      await repo.lockTarget(tx, target);
      const last = await repo.latestCode(tx, channel, target, scene);
      const sinceMs = last ? now().getTime() - last.createdAt.getTime() : Number.POSITIVE_INFINITY;
      if (sinceMs < limits.codeResendMs) {
        throw tooMany('code.sendTooSoon', { seconds: Math.ceil((limits.codeResendMs - sinceMs) / 1000) });
      }
      // One address or number is sent at most so many codes a day (mail bombing, paid SMS to one number).
      if ((await repo.codesSentTo(tx, target, new Date(now().getTime() - 86_400_000))) >= limits.codesPerTargetPerDay) {
        throw tooMany('code.dailyLimit');
      }
      const code = randomDigits(6);
      const at = now();
      await repo.insertCode(tx, {
        channel,
        target,
        scene,
        codeHash: codeHash(target, scene, code),
        now: at,
        expiresAt: new Date(at.getTime() + limits.codeTtlMs),
      });
      // Sent inside the transaction: a transport failure leaves no code behind that would block a retry.
      if (!send) return;
      await this.d.messenger.send({
        channel,
        to: target,
        scene,
        code,
        subject: t(lang, 'code.subject'),
        text: t(lang, 'code.message', { code, minutes: Math.round(limits.codeTtlMs / 60_000) }),
        lang,
        antiPhishing,
      });
    });
    return { retryAfterSec: Math.ceil(limits.codeResendMs / 1000), expiresInSec: Math.ceil(limits.codeTtlMs / 1000) };
  }

  /**
   * Checks a code against the latest one sent to the target, counting the try first so that parallel guesses
   * cannot exceed the limit. Returns the code's id, to be consumed in the caller's transaction.
   */
  private async checkCode(channel: Channel, target: string, scene: CodeScene, code: string): Promise<bigint> {
    const { db, limits, now } = this.d;
    const row = await repo.latestCode(db, channel, target, scene);
    if (!row || row.consumedAt) throw refused('code.invalid');
    if (row.expiresAt.getTime() <= now().getTime()) throw refused('code.expired');
    const attempts = await repo.countCodeAttempt(db, row.id, limits.codeMaxAttempts);
    if (attempts === undefined) throw refused(row.consumedAt ? 'code.invalid' : 'code.burned');
    if (!codeHash(target, scene, code).equals(row.codeHash)) {
      throw refused(attempts >= limits.codeMaxAttempts ? 'code.burned' : 'code.invalid');
    }
    return row.id;
  }

  private async insertUser(tx: Executor, identity: Identity, passwordHash: string, inviterId: bigint | null) {
    // uid and invite code are random; on the rare collision, draw again.
    for (let i = 0; i < 8; i++) {
      const user = await repo.insertUserIfFree(tx, {
        uid: randomInt(10_000_000, 100_000_000),
        email: 'email' in identity ? identity.email : null,
        areaCode: 'areaCode' in identity ? identity.areaCode : null,
        mobile: 'mobile' in identity ? identity.mobile : null,
        passwordHash,
        inviteCode: randomCode(8),
        inviterId,
        now: this.d.now(),
      });
      if (user) return user;
      if (await repo.findUserByIdentity(tx, identity)) throw refused('account.exists');
    }
    throw new Error('could not draw a free uid and invitation code');
  }

  /** Opens a session and notes the login; `newDevice` asks for the notice after the commit. */
  private async signIn(tx: Executor, user: UserRow, ctx: CallContext) {
    // Only someone who knows the password (and the second factor) learns that logins are frozen.
    if ((await userFreezes(tx, user.id)).logins) throw refused('auth.loginFrozen');
    const newDevice = await this.d.centre.recordLogin(tx, user.id, ctx, true);
    return { token: await this.openSession(tx, user.id, ctx), newDevice };
  }

  private async signedIn(s: { token: string; newDevice: boolean }, user: UserRow, ctx: CallContext) {
    if (s.newDevice) await this.d.centre.notifyNewDevice(user, ctx);
    return { token: s.token, user: toUser(user) };
  }

  private async openChallenge(tx: Executor, userId: bigint) {
    const token = newToken();
    const now = this.d.now();
    await securityRepo.insertChallenge(
      tx,
      userId,
      sha256(token),
      now,
      new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS),
    );
    return {
      twoFactorRequired: true as const,
      challenge: token,
      expiresInSec: Math.round(LOGIN_CHALLENGE_TTL_MS / 1000),
    };
  }

  private async openSession(tx: Executor, userId: bigint, ctx: CallContext): Promise<string> {
    const token = newToken();
    const now = this.d.now();
    await repo.insertSession(tx, {
      userId,
      tokenHash: sha256(token),
      now,
      expiresAt: new Date(now.getTime() + this.d.sessionTtlMs),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    return token;
  }
}

function codeHash(target: string, scene: string, code: string): Buffer {
  return sha256(`${target}\n${scene}\n${code}`);
}

function toIdentity(input: IdentityInput): Identity {
  if (input.type === 'email') return { email: input.email! };
  return normalizeMobile(input.areaCode!, input.mobile!);
}

/** Checks the number against its country's numbering plan and stores it in national form. */
function normalizeMobile(areaCode: string, mobile: string): { areaCode: string; mobile: string } {
  const phone = parsePhoneNumber(`+${areaCode}${mobile}`);
  if (!phone?.isValid()) throw invalid([{ field: 'mobile', reason: 'invalid' }]);
  return { areaCode: phone.countryCallingCode, mobile: phone.nationalNumber };
}

/** The identity a stored user logs in with (e-mail first, as registered). */
function identityOf(row: UserRow): Identity {
  return row.email ? { email: row.email } : { areaCode: row.areaCode!, mobile: row.mobile! };
}

const channelOf = (identity: Identity): Channel => ('email' in identity ? 'email' : 'sms');
const targetOf = (identity: Identity): string =>
  'email' in identity ? identity.email : `+${identity.areaCode}${identity.mobile}`;

function toUser(row: UserRow): User {
  return {
    uid: row.uid,
    email: row.email,
    areaCode: row.areaCode,
    mobile: row.mobile,
    inviteCode: row.inviteCode,
    mode: row.mode,
    createdAt: row.createdAt.getTime(),
  };
}
