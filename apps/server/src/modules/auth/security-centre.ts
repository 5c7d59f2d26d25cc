import type { LoginHistoryData, SecurityOverview, SessionRevocation, SessionsData } from '@nexa/contract';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { AuthUser, CallContext } from '../../platform/http.js';
import { t } from '../../platform/i18n/translate.js';
import { type Messenger, type Recipient, sendNotice } from '../../platform/messenger.js';
import { deviceKey, parseDevice } from './device.js';
import { securityRepository as repo } from './security-repository.js';
import type { TwoFactor } from './two-factor.js';

/** The login history is kept this long (then pruned). */
export const LOGIN_HISTORY_MS = 90 * 86_400_000;
/** A session's last activity is written at most this often. */
export const LAST_SEEN_EVERY_MS = 60_000;

export interface SecurityCentreDeps {
  db: Executor;
  messenger: Messenger;
  twoFactor: TwoFactor;
  now: () => Date;
  /** After commit, best effort; never rejects (`revocationPublisher` logs a failure). */
  onSessionsRevoked?: (r: SessionRevocation) => Promise<void>;
}

/** Sessions and devices, the login history, the anti-phishing phrase and the new-device notice. */
export class SecurityCentre {
  constructor(private readonly d: SecurityCentreDeps) {}

  async overview(user: AuthUser): Promise<SecurityOverview> {
    const userId = BigInt(user.id);
    const [row, left] = await Promise.all([
      repo.security(this.d.db, userId),
      this.d.twoFactor.recoveryCodesLeft(this.d.db, userId),
    ]);
    return {
      twoFactorEnabled: Boolean(row?.totpSecret),
      recoveryCodesLeft: row?.totpSecret ? left : 0,
      antiPhishing: row?.antiPhishing ? maskPhrase(row.antiPhishing) : null,
    };
  }

  async setAntiPhishing(user: AuthUser, phrase: string | undefined): Promise<SecurityOverview> {
    await repo.setAntiPhishing(this.d.db, BigInt(user.id), phrase ?? null);
    return this.overview(user);
  }

  /** The phrase of the account a message goes to: the messenger's lookup. */
  phraseFor(channel: 'email' | 'sms', to: string): Promise<string | null> {
    return repo.antiPhishingOf(this.d.db, channel, to);
  }

  async sessions(user: AuthUser): Promise<SessionsData> {
    const rows = await repo.liveSessions(this.d.db, BigInt(user.id), this.d.now());
    return {
      list: rows.map((r) => ({
        id: r.id,
        device: parseDevice(r.userAgent),
        ip: r.ip,
        createdAt: r.createdAt,
        lastSeenAt: r.lastSeenAt,
        current: r.id === user.sessionId,
      })),
    };
  }

  /** Ends one of the caller's own sessions; another user's (or an ended one) answers not found. */
  async revokeSession(user: AuthUser, sessionId: string): Promise<null> {
    if (!(await repo.revokeOwnSession(this.d.db, BigInt(user.id), BigInt(sessionId), this.d.now()))) throw notFound();
    await this.revoked({ sessionIds: [sessionId] });
    return null;
  }

  async revokeOthers(user: AuthUser): Promise<{ revoked: number }> {
    const revoked = await repo.revokeOthers(this.d.db, BigInt(user.id), BigInt(user.sessionId), this.d.now());
    await this.revoked({ userId: user.id, exceptSessionId: user.sessionId });
    return { revoked };
  }

  async loginHistory(user: AuthUser, page: number, pageSize: number): Promise<LoginHistoryData> {
    const since = new Date(this.d.now().getTime() - LOGIN_HISTORY_MS);
    const { total, list } = await repo.pageLoginEvents(
      this.d.db,
      BigInt(user.id),
      since,
      pageSize,
      (page - 1) * pageSize,
    );
    return {
      list: list.map((r) => ({ id: r.id, at: r.at, ip: r.ip, device: parseDevice(r.userAgent), success: r.success })),
      total,
      page,
      pageSize,
    };
  }

  /**
   * Notes a login (or a failed one) in the history, pruning what is older than 90 days. On success, answers whether
   * the device (browser family and OS) is new for a user who has logged in before: the caller sends the notice
   * after its commit.
   */
  async recordLogin(ex: Executor, userId: bigint, ctx: CallContext, success: boolean): Promise<boolean> {
    const now = this.d.now();
    const device = deviceKey(parseDevice(ctx.userAgent));
    const seen = success ? await repo.loginDevices(ex, userId, device) : { any: true, known: true };
    await repo.insertLoginEvent(ex, { userId, at: now, ip: ctx.ip, userAgent: ctx.userAgent, device, success });
    await repo.pruneLoginEvents(ex, new Date(now.getTime() - LOGIN_HISTORY_MS));
    return seen.any && !seen.known;
  }

  /** The e-mail or SMS after a login from a new device. Best effort: a failed send never fails the login. */
  async notifyNewDevice(to: Recipient, ctx: CallContext): Promise<void> {
    await this.deviceNotice(to, ctx, 'new-device', 'newDevice');
  }

  /** The e-mail or SMS after 2FA was turned on (best effort, like the new-device notice). */
  async notifyTwoFactorOn(to: Recipient, ctx: CallContext): Promise<void> {
    await this.deviceNotice(to, ctx, 'two-factor-on', 'twoFactorOn');
  }

  /** A notice naming the device, address and time of the call that caused it. */
  private async deviceNotice(to: Recipient, ctx: CallContext, scene: string, key: 'newDevice' | 'twoFactorOn') {
    const d = parseDevice(ctx.userAgent);
    const device = [d.browser, d.os].filter(Boolean).join(' · ') || t(ctx.lang, 'newDevice.unknown');
    const at = this.d.now().toISOString().replace('T', ' ').slice(0, 16);
    await sendNotice(this.d.messenger, to, {
      scene,
      key,
      lang: ctx.lang,
      params: { device, ip: ctx.ip, time: `${at} UTC` },
    });
  }

  private async revoked(r: SessionRevocation): Promise<void> {
    await this.d.onSessionsRevoked?.(r);
  }
}

/** First and last character shown, the rest as asterisks. */
export function maskPhrase(phrase: string): string {
  const chars = [...phrase];
  if (chars.length <= 2) return '*'.repeat(chars.length);
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars.at(-1)}`;
}
