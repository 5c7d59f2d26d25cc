import { z } from 'zod';
import {
  AccountMode,
  AreaCode,
  Email,
  EpochMs,
  IdentityType,
  InviteCode,
  Mobile,
  Password,
  VerificationCode,
  optionalBlank,
} from './common.js';

export const CodeScene = z.enum(['register', 'reset']);
export type CodeScene = z.infer<typeof CodeScene>;

type IdentityFields = { type: IdentityType; email?: string; areaCode?: string; mobile?: string };

/** The identity fields that the chosen `type` makes mandatory. */
function requireIdentity(v: IdentityFields, ctx: z.RefinementCtx) {
  if (v.type === 'email' && !v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'required' });
  if (v.type === 'mobile') {
    if (!v.areaCode) ctx.addIssue({ code: 'custom', path: ['areaCode'], message: 'required' });
    if (!v.mobile) ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'required' });
  }
}

function requireSamePassword(v: { password: string; password2: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.password2) ctx.addIssue({ code: 'custom', path: ['password2'], message: 'mismatch' });
}

const identityShape = {
  type: IdentityType,
  email: optionalBlank(Email),
  areaCode: optionalBlank(AreaCode),
  mobile: optionalBlank(Mobile),
};

export const EmsSendBody = z.object({ email: Email, scene: CodeScene });
export type EmsSendBody = z.infer<typeof EmsSendBody>;

export const SmsSendBody = z.object({ areaCode: AreaCode, mobile: Mobile, scene: CodeScene });
export type SmsSendBody = z.infer<typeof SmsSendBody>;

export const CodeSentData = z.object({
  /** Seconds until the same target may ask again. */
  retryAfterSec: z.number().int(),
  /** Seconds the code stays valid. */
  expiresInSec: z.number().int(),
});
export type CodeSentData = z.infer<typeof CodeSentData>;

export const RegisterBody = z
  .object({
    ...identityShape,
    code: VerificationCode,
    password: Password,
    password2: z.string(),
    inviteCode: optionalBlank(InviteCode),
  })
  .superRefine((v, ctx) => {
    requireIdentity(v, ctx);
    requireSamePassword(v, ctx);
  });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z
  .object({ ...identityShape, password: z.string().min(1).max(256) })
  .superRefine(requireIdentity);
export type LoginBody = z.infer<typeof LoginBody>;

export const ResetPasswordBody = z
  .object({ ...identityShape, code: VerificationCode, password: Password, password2: z.string() })
  .superRefine((v, ctx) => {
    requireIdentity(v, ctx);
    requireSamePassword(v, ctx);
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const User = z.object({
  /** Public numeric id, used to invite by ID. */
  uid: z.number().int(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  mobile: z.string().nullable(),
  /** The user's own invitation code. */
  inviteCode: z.string(),
  mode: AccountMode,
  createdAt: EpochMs,
});
export type User = z.infer<typeof User>;

export const SessionData = z.object({ token: z.string(), user: User });
export type SessionData = z.infer<typeof SessionData>;

export const Empty = z.object({}).passthrough();
export const Nothing = z.null();

/** Change the login password while logged in (`index/resetPassword`): revokes every other session. */
export const ChangePasswordBody = z
  .object({ oldPassword: z.string().min(1).max(256), password: Password, password2: z.string() })
  .superRefine((v, ctx) => requireSamePassword(v, ctx));
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/**
 * Bus message (topic `sessions`): login sessions that ended, so every node unbinds the sockets that
 * authenticated with them. Either the listed sessions, or all of `userId`'s but `exceptSessionId`.
 */
export const SessionRevocation = z
  .object({
    sessionIds: z
      .array(z.string().regex(/^\d{1,20}$/))
      .max(1000)
      .optional(),
    userId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
    exceptSessionId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
  })
  .refine((r) => r.sessionIds !== undefined || r.userId !== undefined);
export type SessionRevocation = z.infer<typeof SessionRevocation>;
