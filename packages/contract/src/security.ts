import { z } from 'zod';
import { SessionData } from './auth.js';
import { EpochMs, Page, freeText, optionalBlank, pageOf } from './common.js';
import { def } from './define.js';

/** A code from the authenticator app: six digits (RFC 6238, 30 s steps). */
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** Alphabet of recovery codes: no 0/O, 1/I (read and typed by hand). */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_COUNT = 10;

/**
 * The second factor where a recovery code is accepted too (login, turning 2FA off): six digits, or a recovery code
 * `XXXXX-XXXXX` (case, spaces and the dash do not matter; it is read back normalised, without the dash).
 */
export const SecondFactorCode = z
  .string()
  .trim()
  .toUpperCase()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(\d{6}|[A-HJ-NP-Z2-9]{10})$/));

/** The optional TOTP field of the calls 2FA guards (withdrawals, bindings, withdrawal password). */
export const OptionalTotpCode = optionalBlank(TotpCode);

/** `user/login` when the account has 2FA on: no session yet, a short-lived challenge for `user/login2fa`. */
export const TwoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresInSec: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

export const LoginData = z.union([SessionData, TwoFactorChallenge]);
export type LoginData = z.infer<typeof LoginData>;

export const Login2faBody = z.object({ challenge: z.string().trim().min(16).max(100), code: SecondFactorCode });
export type Login2faBody = z.infer<typeof Login2faBody>;

/** The anti-phishing phrase as the screen shows it: first and last character, the rest masked. */
export const SecurityOverview = z.object({
  twoFactorEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  antiPhishing: z.string().nullable(),
});
export type SecurityOverview = z.infer<typeof SecurityOverview>;

export const TotpSetupData = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`, drawn as the QR code. */
  uri: z.string(),
});
export type TotpSetupData = z.infer<typeof TotpSetupData>;

/** Turning 2FA on asks for the login password too: a stolen session alone must not enrol its own authenticator. */
export const TotpEnableBody = z.object({ code: TotpCode, password: z.string().min(1).max(256) });
export type TotpEnableBody = z.infer<typeof TotpEnableBody>;
export const RecoveryCodesData = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesData = z.infer<typeof RecoveryCodesData>;
export const TotpDisableBody = z.object({ code: SecondFactorCode });

/** A device as the user agent names it; `null` parts were not recognised. */
export const DeviceInfo = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** `mobile`, `tablet`, `desktop`… */
  type: z.string().nullable(),
});
export type DeviceInfo = z.infer<typeof DeviceInfo>;

export const SessionInfo = z.object({
  id: z.string(),
  device: DeviceInfo,
  ip: z.string().nullable(),
  createdAt: EpochMs,
  lastSeenAt: EpochMs,
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;
export const SessionsData = z.object({ list: z.array(SessionInfo) });
export type SessionsData = z.infer<typeof SessionsData>;

export const SessionIdBody = z.object({
  sessionId: z
    .string()
    .trim()
    .regex(/^\d{1,18}$/),
});
export const RevokedData = z.object({ revoked: z.number().int() });

export const LoginEvent = z.object({
  id: z.string(),
  at: EpochMs,
  ip: z.string(),
  device: DeviceInfo,
  success: z.boolean(),
});
export type LoginEvent = z.infer<typeof LoginEvent>;
export const LoginHistoryData = pageOf(LoginEvent);
export type LoginHistoryData = z.infer<typeof LoginHistoryData>;

export const ANTI_PHISHING_LIMITS = { min: 4, max: 20 } as const;
/** Set the phrase, or clear it with a blank one. */
export const AntiPhishingBody = z.object({
  phrase: optionalBlank(freeText(ANTI_PHISHING_LIMITS.max, { min: ANTI_PHISHING_LIMITS.min })),
});
export type AntiPhishingBody = z.infer<typeof AntiPhishingBody>;

const Empty = z.object({}).passthrough();

export const securityApi = {
  'user/login2fa': def(false, false, Login2faBody, SessionData),
  'security/overview': def(true, true, Empty, SecurityOverview),
  'security/totpSetup': def(false, true, Empty, TotpSetupData),
  'security/totpEnable': def(false, true, TotpEnableBody, RecoveryCodesData),
  'security/totpDisable': def(false, true, TotpDisableBody, z.null()),
  'security/sessions': def(true, true, Empty, SessionsData),
  'security/revokeSession': def(false, true, SessionIdBody, z.null()),
  'security/revokeOtherSessions': def(false, true, Empty, RevokedData),
  'security/loginHistory': def(true, true, Page, LoginHistoryData),
  'security/antiPhishing': def(false, true, AntiPhishingBody, SecurityOverview),
} as const;
